import { Controller, Get, Inject } from '@nestjs/common';
import { CurrentUser } from '../../accounts';
import { Clock, CLOCK } from '../../platform/clock';
import { SessionUser } from '../../platform/http/request-context';
import { Dashboard, DashboardQuery } from './dashboard.query';

/**
 * GET /api/dashboard → {first_visit, courses: [{course, level, level_cards, level_done, level_available, review_count,
 * new_available, next_review_at, forecast_total, learned_count}]}: the home page in one request.
 */
@Controller('api/dashboard')
export class DashboardHttp {
  constructor(private readonly query: DashboardQuery, @Inject(CLOCK) private readonly clock: Clock) {}

  @Get()
  dashboard(@CurrentUser() user: SessionUser): Promise<Dashboard> {
    return this.query.dashboard(user.id, this.clock.now(), user.subscriptionActive, user.timeZone);
  }
}
