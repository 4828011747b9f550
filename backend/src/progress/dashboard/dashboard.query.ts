import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { PG_POOL } from '../../platform/database/database.module';
import { canonicalTimeZone, COURSES, FORECAST_DAYS, FREE_LEVEL, MAX_LEVEL, reviewableLevel, ServableTotals, type Course } from '../../study';

export interface CourseDashboard {
  course: Course;
  /** the learner's level (the lowest level whose cards are not all Intermediate or better) */
  level: number;
  /** the level's cards, how many are Intermediate or better, and how many can be served now */
  level_cards: number;
  level_done: number;
  level_available: number;
  /** reviews due now */
  review_count: number;
  /** new cards the learner may learn now */
  new_available: number;
  /** when the next review is due (now or earlier when review_count > 0); null when nothing is learned */
  next_review_at: string | null;
  /** reviews due from now to the end of the fifth calendar day (today + 4), in the learner's time zone */
  forecast_total: number;
  learned_count: number;
}

export interface Dashboard {
  /** true until the learner's first answer in any course: the home page says where to start */
  first_visit: boolean;
  courses: CourseDashboard[];
}

interface CardRow {
  course: Course;
  level: number;
  served: number;
  better: number;
  due: number;
  next_due: Date | null;
  soon: number;
  learned: number;
}

// The level before any grade: what levelOf gives with nothing learned (the course's lowest servable level).
const LEVELS = `select k.course, coalesce(l.level, (select min(m.level) from materials m where m.course = k.course and m.servable), 1)::int as level
                  from unnest($2::text[]) k(course) left join progress_levels l on l.user_id = $1 and l.course = k.course`;

// One pass over the learner's cards (card_states: the inline state, so the page reads its own last grade), grouped by
// course and level; the paywall ($4, the highest reviewable level) as the study screen applies it; calendar days in
// the learner's zone as the review forecast counts them.
const CARDS = `
  with clock as (select ($2::timestamptz at time zone $3)::date as today)
  select c.course, c.level::int as level,
         count(*) filter (where c.servable)::int as served,
         count(*) filter (where c.servable and c.mastery <> 'learning')::int as better,
         count(*) filter (where c.servable and c.level <= $4 and c.due_at <= $2)::int as due,
         min(c.due_at) filter (where c.servable and c.level <= $4) as next_due,
         count(*) filter (where c.servable and c.level <= $4 and c.due_at < ((clock.today + $5::int)::timestamp at time zone $3))::int as soon,
         count(*)::int as learned
    from card_states c, clock
   where c.user_id = $1
   group by 1, 2`;

/**
 * GetDashboard: GET /api/dashboard, the signed-in home page in one request. Per course: reviews due now, new cards
 * open now, the next review, the level and how far it is from the next one, the reviews of the next five days.
 */
@Injectable()
export class DashboardQuery {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly totals: ServableTotals,
  ) {}

  async dashboard(userId: string, now: Date, subscriptionActive: boolean, timeZone: string): Promise<Dashboard> {
    const cardsIn = (zone: string) =>
      this.pool.query<CardRow>({ name: 'progress_dashboard_cards', text: CARDS, values: [userId, now, zone, reviewableLevel(subscriptionActive), FORECAST_DAYS] });
    const [cards, levels, totals] = await Promise.all([
      cardsIn(canonicalTimeZone(timeZone) ?? 'UTC').catch((error: { code?: string }) => {
        // A zone newer than the database's time zone data: count in UTC rather than fail the page.
        if (error.code !== '22023') throw error;
        return cardsIn('UTC');
      }),
      this.pool.query<{ course: Course; level: number }>({ name: 'progress_dashboard_levels', text: LEVELS, values: [userId, COURSES] }),
      Promise.all(COURSES.map((c) => this.totals.both(c))),
    ]);
    const levelOf = new Map(levels.rows.map((r) => [r.course, r.level]));
    return {
      first_visit: cards.rows.length === 0,
      courses: COURSES.map((course, i) => {
        const rows = cards.rows.filter((r) => r.course === course);
        const level = levelOf.get(course) ?? 1;
        const { servable, cards: all } = totals[i];
        const atLevel = rows.find((r) => r.level === level);
        // New cards come from levels up to the learner's level (level 1 only without a subscription).
        const newLevel = subscriptionActive ? Math.max(1, Math.min(MAX_LEVEL, level)) : FREE_LEVEL;
        const open = servable.slice(1, newLevel + 1).reduce((a, b) => a + b, 0);
        const learnedOpen = rows.filter((r) => r.level <= newLevel).reduce((a, r) => a + r.served, 0);
        const nextDue = rows.reduce<Date | null>((min, r) => (r.next_due && (!min || r.next_due < min) ? r.next_due : min), null);
        return {
          course,
          level,
          level_cards: all[level] ?? 0,
          level_done: atLevel?.better ?? 0,
          level_available: servable[level] ?? 0,
          review_count: rows.reduce((a, r) => a + r.due, 0),
          new_available: Math.max(0, open - learnedOpen),
          next_review_at: nextDue ? new Date(nextDue).toISOString() : null,
          forecast_total: rows.reduce((a, r) => a + r.soon, 0),
          learned_count: rows.reduce((a, r) => a + r.learned, 0),
        };
      }),
    };
  }
}
