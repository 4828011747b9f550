import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { PG_POOL } from '../../platform/database/database.module';
import { levelLabels, ReviewForecastQuery, ServableTotals, type Course, type ForecastDay } from '../../study';

export interface LevelStats {
  level: number;
  primary: { name: string };
  secondary: { name: string } | null;
  untrained: number;
  learning: number;
  intermediate: number;
  mastered: number;
}

export interface Stats {
  levels: LevelStats[];
  review_forecast: ForecastDay[];
}

export interface LevelRow {
  level: number;
  total: number;
  learning: number;
  intermediate: number;
  mastered: number;
}

/**
 * Per level 1–9: servable materials of the level (ServableTotals, kept per catalogue revision) and the user's
 * cards per mastery (progress_level_counts).
 */
export async function levelRows(db: Pick<Pool, 'query'>, totals: ServableTotals, userId: string, course: Course): Promise<LevelRow[]> {
  const [byLevel, { rows }] = await Promise.all([
    totals.byLevel(course),
    db.query<Omit<LevelRow, 'total'>>({
      name: 'progress_level_rows',
      text: `select l.level::int as level, coalesce(c.learning, 0) as learning, coalesce(c.intermediate, 0) as intermediate,
                    coalesce(c.mastered, 0) as mastered
               from generate_series(1, 9) l(level)
               left join progress_level_counts c on c.user_id = $1 and c.course = $2 and c.level = l.level
              order by l.level`,
      values: [userId, course],
    }),
  ]);
  return rows.map((r) => ({ ...r, total: byLevel[r.level] ?? 0 }));
}

/** GetStats: GET /api/users/stats (SPEC §3 Stats). */
@Injectable()
export class StatsQuery {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly forecast: ReviewForecastQuery,
    private readonly totals: ServableTotals,
  ) {}

  /** The time zone comes with the session (SessionUser.timeZone), so both reads go out at once. */
  async stats(userId: string, course: Course, now: Date, subscriptionActive: boolean, timeZone: string): Promise<Stats> {
    const [rows, review_forecast] = await Promise.all([
      levelRows(this.pool, this.totals, userId, course),
      this.forecast.forecast(userId, course, now, timeZone, subscriptionActive),
    ]);
    return {
      levels: rows.map((r) => {
        const labels = levelLabels(course, r.level);
        return {
          level: r.level,
          primary: labels.primary,
          secondary: labels.secondary ?? null,
          // learned cards of materials no longer served still count as learned, never as negative untrained
          untrained: Math.max(0, r.total - r.learning - r.intermediate - r.mastered),
          learning: r.learning,
          intermediate: r.intermediate,
          mastered: r.mastered,
        };
      }),
      review_forecast,
    };
  }
}
