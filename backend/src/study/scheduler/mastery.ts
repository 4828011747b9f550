import type { Mastery, ReviewGrade } from './grades';

// SPEC §4 and §9: these rules hold whatever the interval rule is.
/** Intermediate: still easy after a gap of 6+ days; mastered: after 30+ days. */
export const INTERMEDIATE_GAP_HOURS = 6 * 24;
export const MASTERED_GAP_HOURS = 30 * 24;
/** "I already know it" starts the card at 29 days. */
export const ALREADY_KNOWN_INTERVAL_HOURS = 29 * 24;

/**
 * Mastery only rises on an easy grade after a long enough gap, so a card has to be remembered over days,
 * not minutes. A failure costs one step at most, and never back to learning.
 */
export function nextMastery(current: Mastery, grade: ReviewGrade, gapHours: number): Mastery {
  if (grade === 0) return current === 'mastered' ? 'intermediate' : current;
  if (grade !== 5) return current;
  if (current === 'learning' && gapHours >= INTERMEDIATE_GAP_HOURS) return 'intermediate';
  if (current === 'intermediate' && gapHours >= MASTERED_GAP_HOURS) return 'mastered';
  return current;
}

/**
 * "I already know it" (scheduler version 2 on): the learner vouches for the card, so it counts as Intermediate at
 * once and never holds the level back; the 29-day review checks the claim (docs/decisions.md "Known cards").
 */
export function lessonMastery(alreadyKnown: boolean): Mastery {
  return alreadyKnown ? 'intermediate' : 'learning';
}
