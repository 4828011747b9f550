import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Clock, CLOCK } from '../../platform/clock';
import type { Course } from '../../study';
import { Stats, StatsQuery } from './stats.query';

/** GetStats: what GET /api/users/stats asks, plus who asks. */
export interface GetStats {
  userId: string;
  course: Course;
  subscriptionActive: boolean;
  /** the session's time zone: the review forecast counts calendar days there */
  timeZone: string;
}

/** GET /api/users/stats: levels and review forecast of a course. (`StatsQuery` is the read service.) */
export class GetStatsQuery extends Query<Stats> {
  constructor(readonly input: GetStats) {
    super();
  }
}

@QueryHandler(GetStatsQuery)
export class GetStatsHandler implements IQueryHandler<GetStatsQuery> {
  constructor(
    private readonly stats: StatsQuery,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute({ input }: GetStatsQuery): Promise<Stats> {
    return this.stats.stats(input.userId, input.course, this.clock.now(), input.subscriptionActive, input.timeZone);
  }
}
