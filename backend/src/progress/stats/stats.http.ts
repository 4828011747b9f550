import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { z } from 'zod';
import { CurrentUser } from '../../accounts';
import { SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { COURSES } from '../../study';
import { GetStatsQuery } from './stats.handler';
import type { Stats } from './stats.query';

const querySchema = z.object({ course: z.enum(COURSES) });

/** GET /api/users/stats?course=… → {levels: [{level, primary, secondary, untrained, learning, intermediate, mastered}], review_forecast: [{day, count}]} */
@Controller('api/users/stats')
export class StatsHttp {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  stats(@CurrentUser() user: SessionUser, @Query(new ZodPipe(querySchema, 'query')) q: z.infer<typeof querySchema>): Promise<Stats> {
    return this.queries.execute(new GetStatsQuery({ userId: user.id, course: q.course, subscriptionActive: user.subscriptionActive, timeZone: user.timeZone }));
  }
}
