import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { PG_POOL } from '../../platform/database/database.module';
import { ReplicaReads } from '../../platform/database/replica-reads';
import { waitForActorWrites } from '../../platform/projections/projection-admin';
import { LEVELS_PROJECTION } from '../levels/levels.projection';
import { levelLabels, ReviewForecastQuery, ServableTotals, unservedCardCounts, type Course, type ForecastDay } from '../../study';
import { KanjiLevelNames } from './kanji-level-names';

export interface LevelStats {
  level: number;
  primary: { name: string };
  secondary: { name: string } | null;
  untrained: number;
  learning: number;
  intermediate: number;
  mastered: number;
  /** the level's cards, and how many of them can be served now: they differ while sentences are being written */
  cards: number;
  available: number;
}

export interface Stats {
  levels: LevelStats[];
  review_forecast: ForecastDay[];
}

export interface LevelRow {
  level: number;
  /** the level's cards (every material not retired, served or not yet) */
  total: number;
  /** of which servable now */
  available: number;
  learning: number;
  intermediate: number;
  mastered: number;
}

/**
 * Per level 1–9: the level's cards and the servable ones (ServableTotals, kept per catalogue revision) and the user's
 * cards per mastery (progress_level_counts) less those whose material is not served now (a retired word's:
 * it counts again, with its schedule, if the word comes back).
 */
export async function levelRows(db: Pick<Pool, 'query'>, totals: ServableTotals, userId: string, course: Course): Promise<LevelRow[]> {
  const [byLevel, unserved, { rows }] = await Promise.all([
    totals.both(course),
    unservedCardCounts(db, [{ userId, course }]),
    db.query<Omit<LevelRow, 'total' | 'available'>>({
      name: 'progress_level_rows',
      text: `select l.level::int as level, coalesce(c.learning, 0) as learning, coalesce(c.intermediate, 0) as intermediate,
                    coalesce(c.mastered, 0) as mastered
               from generate_series(1, 9) l(level)
               left join progress_level_counts c on c.user_id = $1 and c.course = $2 and c.level = l.level
              order by l.level`,
      values: [userId, course],
    }),
  ]);
  const off = unserved.get(`${userId}|${course}`);
  return rows.map((r) => {
    const u = off?.get(r.level);
    const served = u
      ? {
          learning: Math.max(0, r.learning - u.learning),
          intermediate: Math.max(0, r.intermediate - u.intermediate),
          mastered: Math.max(0, r.mastered - u.mastered),
        }
      : {};
    return { ...r, ...served, total: byLevel.cards[r.level] ?? 0, available: byLevel.servable[r.level] ?? 0 };
  });
}

const OWN_WRITES_WAIT_MS = 1_000;

/** GetStats: GET /api/users/stats (SPEC §3 Stats). */
@Injectable()
export class StatsQuery {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly reads: ReplicaReads,
    private readonly forecast: ReviewForecastQuery,
    private readonly totals: ServableTotals,
    private readonly kanjiLevels: KanjiLevelNames,
  ) {}

  /**
   * The time zone comes with the session (SessionUser.timeZone), so both reads go out at once. The level counts
   * may come from the replica (once it has replayed the learner's last write).
   */
  async stats(userId: string, course: Course, now: Date, subscriptionActive: boolean, timeZone: string): Promise<Stats> {
    // The learner's own last grade is in the counts (issue 28): the levels projection may be a few ms behind it, or
    // be run by another process. Bounded: past it, the counts as they are (the forecast reads card_states, current).
    // The read itself is routed as every stats read is: the learner's commit cookie keeps it on the primary until a
    // replica has replayed their write.
    await waitForActorWrites(this.pool, LEVELS_PROJECTION, userId, OWN_WRITES_WAIT_MS);
    const [rows, review_forecast, kanjiLevels] = await Promise.all([
      levelRows(this.reads.forReads(), this.totals, userId, course),
      this.forecast.forecast(userId, course, now, timeZone, subscriptionActive),
      this.kanjiLevels.of(course),
    ]);
    return {
      levels: rows.map((r) => {
        const labels = levelLabels(course, r.level, kanjiLevels.get(r.level));
        return {
          level: r.level,
          primary: labels.primary,
          secondary: labels.secondary ?? null,
          // never negative: a card counts in the level it was learned at, which its material may have left
          untrained: Math.max(0, r.total - r.learning - r.intermediate - r.mastered),
          learning: r.learning,
          intermediate: r.intermediate,
          mastered: r.mastered,
          cards: r.total,
          available: r.available,
        };
      }),
      review_forecast,
    };
  }
}
