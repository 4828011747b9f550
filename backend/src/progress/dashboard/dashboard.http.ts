import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { dashboardSchema } from '#contract/progress';
import { CurrentUser } from '../../accounts';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { SessionUser } from '../../platform/http/request-context';
import { GetDashboardQuery } from './dashboard.handler';
import type { Dashboard } from './dashboard.query';

/**
 * GET /api/dashboard → {first_visit, courses: [{course, level, level_cards, level_done, level_available, review_count,
 * new_available, next_review_at, forecast_total, learned_count}]}: the home page in one request.
 */
@Controller('api/dashboard')
export class DashboardHttp {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @Answers(dashboardSchema)
  dashboard(@CurrentUser() user: SessionUser): Promise<Dashboard> {
    return this.queries.execute(new GetDashboardQuery({ userId: user.id, subscriptionActive: user.subscriptionActive, timeZone: user.timeZone }));
  }
}
