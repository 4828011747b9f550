import { Controller, Get, Query, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { subscriptionStatusAnswerSchema } from '#contract/billing';
import { subscriptionStatusQuerySchema } from '#contract/billing.requests';
import { CurrentUser } from '../../accounts';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { metadataOf, SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { GetSubscriptionStatusQuery, SubscriptionStatusView } from './subscription-status.handler';

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
  @Answers(subscriptionStatusAnswerSchema)
  async status(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Query(new ZodPipe(subscriptionStatusQuerySchema, 'query')) q: { checkout_session_id?: string }): Promise<SubscriptionStatusView> {
    return this.queries.execute(new GetSubscriptionStatusQuery({ userId: user.id, checkoutSessionId: q.checkout_session_id, metadata: metadataOf(request) }));
  }
}
