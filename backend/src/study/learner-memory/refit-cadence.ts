/** A learner is refitted after this many new grades at least (the bench refits weekly: a few hundred grades). */
export const REFIT_EVERY_GRADES = 50;
/** ... and, once their log is long, after this share of it: the fit reads the whole log, so a learner with 20,000
 * grades is refitted every 2,000, and a rebuild's refits cost O(n log n) per learner rather than O(n²). */
export const REFIT_SHARE = 0.1;

/** Whether a learner with `seen` grades, last fitted at `atFit` grades, is due a refit. Counted in grades only. */
export function refitDue(seen: number, atFit: number): boolean {
  return seen - atFit >= Math.max(REFIT_EVERY_GRADES, Math.floor(atFit * REFIT_SHARE));
}
