// Human wording for times and intervals.

const UNITS: Array<[unit: string, seconds: number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** SPEC §5: 'N unit(s) ago', or 'Just now' under a minute (and for times in the future, from clock skew). */
export function relativeTime(date: Date | string, now: Date = new Date()): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const seconds = Math.floor((now.getTime() - then.getTime()) / 1000);
  if (!Number.isFinite(seconds) || seconds < 60) return 'Just now';
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return `${plural(Math.floor(seconds / size), unit)} ago`;
  }
  return 'Just now';
}

/** SPEC §4: the next interval in hours, or in days from 24 hours on. */
export function formatInterval(hours: number): string {
  if (hours >= 24) return plural(Math.round(hours / 24), 'day');
  return plural(Math.max(0, Math.round(hours)), 'hour');
}

/**
 * What a grade button says happens to the card, from the interval that grade gives (`next_intervals`). An
 * interval of 0 is not a wait: a lesson grade 0/3/5 makes a new card due at once, so it comes back in this
 * session's review right after the batch of new cards; a failed review (grade 0) is due again at once, so it
 * comes back before this session ends (study/scheduler: the ladder's lesson rule and review rule).
 */
export function gradeOutcome(hours: number, newCard: boolean): { text: string; hint?: string } {
  if (Math.round(hours) > 0) return { text: formatInterval(hours) };
  return newCard
    ? { text: 'after this batch', hint: "Comes back in this session's review, right after the new cards." }
    : { text: 'again in this session', hint: 'Comes back before this session ends.' };
}

/** The grade buttons' outcome lines: one per button, or one for the group when every button does the same. */
export interface GradeOutcomes {
  perGrade: Record<string, { text: string; hint?: string } | null>;
  /** every grade does the same (a new card under today's rule: reviewed after the batch whatever the grade) */
  shared: string | null;
}

export const NEW_CARD_SHARED_OUTCOME = "Whichever you choose, this new card comes back in this session's review, right after the new cards.";

/**
 * Three buttons each saying "review now" on a new card told the learner nothing (issue 31): the scheduler gives a
 * lesson grade the same schedule whatever the grade, so that is said once, truthfully, for the group.
 */
export function gradeOutcomes(nextIntervals: Record<string, number> | null | undefined, grades: readonly number[], newCard: boolean): GradeOutcomes {
  const perGrade = Object.fromEntries(grades.map((g) => [String(g), nextIntervals?.[String(g)] != null ? gradeOutcome(nextIntervals[String(g)], newCard) : null]));
  const texts = new Set(Object.values(perGrade).map((o) => o?.text ?? null));
  if (grades.length > 1 && texts.size === 1 && !texts.has(null)) {
    const [only] = Object.values(perGrade);
    const shared = newCard && only!.text === 'after this batch' ? NEW_CARD_SHARED_OUTCOME : `Whichever you choose: ${only!.text}.`;
    return { perGrade: Object.fromEntries(grades.map((g) => [String(g), null])), shared };
  }
  return { perGrade, shared: null };
}

/** "Next reviews in …": minutes, hours or days, whichever reads best. */
export function formatWait(minutes: number): string {
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return plural(Math.round(minutes), 'minute');
  if (minutes < 24 * 60) return plural(Math.round(minutes / 60), 'hour');
  return plural(Math.round(minutes / (24 * 60)), 'day');
}
