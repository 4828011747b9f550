import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { leechesSchema, relearnResponseSchema } from '#contract/study';
import { relearnBodySchema } from '#contract/study.requests';
import { CurrentUser } from '../../accounts';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { Idempotent } from '../../platform/http/idempotency.interceptor';
import { metadataOf, SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { GetLeechesQuery } from './get-leeches.handler';
import type { LeechesView } from './get-leeches.query';
import { RelearnLeechCommand, type RelearnLeechResult } from './relearn-leech.handler';

/**
 * GET /api/leeches → {leeches: [{flashcard_id, course, level, mastery_level, lapses, leech_since, prompt, reading,
 * meaning, wrong_answers: [{at, typed}]}], threshold}: the dashboard's list, in one statement.
 * POST /api/leeches/relearn {id} with an Idempotency-Key header → {flashcard}: the card re-learned (due at once).
 * 409 when the card is not a leech, 404 when it is not learned or not served, 402 above level 1 without a subscription.
 */
@Controller('api/leeches')
export class LeechesHttp {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Get()
  @Answers(leechesSchema)
  list(@CurrentUser() user: SessionUser): Promise<LeechesView> {
    return this.queries.execute(new GetLeechesQuery(user.id));
  }

  @Post('relearn')
  @HttpCode(200)
  @Answers(relearnResponseSchema)
  @Idempotent()
  relearn(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Body(new ZodPipe(relearnBodySchema)) input: { id: string }): Promise<RelearnLeechResult> {
    return this.commands.execute(new RelearnLeechCommand({ userId: user.id, subscriptionActive: user.subscriptionActive, id: input.id, metadata: metadataOf(request) }));
  }
}
