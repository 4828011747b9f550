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
 * session's review right after the new cards; a failed review (grade 0) is due again at once, so it comes
 * back before this session ends (backend grade-card.decide.ts).
 */
export function gradeOutcome(hours: number, newCard: boolean): { text: string; hint?: string } {
  if (Math.round(hours) > 0) return { text: formatInterval(hours) };
  return newCard
    ? { text: 'review now', hint: "Comes back in this session's review, right after the new cards." }
    : { text: 'again in this session', hint: 'Comes back before this session ends.' };
}

/** "Next reviews in …": minutes, hours or days, whichever reads best. */
export function formatWait(minutes: number): string {
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return plural(Math.round(minutes), 'minute');
  if (minutes < 24 * 60) return plural(Math.round(minutes / 60), 'hour');
  return plural(Math.round(minutes / (24 * 60)), 'day');
}
