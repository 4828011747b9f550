import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Course } from '#contract/courses';
import { statsSchema } from '#contract/progress';
import { courseQuerySchema } from '#contract/progress.requests';
import { CurrentUser } from '../../accounts';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { GetStatsQuery } from './stats.handler';
import type { Stats } from './stats.query';

/** GET /api/users/stats?course=… → {levels: [{level, primary, secondary, untrained, learning, intermediate, mastered}], review_forecast: [{day, count}]} */
@Controller('api/users/stats')
export class StatsHttp {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @Answers(statsSchema)
  stats(@CurrentUser() user: SessionUser, @Query(new ZodPipe(courseQuerySchema, 'query')) q: { course: Course }): Promise<Stats> {
    return this.queries.execute(new GetStatsQuery({ userId: user.id, course: q.course, subscriptionActive: user.subscriptionActive, timeZone: user.timeZone }));
  }
}
