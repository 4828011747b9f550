import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { BillingPortalHttp } from './portal/billing-portal.http';
import { CancelSubscriptionOnErasure } from './cancel-on-erasure';
import { CheckoutHttp } from './checkout/checkout.http';
import { StripeGateway } from './stripe.gateway';
import { SubscriptionStatusHttp } from './subscription-status/subscription-status.http';
import { StripeWebhookHttp } from './webhook/stripe-webhook.http';

/** Billing: Stripe hosted checkout, subscription status, customer portal and webhooks. */
@Module({
  imports: [AccountsModule],
  controllers: [CheckoutHttp, SubscriptionStatusHttp, StripeWebhookHttp, BillingPortalHttp],
  providers: [StripeGateway, CancelSubscriptionOnErasure],
  exports: [StripeGateway],
})
export class BillingModule {}
