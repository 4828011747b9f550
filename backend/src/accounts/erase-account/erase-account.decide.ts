import { NewEvent } from '../../platform/event-store/event-store.types';
import { UserErased } from '../user.events';
import { assertNotErased } from '../user.decide';
import { UserState } from '../user.state';

/** EraseAccount: once. The personal data goes with the same transaction; the event keeps the id only. */
export function decideEraseAccount(state: UserState): NewEvent[] {
  assertNotErased(state);
  return [UserErased({ userId: state.id })];
}
