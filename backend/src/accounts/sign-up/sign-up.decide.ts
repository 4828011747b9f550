import { NewEvent } from '../../platform/event-store/event-store.types';
import { UserRegistered } from '../user.events';
import { UserState } from '../user.state';

/**
 * SignUp on the account's fresh users row: the stream is new, so the command path appends at version 0 (no
 * stream), and a second registration of the same id could only fail.
 */
export function decideSignUp(state: UserState): NewEvent[] {
  return [UserRegistered({ userId: state.id })];
}
