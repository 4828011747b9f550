import { NewEvent } from '../../platform/event-store/event-store.types';
import { PasswordChanged } from '../user.events';
import { assertNotErased } from '../user.decide';
import { UserState } from '../user.state';

/** ChangePassword: the new hash goes to the users table; the event only says that it changed, and how. */
export function decideChangePassword(state: UserState): NewEvent[] {
  assertNotErased(state);
  return [PasswordChanged({ userId: state.id, via: 'change' })];
}
