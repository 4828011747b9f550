import { Queryable, quoteIdent } from '../../platform/database/database';
import { RecordedEvent } from '../../platform/event-store/event-store.types';
import { Projection, TableNames } from '../../platform/projections/projection';
import { CardGraded, CardLearned, LEVELS, levelOf, type CardLearnedData, type Mastery } from '../../study';
import { servableCounts } from '../catalogue-counts';

export const LEVELS_PROJECTION = 'progress_levels';

interface Counts {
  learning: number;
  intermediate: number;
  mastered: number;
}

interface Pair {
  userId: string;
  course: string;
  counts: Map<number, Counts>;
  dirty: Set<number>;
  level: number | null;
  changedPosition: number | null;
  changedAt: string | null;
}

/**
 * Cards per mastery per user, course and level (progress_level_counts), and the user's level per course
 * (progress_levels, DESIGN §4 via levelOf). Both live in one projection because the level is a function of the
 * counts: one transaction moves them together. The batch is folded in memory event by event, so the grade
 * that changes a level is known exactly (changed_position), whatever the batch boundaries; the writes are one
 * set-based upsert per table.
 *
 * The level also depends on the catalogue (untrained = servable materials − learned), read when the batch is
 * applied: a rebuild against the same catalogue reproduces the same levels.
 */
export const levelsProjection: Projection = {
  name: LEVELS_PROJECTION,
  eventTypes: [CardLearned.type, CardGraded.type],
  tables: ['progress_level_counts', 'progress_levels'],
  async apply(db: Queryable, events: RecordedEvent[], tables: TableNames) {
    const countsTable = quoteIdent(tables.progress_level_counts);
    const levelsTable = quoteIdent(tables.progress_levels);
    const pairs = new Map<string, Pair>();
    for (const e of events) {
      const d = e.data as CardLearnedData;
      const key = `${d.userId}|${d.course}`;
      if (!pairs.has(key)) pairs.set(key, { userId: d.userId, course: d.course, counts: new Map(), dirty: new Set(), level: null, changedPosition: null, changedAt: null });
    }
    const list = [...pairs.values()];
    const keys = [list.map((p) => p.userId), list.map((p) => p.course)];
    const [counts, levels, catalogue] = [
      await db.query(
        `select t.user_id, t.course, t.level, t.learning, t.intermediate, t.mastered from ${countsTable} t
           join unnest($1::uuid[], $2::text[]) k(user_id, course) on k.user_id = t.user_id and k.course = t.course`,
        keys,
      ),
      await db.query(
        `select t.user_id, t.course, t.level, t.changed_position, t.changed_at from ${levelsTable} t
           join unnest($1::uuid[], $2::text[]) k(user_id, course) on k.user_id = t.user_id and k.course = t.course`,
        keys,
      ),
      await servableCounts(db, [...new Set(list.map((p) => p.course))]),
    ];
    for (const r of counts.rows) {
      pairs.get(`${r.user_id}|${r.course}`)!.counts.set(r.level, { learning: r.learning, intermediate: r.intermediate, mastered: r.mastered });
    }
    for (const r of levels.rows) {
      const p = pairs.get(`${r.user_id}|${r.course}`)!;
      p.level = r.level;
      p.changedPosition = r.changed_position === null ? null : Number(r.changed_position);
      p.changedAt = r.changed_at === null ? null : new Date(r.changed_at).toISOString();
    }
    const levelNow = (p: Pair) => {
      const materials = catalogue.get(p.course);
      return levelOf(
        LEVELS.map((level) => {
          const c = p.counts.get(level) ?? { learning: 0, intermediate: 0, mastered: 0 };
          const total = materials?.get(level) ?? 0;
          return { level, untrained: Math.max(0, total - c.learning - c.intermediate - c.mastered), ...c };
        }),
      );
    };

    for (const e of events) {
      const d = e.data as CardLearnedData & { masteryBefore: Mastery };
      const p = pairs.get(`${d.userId}|${d.course}`)!;
      // Before the first grade of a user in a course, the level is the one the empty counts give.
      if (p.level === null) p.level = levelNow(p);
      const c = p.counts.get(d.level) ?? { learning: 0, intermediate: 0, mastered: 0 };
      if (e.type === CardGraded.type) c[d.masteryBefore] -= 1;
      c[d.masteryAfter] += 1;
      p.counts.set(d.level, c);
      p.dirty.add(d.level);
      const level = levelNow(p);
      if (level !== p.level) {
        p.level = level;
        p.changedPosition = e.globalPosition;
        p.changedAt = d.reviewedAt;
      }
    }

    const rows = list.flatMap((p) => [...p.dirty].map((level) => ({ p, level, c: p.counts.get(level)! })));
    await db.query(
      `insert into ${countsTable} as t (user_id, course, level, learning, intermediate, mastered)
       select * from unnest($1::uuid[], $2::text[], $3::smallint[], $4::int[], $5::int[], $6::int[])
       on conflict (user_id, course, level) do update
         set learning = excluded.learning, intermediate = excluded.intermediate, mastered = excluded.mastered`,
      [
        rows.map((r) => r.p.userId),
        rows.map((r) => r.p.course),
        rows.map((r) => r.level),
        rows.map((r) => r.c.learning),
        rows.map((r) => r.c.intermediate),
        rows.map((r) => r.c.mastered),
      ],
    );
    await db.query(
      `insert into ${levelsTable} as t (user_id, course, level, changed_position, changed_at)
       select * from unnest($1::uuid[], $2::text[], $3::smallint[], $4::bigint[], $5::timestamptz[])
       on conflict (user_id, course) do update
         set level = excluded.level, changed_position = excluded.changed_position, changed_at = excluded.changed_at`,
      [list.map((p) => p.userId), list.map((p) => p.course), list.map((p) => p.level), list.map((p) => p.changedPosition), list.map((p) => p.changedAt)],
    );
  },
};
