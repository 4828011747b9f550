// When a card is a leech (issue 31, item 11): pure, no clock, no I/O. A lapse is a review answered "Didn't get it"
// (grade 0) after the card was learned: a lesson's grade 0 is the first meeting, not a failure, and an undone
// answer is no lapse (the undo restores the count the card had). A re-learn starts the count again.

/** How many lapses make a card a leech: the count Anki's default also uses. */
export const LEECH_LAPSES = 8;

/** The grade that is a lapse when given in a review. */
export const LAPSE_GRADE = 0;

/** The card's lapse count after a grade: one more for a failed review, unchanged otherwise. */
export function lapsesAfter(lapsesBefore: number, grade: number, review: boolean): number {
  return review && grade === LAPSE_GRADE ? lapsesBefore + 1 : lapsesBefore;
}

export function isLeech(lapses: number): boolean {
  return lapses >= LEECH_LAPSES;
}

/**
 * When the card became a leech, after a grade at `reviewedAt`: the moment it stays marked since (the dashboard
 * orders by it), kept while it stays a leech, set by the grade that reaches the threshold, gone below it.
 */
export function leechSinceAfter(leechSinceBefore: string | null, lapses: number, reviewedAt: string): string | null {
  if (!isLeech(lapses)) return null;
  return leechSinceBefore ?? reviewedAt;
}
