import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Pool } from 'pg';
import { AccountErasureHooks } from '../accounts';
import { withTransaction } from '../platform/database/database';
import { PG_POOL } from '../platform/database/database.module';
import { AppError } from '../platform/errors/app-error';
import { EventStore } from '../platform/event-store/event-store';
import { StripeGateway } from './stripe.gateway';
import { recordSubscriptionChange } from './subscriptions.apply';

/**
 * Erasing an account first cancels its live Stripe subscriptions, so nobody keeps paying for an account that
 * no longer exists. If Stripe cannot be reached, the erasure stops with a message and can be retried.
 */
@Injectable()
export class CancelSubscriptionOnErasure implements OnModuleInit {
  private readonly logger = new Logger('billing');

  constructor(
    private readonly hooks: AccountErasureHooks,
    private readonly stripe: StripeGateway,
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
  ) {}

  onModuleInit(): void {
    this.hooks.register((userId) => this.cancel(userId));
  }

  async cancel(userId: string): Promise<void> {
    const { rows } = await this.pool.query<{ subscription_id: string }>(
      'select subscription_id from stripe_subscriptions where user_id = $1 and not terminal',
      [userId],
    );
    if (rows.length === 0) return;
    if (!this.stripe.configured) {
      throw new AppError('not_configured', 'Your subscription must be canceled before the account is erased, but payments are not configured on this server. Please contact us.');
    }
    for (const { subscription_id } of rows) {
      await this.stripe
        .client()
        .subscriptions.cancel(subscription_id)
        .catch((error: { statusCode?: number; code?: string; message?: string }) => {
          if (error?.statusCode === 404 || error?.code === 'resource_missing') return; // already gone at Stripe
          this.logger.error(`Could not cancel Stripe subscription ${subscription_id}: ${error?.message}`);
          throw new AppError('unavailable', 'Your subscription could not be canceled with the payment provider, so the account was not erased. Please try again in a moment.');
        });
      await withTransaction(this.pool, async (db) => {
        await db.query(`update stripe_subscriptions set status = 'canceled', terminal = true, updated_at = now() where subscription_id = $1`, [subscription_id]);
        await recordSubscriptionChange({ db, store: this.store, metadata: { actorId: userId, actor: 'user' } }, userId, {
          kind: 'canceled_for_erasure',
          stripeSubscriptionId: subscription_id,
        });
      });
    }
  }
}
