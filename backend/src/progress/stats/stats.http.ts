import { Controller, Get, Inject, Query } from '@nestjs/common';
import { z } from 'zod';
import { CurrentUser } from '../../accounts';
import { Clock, CLOCK } from '../../platform/clock';
import { SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { COURSES } from '../../study';
import { Stats, StatsQuery } from './stats.query';

const querySchema = z.object({ course: z.enum(COURSES) });

/** GET /api/users/stats?course=… → {levels: [{level, primary, secondary, untrained, learning, intermediate, mastered}], review_forecast: [{day, count}]} */
@Controller('api/users/stats')
export class StatsHttp {
  constructor(private readonly query: StatsQuery, @Inject(CLOCK) private readonly clock: Clock) {}

  @Get()
  stats(@CurrentUser() user: SessionUser, @Query(new ZodPipe(querySchema, 'query')) q: z.infer<typeof querySchema>): Promise<Stats> {
    return this.query.stats(user.id, q.course, this.clock.now(), user.subscriptionActive, user.timeZone);
  }
}
