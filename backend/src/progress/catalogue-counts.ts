import { Queryable } from '../platform/database/database';

/**
 * The cards of each course and level a learner has to learn to finish it: every material the course holds
 * that is not retired, served or not. A card that cannot be served yet (no sentence) still counts, so a level
 * never counts as complete because its missing cards are missing (docs/decisions.md "Honest availability").
 * The catalogue belongs to the content context; this is the one query progress makes on it.
 *
 * Kept per catalogue revision (bumped in every transaction that changes the catalogue) and database: the levels
 * projection and the awards reactor need the counts for every batch, and counting scans the catalogue (6 ms,
 * a third of a grade's PostgreSQL time at 64 learners, issue 19). The revision is read in the caller's
 * transaction, so a batch never uses counts older than the catalogue it sees.
 */
export async function levelCardCounts(db: Queryable, courses: readonly string[]): Promise<Map<string, Map<number, number>>> {
  const result = new Map<string, Map<number, number>>();
  if (!courses.length) return result;
  const { rows } = await db.query<{ key: string }>({
    name: 'progress_catalogue_key',
    text: `select d.oid::text || '@' || c.revision::text as key from catalogue_revision c, pg_database d where d.datname = current_database()`,
  });
  const key = rows[0]?.key;
  if (!key || cachedCounts?.key !== key) cachedCounts = { key: key ?? '', counts: await countCards(db) };
  for (const course of courses) {
    const levels = cachedCounts.counts.get(course);
    if (levels) result.set(course, new Map(levels));
  }
  return result;
}

let cachedCounts: { key: string; counts: Map<string, Map<number, number>> } | undefined;

async function countCards(db: Queryable): Promise<Map<string, Map<number, number>>> {
  const counts = new Map<string, Map<number, number>>();
  const { rows } = await db.query<{ course: string; level: number; n: number }>(
    `select course, level, count(*)::int as n from materials where not retired group by course, level`,
  );
  for (const r of rows) {
    if (!counts.has(r.course)) counts.set(r.course, new Map());
    counts.get(r.course)!.set(r.level, r.n);
  }
  return counts;
}

/**
 * What the levels depend on besides the card events, per course, as a short string: the cards and the servable
 * materials per level and how many learners' cards are not served. The levels projection computes every learner's level of a
 * course again when its mark changes (progress_catalogue_marks).
 */
export async function catalogueMarks(db: Queryable, courses: readonly string[]): Promise<Map<string, string>> {
  const { rows } = await db.query<{ course: string; mark: string }>(
    `select k.course,
            coalesce((select string_agg(t.level || ':' || t.n, ',' order by t.level)
                        from (select level, count(*) filter (where not retired) || '/' || count(*) filter (where servable) as n
                                from materials where course = k.course group by level) t), '')
            || '|' || (select count(*) from card_states c where c.course = k.course and not c.servable) as mark
       from unnest($1::text[]) k(course)`,
    [courses],
  );
  return new Map(rows.map((r) => [r.course, r.mark]));
}
