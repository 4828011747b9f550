import type { VacationEndedData } from '../../accounts';
import { Queryable, quoteIdent } from '../../platform/database/database';

/**
 * A vacation's end, on card_states (issue 30, item 4): every card of the learner last reviewed before the pause
 * began is due later by the pause's length. A card due in the middle of the vacation is then due as long after
 * the return as it was after the start; one already overdue when the vacation began is exactly as overdue as it
 * was then, not more. A card reviewed during the vacation (the learner studied anyway) kept its fresh schedule.
 * The one rule for the live write and the rebuild (card-states.projection.ts), so both give the same rows.
 */
export async function shiftCardsForVacation(db: Queryable, table: string, ended: Pick<VacationEndedData, 'userId' | 'startedAt' | 'pausedSeconds'>): Promise<number> {
  if (ended.pausedSeconds <= 0) return 0;
  const { rowCount } = await db.query(
    `update ${quoteIdent(table)} set due_at = due_at + make_interval(secs => $3)
      where user_id = $1 and last_reviewed_at < $2`,
    [ended.userId, ended.startedAt, ended.pausedSeconds],
  );
  return rowCount ?? 0;
}
