import { UNKNOWN_TIME_ZONE } from '#contract/accounts.requests';
import { canonicalTimeZone } from '../../kernel/time-zones';
import { AppError } from '../../platform/errors/app-error';
import { NewEvent } from '../../platform/event-store/event-store.types';
import { TimeZoneSet } from '../user.events';
import { assertNotErased } from '../user.decide';
import { UserState } from '../user.state';

/**
 * SetTimeZone: recorded in its canonical spelling (the result), and only when it changes. The HTTP body schema
 * refuses unknown zones already; this guards any other caller.
 */
export function decideSetTimeZone(state: UserState, timezone: string): { events: NewEvent[]; result: string } {
  const canonical = canonicalTimeZone(timezone);
  if (canonical === null) throw new AppError('validation_failed', UNKNOWN_TIME_ZONE, { fields: [{ field: 'timezone', message: UNKNOWN_TIME_ZONE }] });
  assertNotErased(state);
  return { events: state.timezone === canonical ? [] : [TimeZoneSet({ userId: state.id, timezone: canonical })], result: canonical };
}
