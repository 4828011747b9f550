// The billing context's public surface.
export { BillingModule } from './billing.module';
export { StripeGateway } from './stripe.gateway';
