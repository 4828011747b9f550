import type { Queryable } from '../platform/database/database';
import type { Mastery } from './card.events';

/** A learner's cards of one level that are not served now, per mastery. */
export type UnservedCounts = Record<Mastery, number>;

/**
 * The cards of each (user, course) whose material is not served now (retired, or a reading card whose word is
 * retired, or missing its sentence), per level and mastery: the progress read models count every card from
 * the card events and subtract these, so a retired word stops counting at once and counts again, with its
 * schedule, when it comes back. Read through the partial index card_states_unserved (usually empty).
 * Result key: `${userId}|${course}` → level → counts.
 */
export async function unservedCardCounts(
  db: Queryable,
  pairs: readonly { userId: string; course: string }[],
): Promise<Map<string, Map<number, UnservedCounts>>> {
  const out = new Map<string, Map<number, UnservedCounts>>();
  if (!pairs.length) return out;
  const { rows } = await db.query<{ user_id: string; course: string; level: number; mastery: Mastery; n: number }>(
    `select c.user_id, c.course, c.level, c.mastery, count(*)::int as n
       from unnest($1::uuid[], $2::text[]) k(user_id, course)
       join card_states c on c.user_id = k.user_id and c.course = k.course and not c.servable
      group by 1, 2, 3, 4`,
    [pairs.map((p) => p.userId), pairs.map((p) => p.course)],
  );
  for (const r of rows) {
    const key = `${r.user_id}|${r.course}`;
    if (!out.has(key)) out.set(key, new Map());
    const levels = out.get(key)!;
    if (!levels.has(r.level)) levels.set(r.level, { learning: 0, intermediate: 0, mastered: 0 });
    levels.get(r.level)![r.mastery] += r.n;
  }
  return out;
}
