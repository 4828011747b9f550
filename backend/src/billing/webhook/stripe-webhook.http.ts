import { Controller, Headers, HttpCode, Inject, Logger, Post, RawBodyRequest, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Pool } from 'pg';
import type Stripe from 'stripe';
import { Public, SkipCsrf } from '../../accounts';
import { withTransaction } from '../../platform/database/database';
import { PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import { EventStore } from '../../platform/event-store/event-store';
import { metadataOf } from '../../platform/http/request-context';
import { StripeGateway } from '../stripe.gateway';
import { applyCompletedCheckout, ApplyContext, ApplyOutcome, applySubscriptionState, CheckoutSessionLike, SubscriptionLike } from '../subscriptions.apply';

/** The subscription an invoice belongs to, in both the older (invoice.subscription) and newer API shapes. */
function invoiceSubscriptionId(invoice: Record<string, any>): string | undefined {
  const direct = invoice.subscription;
  const nested = invoice.parent?.subscription_details?.subscription;
  const value = direct ?? nested;
  return typeof value === 'string' ? value : value?.id;
}

/**
 * POST /api/stripe/webhook: Stripe's deliveries, authenticated by their signature (no session, no CSRF).
 * Each Stripe event id is applied at most once: its id is stored in the same transaction as its effect, so a
 * redelivery (or a crash before our answer) never changes anything twice. 400 on a bad signature.
 */
@Controller('api/stripe/webhook')
export class StripeWebhookHttp {
  private readonly logger = new Logger('billing');

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
    private readonly stripe: StripeGateway,
  ) {}

  @Public()
  @SkipCsrf()
  @Post()
  @HttpCode(200)
  async receive(@Req() request: RawBodyRequest<FastifyRequest>, @Headers('stripe-signature') signature: string | undefined) {
    if (!request.rawBody) throw new AppError('validation_failed', 'Send the Stripe event as application/json.');
    if (!signature) throw new AppError('validation_failed', 'The Stripe-Signature header is missing.');
    const event = this.stripe.constructEvent(request.rawBody, signature);
    const outcome = await withTransaction(this.pool, async (db): Promise<ApplyOutcome> => {
      const first = await db.query(
        'insert into stripe_webhook_events (event_id, event_type, created) values ($1, $2, $3) on conflict do nothing',
        [event.id, event.type, event.created],
      );
      if (first.rowCount === 0) return 'duplicate';
      const ctx: ApplyContext = {
        db,
        store: this.store,
        metadata: metadataOf(request, { actorId: null, actor: 'stripe', stripeEventId: event.id }),
        source: 'stripe_webhook',
        stripeEventId: event.id,
      };
      return this.apply(ctx, event);
    });
    this.logger.log(`Stripe event ${event.id} (${event.type}): ${outcome}`);
    return { received: true, outcome };
  }

  private apply(ctx: ApplyContext, event: Stripe.Event): Promise<ApplyOutcome> {
    const object = event.data.object as unknown as Record<string, any>;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return applyCompletedCheckout(ctx, object as CheckoutSessionLike);
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
        return applySubscriptionState(ctx, object as SubscriptionLike, event.created);
      case 'customer.subscription.deleted':
        return applySubscriptionState(ctx, object as SubscriptionLike, event.created, { deleted: true });
      case 'invoice.payment_failed': {
        const subscriptionId = invoiceSubscriptionId(object);
        if (!subscriptionId) return Promise.resolve('ignored');
        return applySubscriptionState(ctx, { id: subscriptionId, status: 'past_due', customer: object.customer }, event.created, { onlyWhenActive: true });
      }
      default:
        return Promise.resolve('ignored');
    }
  }
}
