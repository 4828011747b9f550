import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { Queryable } from '../../platform/database/database';
import { PG_POOL } from '../../platform/database/database.module';
import { type Course } from '../courses';
import { FORECAST_DAYS, canonicalTimeZone } from '../forecast';
import { reviewableLevel } from '../get-flashcard/get-flashcard.query';

export interface ForecastDay {
  /** 0 = today (overdue included), 1 = tomorrow, … 4 */
  day: number;
  count: number;
}

// Calendar days in the learner's time zone, computed by PostgreSQL: `at time zone` turns instants into local
// dates and local midnights back into instants, DST days (23 or 25 hours) included. One range scan of
// card_states_due; everything due after day +4 is left out by the index bound. Cards of materials not served
// (retired…) are never due: they are left out (the index carries the flag).
const FORECAST = `
  with clock as (select ($3::timestamptz at time zone $4)::date as today)
  select greatest(0, (c.due_at at time zone $4)::date - clock.today)::int as day, count(*)::int as count
    from card_states c, clock
   where c.user_id = $1 and c.course = $2 and c.level <= $5 and c.servable
     and c.due_at < ((clock.today + $6::int)::timestamp at time zone $4)
   group by 1`;

/** GetReviewForecast: the cards due Today (with overdue), Tomorrow, +2, +3, +4 days (DESIGN §4). */
@Injectable()
export class ReviewForecastQuery {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async forecast(userId: string, course: Course, now: Date, timeZone: string, subscriptionActive: boolean, db: Queryable = this.pool): Promise<ForecastDay[]> {
    const zone = canonicalTimeZone(timeZone) ?? 'UTC';
    let rows: { day: number; count: number }[];
    try {
      rows = (await db.query(FORECAST, [userId, course, now, zone, reviewableLevel(subscriptionActive), FORECAST_DAYS])).rows;
    } catch (error) {
      // A zone newer than the database's time zone data: count in UTC rather than fail the page.
      if ((error as { code?: string }).code !== '22023') throw error;
      rows = (await db.query(FORECAST, [userId, course, now, 'UTC', reviewableLevel(subscriptionActive), FORECAST_DAYS])).rows;
    }
    const counts = new Map(rows.map((r) => [r.day, r.count]));
    return Array.from({ length: FORECAST_DAYS }, (_, day) => ({ day, count: counts.get(day) ?? 0 }));
  }
}
