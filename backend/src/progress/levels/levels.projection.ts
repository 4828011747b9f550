import { MATERIAL_EVENT_TYPES } from '../../content';
import { Queryable, quoteIdent } from '../../platform/database/database';
import { RecordedEvent } from '../../platform/event-store/event-store.types';
import { Projection, TableNames } from '../../platform/projections/projection';
import { CardGraded, CardGradeUndone, CardLearned, COURSES, LEVELS, levelOf, MAX_LEVEL, unservedCardCounts, type CardGradeUndoneData, type CardLearnedData, type Mastery } from '../../study';
import { catalogueMarks, levelCardCounts } from '../catalogue-counts';

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
 * The counts hold every card the events made; what the level counts are the cards of materials served now:
 * the cards of retired materials (card_states.servable false) are subtracted when the level is computed, and
 * by the stats when they are read. The level also depends on the catalogue (untrained = the level's cards,
 * servable or not yet, − served cards learned: a level with cards still missing their sentence is not complete),
 * read when the batch is applied. When a batch holds material events (a content load,
 * an admin's edit, a retirement) and the catalogue's servable totals or the unserved cards changed since the
 * last time (progress_catalogue_marks), the level of every learner of the courses concerned is computed again,
 * set-based: so a retired word lets a learner up a level at once, and a rebuild against the same catalogue
 * reproduces the same levels.
 */
export const levelsProjection: Projection = {
  name: LEVELS_PROJECTION,
  eventTypes: [CardLearned.type, CardGraded.type, CardGradeUndone.type, ...MATERIAL_EVENT_TYPES],
  tables: ['progress_level_counts', 'progress_levels', 'progress_catalogue_marks'],
  async apply(db: Queryable, allEvents: RecordedEvent[], tables: TableNames) {
    const material = new Set<string>(MATERIAL_EVENT_TYPES);
    const events = allEvents.filter((e) => !material.has(e.type));
    const lastMaterial = [...allEvents].reverse().find((e) => material.has(e.type));
    if (events.length) await applyCardEvents(db, events, tables);
    if (lastMaterial) await followCatalogue(db, lastMaterial, tables);
  },
};

async function applyCardEvents(db: Queryable, events: RecordedEvent[], tables: TableNames): Promise<void> {
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
  const [counts, levels, catalogue, unserved] = [
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
    await levelCardCounts(db, [...new Set(list.map((p) => p.course))]),
    await unservedCardCounts(db, list),
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
    const off = unserved.get(`${p.userId}|${p.course}`);
    return levelOf(
      LEVELS.map((level) => {
        const all = p.counts.get(level) ?? { learning: 0, intermediate: 0, mastered: 0 };
        const u = off?.get(level);
        // Only the cards served now count (the others' materials are not in the totals either).
        const c = u
          ? {
              learning: Math.max(0, all.learning - u.learning),
              intermediate: Math.max(0, all.intermediate - u.intermediate),
              mastered: Math.max(0, all.mastered - u.mastered),
            }
          : all;
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
    if (e.type === CardGradeUndone.type) {
      // The undone grade's move, backwards: out of the mastery it left, into the restored one (none: new again).
      const u = e.data as CardGradeUndoneData;
      c[u.masteryBefore] -= 1;
      if (u.masteryAfter) c[u.masteryAfter] += 1;
    } else {
      if (e.type === CardGraded.type) c[d.masteryBefore] -= 1;
      c[d.masteryAfter] += 1;
    }
    p.counts.set(d.level, c);
    p.dirty.add(d.level);
    const level = levelNow(p);
    if (level !== p.level) {
      p.level = level;
      p.changedPosition = e.globalPosition;
      p.changedAt = e.type === CardGradeUndone.type ? (e.data as CardGradeUndoneData).undoneAt : d.reviewedAt;
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
}

/**
 * After material events: when the catalogue's servable totals or the unserved cards of a course changed since
 * the last look, every learner's level in that course is computed again, in one statement that mirrors
 * levelOf (the lowest level whose untrained + learning served cards are not 0; 9 when there is none). A level
 * changed this way is not announced as a grade's new_level (changed_position is the material event's).
 */
async function followCatalogue(db: Queryable, last: RecordedEvent, tables: TableNames): Promise<void> {
  const marksTable = quoteIdent(tables.progress_catalogue_marks);
  const now = await catalogueMarks(db, COURSES);
  const { rows } = await db.query<{ course: string; mark: string }>(`select course, mark from ${marksTable}`);
  const seen = new Map(rows.map((r) => [r.course, r.mark]));
  const changed = COURSES.filter((c) => seen.get(c) !== now.get(c));
  if (!changed.length) return;
  await db.query(
    `with totals as (select course, level, count(*)::int as n from materials where not retired and course = any($1::text[]) group by 1, 2),
          unserved as (select user_id, course, level,
                              count(*) filter (where mastery = 'learning')::int as l,
                              count(*) filter (where mastery = 'intermediate')::int as i,
                              count(*) filter (where mastery = 'mastered')::int as m
                         from card_states where not servable and course = any($1::text[]) group by 1, 2, 3),
          per_level as (
            select p.user_id, p.course, g.level, coalesce(t.n, 0) as total,
                   greatest(0, coalesce(c.learning, 0) - coalesce(u.l, 0)) as l,
                   greatest(0, coalesce(c.intermediate, 0) - coalesce(u.i, 0)) as i,
                   greatest(0, coalesce(c.mastered, 0) - coalesce(u.m, 0)) as m
              from ${quoteIdent(tables.progress_levels)} p
             cross join generate_series(1, ${MAX_LEVEL}) g(level)
              left join totals t on t.course = p.course and t.level = g.level
              left join ${quoteIdent(tables.progress_level_counts)} c on c.user_id = p.user_id and c.course = p.course and c.level = g.level
              left join unserved u on u.user_id = p.user_id and u.course = p.course and u.level = g.level
             where p.course = any($1::text[])),
          computed as (
            select user_id, course, coalesce(min(level) filter (where greatest(0, total - l - i - m) + l > 0), ${MAX_LEVEL}) as level
              from per_level group by 1, 2)
     update ${quoteIdent(tables.progress_levels)} p set level = c.level, changed_position = $2, changed_at = $3
       from computed c
      where p.user_id = c.user_id and p.course = c.course and p.level <> c.level`,
    [changed, last.globalPosition, last.recordedAt],
  );
  await db.query(
    `insert into ${marksTable} (course, mark) select * from unnest($1::text[], $2::text[])
     on conflict (course) do update set mark = excluded.mark`,
    [changed, changed.map((c) => now.get(c)!)],
  );
}
