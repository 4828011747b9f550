import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Pool } from 'pg';
import { z } from 'zod';
import { CurrentUser, readUserState } from '../../accounts';
import { withTransaction } from '../../platform/database/database';
import { PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import { EventStore } from '../../platform/event-store/event-store';
import { metadataOf, SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { StripeGateway, stripeFailure } from '../stripe.gateway';
import { applyCompletedCheckout, CheckoutSessionLike } from '../subscriptions.apply';

const query = z.object({ checkout_session_id: z.string().min(1).max(255).optional() });
const NOT_YOURS = 'There is no checkout session with this id for your account.';

/**
 * GET /api/users/subscription_status?checkout_session_id=cs_… → {status, subscription_status}: `status` is the
 * Checkout Session's (open | complete | expired). Only the caller's own sessions (client_reference_id) are
 * readable; another user's answers 404. `complete` activates the subscription once per session. Without the
 * query parameter: {status: null, subscription_status}.
 */
@Controller('api/users/subscription_status')
export class SubscriptionStatusHttp {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
    private readonly stripe: StripeGateway,
  ) {}

  @Get()
  async status(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Query(new ZodPipe(query, 'query')) q: z.infer<typeof query>) {
    if (!q.checkout_session_id) {
      const state = await readUserState(this.pool, user.id);
      return { status: null, subscription_status: state?.subscriptionStatus ?? 'inactive' };
    }
    const session = (await this.stripe
      .client()
      .checkout.sessions.retrieve(q.checkout_session_id)
      .catch((error) => {
        throw stripeFailure(error, NOT_YOURS);
      })) as unknown as CheckoutSessionLike;
    if (session.client_reference_id !== user.id) throw new AppError('not_found', NOT_YOURS);
    if (session.status === 'complete') {
      await withTransaction(this.pool, (db) =>
        applyCompletedCheckout({ db, store: this.store, metadata: metadataOf(request), source: 'checkout' }, session),
      );
    }
    const state = await readUserState(this.pool, user.id);
    return { status: session.status, subscription_status: state?.subscriptionStatus ?? 'inactive' };
  }
}
