// Vacation mode (issue 30, item 4): start and end a pause. In lib, not a feature: settings starts it, and the home
// and course pages show it with their Resume button.
import { vacationAnswerSchema } from '../../../contract/accounts';
import { api } from './api';
import { newIdempotencyKey } from './retry';

export { type Vacation } from '../../../contract/accounts';

/** One key per click: a retried request (a double click, a flaky network) is applied once. */
export function startVacation(returnsOn: string | null, idempotencyKey: string = newIdempotencyKey()) {
  return api.post('/api/users/vacation', returnsOn ? { returns_on: returnsOn } : {}, vacationAnswerSchema, { 'Idempotency-Key': idempotencyKey });
}

export function endVacation(idempotencyKey: string = newIdempotencyKey()) {
  return api.post('/api/users/vacation/end', {}, vacationAnswerSchema, { 'Idempotency-Key': idempotencyKey });
}

/** "Monday 14 December" for a YYYY-MM-DD day, in the reader's locale, without time-zone drift. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
}
