import { Global, Module } from '@nestjs/common';
import { AccountsModule, PAYMENTS_AVAILABILITY } from '../accounts';
import { GetBillingPortalHandler, OpenBillingPortalHandler } from './portal/billing-portal.handler';
import { BillingPortalHttp } from './portal/billing-portal.http';
import { CancelSubscriptionOnErasure } from './cancel-on-erasure';
import { StartCheckoutHandler } from './checkout/checkout.handler';
import { CheckoutHttp } from './checkout/checkout.http';
import { StripeGateway } from './stripe.gateway';
import { GetSubscriptionStatusHandler } from './subscription-status/subscription-status.handler';
import { SubscriptionStatusHttp } from './subscription-status/subscription-status.http';
import { ApplyStripeEventHandler } from './webhook/stripe-webhook.handler';
import { StripeWebhookHttp } from './webhook/stripe-webhook.http';

/**
 * Billing: Stripe hosted checkout, subscription status, customer portal and webhooks. Global, because it
 * provides accounts' PAYMENTS_AVAILABILITY (the profile's `payments_available`), as progress provides the level.
 */
@Global()
@Module({
  imports: [AccountsModule],
  controllers: [CheckoutHttp, SubscriptionStatusHttp, StripeWebhookHttp, BillingPortalHttp],
  providers: [
    StripeGateway,
    CancelSubscriptionOnErasure,
    { provide: PAYMENTS_AVAILABILITY, useExisting: StripeGateway },
    StartCheckoutHandler,
    GetSubscriptionStatusHandler,
    ApplyStripeEventHandler,
    OpenBillingPortalHandler,
    GetBillingPortalHandler,
  ],
  exports: [StripeGateway, PAYMENTS_AVAILABILITY],
})
export class BillingModule {}
