// The review forecast counts cards by calendar day in the learner's own time zone, not by 24-hour blocks
// from now: "Tomorrow" must mean tomorrow on the learner's calendar, also on the 23- and 25-hour days of a
// DST change.

import { canonicalTimeZone } from '../kernel/time-zones';

export { canonicalTimeZone };

/** Today (including overdue), Tomorrow, +2, +3, +4 days (SPEC §9: the forecast covers 5 days). */
export const FORECAST_DAYS = 5;
export const FORECAST_LABELS = ['Today', 'Tomorrow', '+2', '+3', '+4'] as const;

const DAY_MS = 86_400_000;

/**
 * Counts due dates per calendar day from today in `timeZone` (an IANA name). Overdue cards count for today;
 * cards due after +4 days are left out. Returns FORECAST_DAYS numbers.
 */
export function forecastBuckets(dueDates: readonly Date[], now: Date, timeZone: string): number[] {
  const today = dayNumber(now, timeZone);
  const buckets: number[] = new Array(FORECAST_DAYS).fill(0);
  for (const due of dueDates) {
    const offset = Math.max(0, dayNumber(due, timeZone) - today);
    if (offset < FORECAST_DAYS) buckets[offset] += 1;
  }
  return buckets;
}

/** Calendar days from `now`'s day to `date`'s day in `timeZone` (negative when earlier). */
export function calendarDayOffset(date: Date, now: Date, timeZone: string): number {
  return dayNumber(date, timeZone) - dayNumber(now, timeZone);
}

/** The local date as 'YYYY-MM-DD', e.g. to count the different days a learner studied on. */
export function calendarDay(date: Date, timeZone: string): string {
  const { year, month, day } = localDate(date, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** True for a time zone name the runtime knows (IANA names such as 'Europe/Berlin', and 'UTC'). */
export function isValidTimeZone(name: unknown): name is string {
  return canonicalTimeZone(name) !== null;
}

// Days since the epoch of the local calendar date: differences of these are whole calendar days,
// whatever the length of the days in between.
function dayNumber(date: Date, timeZone: string): number {
  const { year, month, day } = localDate(date, timeZone);
  return Math.round(Date.UTC(year, month - 1, day) / DAY_MS);
}

function localDate(date: Date, timeZone: string): { year: number; month: number; day: number } {
  const parts = formatterFor(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

// Building a DateTimeFormat is far slower than using one; a forecast formats every due date.
// Bounded, because the keys are whatever names callers pass.
const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_CACHED_FORMATTERS = 1_000;

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    if (formatters.size >= MAX_CACHED_FORMATTERS) formatters.clear();
    formatters.set(timeZone, formatter);
  }
  return formatter;
}
