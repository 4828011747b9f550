import { Controller, Get, Query, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CurrentUser } from '../../accounts';
import { metadataOf, SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { GetSubscriptionStatusQuery, SubscriptionStatusView } from './subscription-status.handler';

const query = z.object({ checkout_session_id: z.string().min(1).max(255).optional() });

/**
 * GET /api/users/subscription_status?checkout_session_id=cs_… → {status, subscription_status}: `status` is the
 * Checkout Session's (open | complete | expired). Only the caller's own sessions (client_reference_id) are
 * readable; another user's answers 404. `complete` activates the subscription once per session. Without the
 * query parameter: {status: null, subscription_status}.
 */
@Controller('api/users/subscription_status')
export class SubscriptionStatusHttp {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  async status(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Query(new ZodPipe(query, 'query')) q: z.infer<typeof query>): Promise<SubscriptionStatusView> {
    return this.queries.execute(new GetSubscriptionStatusQuery({ userId: user.id, checkoutSessionId: q.checkout_session_id, metadata: metadataOf(request) }));
  }
}
