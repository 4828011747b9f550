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

/** "Next reviews in …": minutes, hours or days, whichever reads best. */
export function formatWait(minutes: number): string {
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return plural(Math.round(minutes), 'minute');
  if (minutes < 24 * 60) return plural(Math.round(minutes / 60), 'hour');
  return plural(Math.round(minutes / (24 * 60)), 'day');
}
