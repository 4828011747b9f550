import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { Queryable } from '../../platform/database/database';
import { PG_POOL } from '../../platform/database/database.module';
import type { Course } from '../courses';
import { reviewableLevel } from '../get-flashcard/get-flashcard.query';
import type { CatchUpFacts } from './catch-up.decide';
import { isRunning } from './catch-up.decide';
import type { CatchUpPlan } from './catch-up.events';
import { isPile, PLAN_DAYS, planChoices } from './catch-up.rule';

/** GET /api/study/catch-up?course=: what the study panel shows instead of a raw pile. */
export interface CatchUpView {
  reviews_due: number;
  /** the course's usual reviews a day (catch-up.rule.ts usualDailyReviews), rounded */
  usual_daily: number;
  /** a pile and no plan running: the lengths to choose from */
  offer: { choices: Array<{ days: number; per_day: number }> } | null;
  plan: {
    days: number;
    reviews_at_start: number;
    daily_quota: number;
    /** the plan's day, 1 on the day it was chosen */
    day: number;
    done_today: number;
    /** today's quota is done and the learner has not chosen to go on */
    done_for_today: boolean;
    continued_today: boolean;
    /** the learner's last local day of the plan */
    last_day: string;
  } | null;
}

interface FactsRow {
  today: string;
  day_start: Date;
  reviews_due: number;
  usual_daily: number;
  ends: Record<string, string>;
  days: number | null;
  reviews: number | null;
  daily_quota: number | null;
  chosen_at: Date | null;
  ends_at: Date | null;
  continued_on: string | null;
  chosen_day: string | null;
  last_day: string | null;
  done_today: number;
}

// One statement, on the rows the next-card query reads: the learner's time zone (users, primary key), the plan
// (study_catch_up_plans, primary key) and the course's cards (card_states, by its primary key's prefix). Done today
// is counted as study_next_card counts it (migration 052).
const FACTS_SQL = `
  with z as (select coalesce((select u.timezone from users u where u.id = $1), 'UTC') as tz),
       d as (select tz, ($3::timestamptz at time zone tz)::date as today, date_trunc('day', $3::timestamptz at time zone tz) as local_midnight from z)
  select d.today::text as today, d.local_midnight at time zone d.tz as day_start,
         (select json_object_agg(n, (d.local_midnight + make_interval(days => n)) at time zone d.tz) from unnest($5::int[]) n) as ends,
         p.days, p.reviews, p.daily_quota, p.chosen_at, p.ends_at, p.continued_on::text as continued_on,
         (p.chosen_at at time zone d.tz)::date::text as chosen_day, ((p.ends_at at time zone d.tz)::date - 1)::text as last_day,
         count(c.user_id) filter (where c.due_at <= $3 and c.level <= $4 and c.servable)::int as reviews_due,
         coalesce(sum(24.0 / greatest(24, c.interval_hours)) filter (where c.level <= $4 and c.servable), 0)::float8 as usual_daily,
         count(c.user_id) filter (where p.user_id is not null and c.last_reviewed_at >= greatest(d.local_midnight at time zone d.tz, p.chosen_at)
                                    and c.learned_at < d.local_midnight at time zone d.tz)::int as done_today
    from d
    left join study_catch_up_plans p on p.user_id = $1 and p.course = $2
    left join card_states c on c.user_id = $1 and c.course = $2
   group by d.tz, d.today, d.local_midnight, p.user_id, p.course`;

@Injectable()
export class CatchUpQueries {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async facts(userId: string, course: Course, now: Date, subscriptionActive: boolean, db: Queryable = this.pool) {
    const { rows } = await db.query<FactsRow>({
      name: 'study_catch_up_facts',
      text: FACTS_SQL,
      values: [userId, course, now, reviewableLevel(subscriptionActive), [...PLAN_DAYS]],
    });
    const r = rows[0];
    const plan: CatchUpPlan | null =
      r.days === null
        ? null
        : { days: r.days, reviews: r.reviews!, dailyQuota: r.daily_quota!, chosenAt: r.chosen_at!.toISOString(), endsAt: r.ends_at!.toISOString(), continuedOn: r.continued_on };
    const facts: CatchUpFacts = {
      userId,
      course,
      now,
      reviewsDue: r.reviews_due,
      usualDaily: r.usual_daily,
      today: r.today,
      endsAt: (days) => new Date(r.ends[String(days)]),
    };
    return { facts, plan, row: r };
  }

  async view(userId: string, course: Course, now: Date, subscriptionActive: boolean): Promise<CatchUpView> {
    const { facts, plan, row } = await this.facts(userId, course, now, subscriptionActive);
    const running = isRunning(plan, now) && facts.reviewsDue > 0;
    const continuedToday = running && plan.continuedOn === facts.today;
    return {
      reviews_due: facts.reviewsDue,
      usual_daily: Math.round(facts.usualDaily),
      offer: !running && isPile(facts.reviewsDue, facts.usualDaily) ? { choices: planChoices(facts.reviewsDue) } : null,
      plan: running
        ? {
            days: plan.days,
            reviews_at_start: plan.reviews,
            daily_quota: plan.dailyQuota,
            day: Math.round((Date.parse(`${facts.today}T00:00:00Z`) - Date.parse(`${row.chosen_day}T00:00:00Z`)) / 86_400_000) + 1,
            done_today: row.done_today,
            done_for_today: row.done_today >= plan.dailyQuota && !continuedToday,
            continued_today: continuedToday,
            last_day: row.last_day!,
          }
        : null,
    };
  }
}
