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
