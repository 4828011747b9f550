import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Clock, CLOCK } from '../../platform/clock';
import { Dashboard, DashboardQuery } from './dashboard.query';

/** GetDashboard: who asks for GET /api/dashboard. */
export interface GetDashboard {
  userId: string;
  subscriptionActive: boolean;
  /** the session's time zone: the forecast counts calendar days there */
  timeZone: string;
}

/** GET /api/dashboard: the home page in one request. (`DashboardQuery` is the read service.) */
export class GetDashboardQuery extends Query<Dashboard> {
  constructor(readonly input: GetDashboard) {
    super();
  }
}

@QueryHandler(GetDashboardQuery)
export class GetDashboardHandler implements IQueryHandler<GetDashboardQuery> {
  constructor(
    private readonly dashboard: DashboardQuery,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute({ input }: GetDashboardQuery): Promise<Dashboard> {
    return this.dashboard.dashboard(input.userId, this.clock.now(), input.subscriptionActive, input.timeZone);
  }
}
