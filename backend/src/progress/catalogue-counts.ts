import { Queryable } from '../platform/database/database';

/**
 * Servable materials per course and level: the cards a learner can learn (untrained = these − learned).
 * The catalogue belongs to the content context; this is the one query progress makes on it.
 */
export async function servableCounts(db: Queryable, courses: readonly string[]): Promise<Map<string, Map<number, number>>> {
  const result = new Map<string, Map<number, number>>();
  if (!courses.length) return result;
  const { rows } = await db.query<{ course: string; level: number; n: number }>(
    `select course, level, count(*)::int as n from materials where servable and course = any($1::text[]) group by course, level`,
    [courses],
  );
  for (const r of rows) {
    if (!result.has(r.course)) result.set(r.course, new Map());
    result.get(r.course)!.set(r.level, r.n);
  }
  return result;
}

/**
 * What the levels depend on besides the card events, per course, as a short string: the servable materials per
 * level and how many learners' cards are not served. The levels projection computes every learner's level of a
 * course again when its mark changes (progress_catalogue_marks).
 */
export async function catalogueMarks(db: Queryable, courses: readonly string[]): Promise<Map<string, string>> {
  const { rows } = await db.query<{ course: string; mark: string }>(
    `select k.course,
            coalesce((select string_agg(t.level || ':' || t.n, ',' order by t.level)
                        from (select level, count(*) as n from materials where servable and course = k.course group by level) t), '')
            || '|' || (select count(*) from card_states c where c.course = k.course and not c.servable) as mark
       from unnest($1::text[]) k(course)`,
    [courses],
  );
  return new Map(rows.map((r) => [r.course, r.mark]));
}
