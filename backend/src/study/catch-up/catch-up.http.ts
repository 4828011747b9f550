import { Body, Controller, Get, HttpCode, Post, Query as QueryParams, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { catchUpSchema } from '#contract/study';
import { catchUpCourseBodySchema, catchUpQuerySchema, chooseCatchUpBodySchema } from '#contract/study.requests';
import { CurrentUser } from '../../accounts';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { Idempotent } from '../../platform/http/idempotency.interceptor';
import { metadataOf, SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import type { Course } from '../courses';
import { CatchUpAction, CatchUpCommand, GetCatchUpQuery } from './catch-up.handler';
import type { CatchUpView } from './catch-up.query';

/**
 * GET /api/study/catch-up?course= → {reviews_due, usual_daily, offer, plan}; POST /api/study/catch-up {course,
 * days} chooses a plan (409 without a pile, 400 naming days for a length not offered); POST …/continue {course}
 * goes on past today's quota; POST …/drop {course} ends the plan. Each write answers the view after it.
 */
@Controller('api/study/catch-up')
export class CatchUpHttp {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Get()
  @Answers(catchUpSchema)
  get(@CurrentUser() user: SessionUser, @QueryParams(new ZodPipe(catchUpQuerySchema, 'query')) q: { course: Course }): Promise<CatchUpView> {
    return this.queries.execute(new GetCatchUpQuery({ userId: user.id, course: q.course, subscriptionActive: user.subscriptionActive }));
  }

  @Post()
  @HttpCode(200)
  @Answers(catchUpSchema)
  @Idempotent()
  choose(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Body(new ZodPipe(chooseCatchUpBodySchema)) body: { course: Course; days: number }) {
    return this.run(user, request, body.course, 'choose', body.days);
  }

  @Post('continue')
  @HttpCode(200)
  @Answers(catchUpSchema)
  @Idempotent()
  continue(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Body(new ZodPipe(catchUpCourseBodySchema)) body: { course: Course }) {
    return this.run(user, request, body.course, 'continue');
  }

  @Post('drop')
  @HttpCode(200)
  @Answers(catchUpSchema)
  @Idempotent()
  drop(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Body(new ZodPipe(catchUpCourseBodySchema)) body: { course: Course }) {
    return this.run(user, request, body.course, 'drop');
  }

  private run(user: SessionUser, request: FastifyRequest, course: Course, action: CatchUpAction, days?: number): Promise<CatchUpView> {
    return this.commands.execute(new CatchUpCommand({ userId: user.id, course, subscriptionActive: user.subscriptionActive, action, days, metadata: metadataOf(request) }));
  }
}
