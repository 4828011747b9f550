import { ALREADY_KNOWN_GRADE } from './grades';
import { ALREADY_KNOWN_INTERVAL_HOURS } from './mastery';
import type { IntervalRule } from './rule';

// Scheduler version 2, Kioku's rule until issue 30 (DESIGN §4): kept for the bench's comparison and as the record
// of what decided the grades stamped with version 1 and 2 (version 1 differed only in "I already know it" mastery).
export const HARD_FACTOR = 1.5;
export const HARD_MIN_HOURS = 4;
export const EASY_FACTOR = 2.5;
export const EASY_MIN_HOURS = 8;

export const ladder: IntervalRule = {
  version: 2,
  lesson: (grade) => ({ interval_hours: grade === ALREADY_KNOWN_GRADE ? ALREADY_KNOWN_INTERVAL_HOURS : 0, memory: null }),
  review: (card, grade) => ({ interval_hours: ladderInterval(grade, card.interval_hours), memory: null }),
};

/** The ladder's next interval from the previous one: a lapse starts again from 0 hours. */
export function ladderInterval(grade: 0 | 3 | 5, previousHours: number): number {
  switch (grade) {
    case 0:
      return 0;
    case 3:
      return Math.max(HARD_MIN_HOURS, Math.round(previousHours * HARD_FACTOR));
    case 5:
      return Math.max(EASY_MIN_HOURS, Math.round(previousHours * EASY_FACTOR));
  }
}
