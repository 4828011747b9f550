import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { readUserState, type SubscriptionStatus } from '../../accounts';
import { withTransaction } from '../../platform/database/database';
import { PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import { EventStore } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import { StripeGateway, stripeFailure } from '../stripe.gateway';
import { applyCompletedCheckout, CheckoutSessionLike } from '../subscriptions.apply';

const NOT_YOURS = 'There is no checkout session with this id for your account.';

/** GetSubscriptionStatus: what GET /api/users/subscription_status asks, plus who asks. */
export interface GetSubscriptionStatus {
  userId: string;
  checkoutSessionId?: string;
  /** recorded on the user's events when a complete session activates the subscription */
  metadata: EventMetadata;
}

export interface SubscriptionStatusView {
  /** the Checkout Session's status (open | complete | expired), null without a session id */
  status: string | null;
  subscription_status: SubscriptionStatus;
}

/**
 * GET /api/users/subscription_status. A query that may write: a `complete` session activates the subscription
 * (once per session) when the page polls it, so a buyer is not left waiting for the webhook.
 */
export class GetSubscriptionStatusQuery extends Query<SubscriptionStatusView> {
  constructor(readonly input: GetSubscriptionStatus) {
    super();
  }
}

@QueryHandler(GetSubscriptionStatusQuery)
export class GetSubscriptionStatusHandler implements IQueryHandler<GetSubscriptionStatusQuery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
    private readonly stripe: StripeGateway,
  ) {}

  async execute({ input }: GetSubscriptionStatusQuery): Promise<SubscriptionStatusView> {
    if (!input.checkoutSessionId) {
      const state = await readUserState(this.pool, input.userId);
      return { status: null, subscription_status: state?.subscriptionStatus ?? 'inactive' };
    }
    const session = (await this.stripe
      .client()
      .checkout.sessions.retrieve(input.checkoutSessionId)
      .catch((error) => {
        throw stripeFailure(error, NOT_YOURS);
      })) as unknown as CheckoutSessionLike;
    if (session.client_reference_id !== input.userId) throw new AppError('not_found', NOT_YOURS);
    if (session.status === 'complete') {
      await withTransaction(this.pool, (db) => applyCompletedCheckout({ db, store: this.store, metadata: input.metadata, source: 'checkout' }, session));
    }
    const state = await readUserState(this.pool, input.userId);
    return { status: session.status, subscription_status: state?.subscriptionStatus ?? 'inactive' };
  }
}
