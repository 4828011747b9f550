import { Inject, Logger } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import type Stripe from 'stripe';
import { withTransaction } from '../../platform/database/database';
import { PG_POOL } from '../../platform/database/database.module';
import { EventStore } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import { applyCompletedCheckout, ApplyContext, ApplyOutcome, applySubscriptionState, CheckoutSessionLike, SubscriptionLike } from '../subscriptions.apply';

/** ApplyStripeEvent: a Stripe delivery whose signature the controller has verified. */
export interface ApplyStripeEvent {
  event: Stripe.Event;
  metadata: EventMetadata;
}

/** POST /api/stripe/webhook: apply one Stripe event, at most once. */
export class ApplyStripeEventCommand extends Command<ApplyOutcome> {
  constructor(readonly input: ApplyStripeEvent) {
    super();
  }
}

/** The subscription an invoice belongs to, in both the older (invoice.subscription) and newer API shapes. */
function invoiceSubscriptionId(invoice: Record<string, any>): string | undefined {
  const direct = invoice.subscription;
  const nested = invoice.parent?.subscription_details?.subscription;
  const value = direct ?? nested;
  return typeof value === 'string' ? value : value?.id;
}

/**
 * Each Stripe event id is applied at most once: its id is stored in the same transaction as its effect, so a
 * redelivery (or a crash before our answer) never changes anything twice.
 */
@CommandHandler(ApplyStripeEventCommand)
export class ApplyStripeEventHandler implements ICommandHandler<ApplyStripeEventCommand> {
  private readonly logger = new Logger('billing');

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
  ) {}

  async execute({ input: { event, metadata } }: ApplyStripeEventCommand): Promise<ApplyOutcome> {
    const outcome = await withTransaction(this.pool, async (db): Promise<ApplyOutcome> => {
      const first = await db.query(
        'insert into stripe_webhook_events (event_id, event_type, created) values ($1, $2, $3) on conflict do nothing',
        [event.id, event.type, event.created],
      );
      if (first.rowCount === 0) return 'duplicate';
      const ctx: ApplyContext = {
        db,
        store: this.store,
        metadata,
        source: 'stripe_webhook',
        stripeEventId: event.id,
      };
      return this.apply(ctx, event);
    });
    this.logger.log(`Stripe event ${event.id} (${event.type}): ${outcome}`);
    return outcome;
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
