import { AppError } from '../../platform/errors/app-error';
import { NewEvent } from '../../platform/event-store/event-store.types';
import { VacationStarted } from '../user.events';
import { assertNotErased } from '../user.decide';
import { UserState } from '../user.state';

export const ALREADY_ON_VACATION = 'You are already on vacation. End it first to start another one.';
export const RETURN_DATE_NOT_IN_FUTURE = 'The return date must be after today.';
/** A pause longer than a year is an abandoned account, not a vacation: the date is more likely a typo. */
export const MAX_VACATION_DAYS = 366;
export const RETURN_DATE_TOO_FAR = `The return date must be within ${MAX_VACATION_DAYS} days.`;

/** The local calendar date ('YYYY-MM-DD') of an instant in a time zone. */
export function localDay(at: Date, timeZone: string): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

function daysBetween(fromDay: string, toDay: string): number {
  return Math.round((Date.parse(`${toDay}T00:00:00Z`) - Date.parse(`${fromDay}T00:00:00Z`)) / 86_400_000);
}

/**
 * StartVacation: a pause from now on. The planned return day, when given, must be a day after today in the
 * learner's time zone (today would be no vacation at all) and within a year. Only one vacation at a time.
 */
export function decideStartVacation(state: UserState, returnsOn: string | null, now: Date): NewEvent[] {
  assertNotErased(state);
  if (state.vacation) throw new AppError('conflict', ALREADY_ON_VACATION);
  if (returnsOn !== null) {
    const ahead = daysBetween(localDay(now, state.timezone), returnsOn);
    if (ahead < 1) throw returnsOnInvalid(RETURN_DATE_NOT_IN_FUTURE);
    if (ahead > MAX_VACATION_DAYS) throw returnsOnInvalid(RETURN_DATE_TOO_FAR);
  }
  return [VacationStarted({ userId: state.id, startedAt: now.toISOString(), returnsOn })];
}

function returnsOnInvalid(message: string): AppError {
  return new AppError('validation_failed', message, { fields: [{ field: 'returns_on', message }] });
}
