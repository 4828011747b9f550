// Back from a break (issue 30, item 4): when the reviews due are a pile far above the learner's usual load, the
// study panel offers a plan instead of the raw count. Pure rules; the facts come from catch-up.query.ts.

/** The plan lengths offered, in days. */
export const PLAN_DAYS = [3, 7, 14] as const;
export type PlanDays = (typeof PLAN_DAYS)[number];
/** Below this many reviews due a learner just studies them: no plan is offered. */
export const PILE_MIN_REVIEWS = 100;
/** A pile is more than this many times the usual daily load. */
export const PILE_LOAD_FACTOR = 3;

/**
 * The usual daily load of a course: the reviews its cards bring per day in their steady state, each card once per
 * interval (a card due more often than daily counts as one a day). It needs no history, so it holds for a learner
 * who was away for the whole of any look-back window, and it is read in the same scan as the due count.
 */
export function usualDailyReviews(intervalsHours: readonly number[]): number {
  return intervalsHours.reduce((sum, h) => sum + 24 / Math.max(24, h), 0);
}

/** A pile: more than PILE_MIN_REVIEWS due and more than PILE_LOAD_FACTOR times the usual daily load. */
export function isPile(reviewsDue: number, usualDaily: number): boolean {
  return reviewsDue > PILE_MIN_REVIEWS && reviewsDue > PILE_LOAD_FACTOR * usualDaily;
}

/** The day's quota of a plan: the pile spread evenly, rounded up so the last day is not the heaviest. */
export function dailyQuota(reviews: number, days: number): number {
  return Math.max(1, Math.ceil(reviews / days));
}

export function planChoices(reviews: number): Array<{ days: PlanDays; per_day: number }> {
  return PLAN_DAYS.map((days) => ({ days, per_day: dailyQuota(reviews, days) }));
}
