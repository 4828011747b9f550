import { NewEvent } from '../../platform/event-store/event-store.types';
import { UpdatesRead } from '../user.events';
import { assertNotErased } from '../user.decide';
import { UserState } from '../user.state';

/** MarkUpdatesRead: clears the What's new badge; a badge already cleared records nothing. */
export function decideMarkUpdatesRead(state: UserState): NewEvent[] {
  assertNotErased(state);
  return state.updatesUnread === 0 ? [] : [UpdatesRead({ userId: state.id })];
}
