import { renameBodySchema } from '#contract/accounts.requests';
import { NewEvent } from '../../platform/event-store/event-store.types';
import { parseOrThrow } from '../../platform/http/zod.pipe';
import { ProfileRenamed } from '../user.events';
import { assertNotErased } from '../user.decide';
import { UserState } from '../user.state';

/**
 * RenameProfile: the name (trimmed) is the result, for the users table; the event only says that it changed,
 * since names are erasable and events are not. The name is checked with the API contract's body schema, so
 * a caller that comes another way gets the HTTP answer.
 */
export function decideRenameProfile(state: UserState, name: string): { events: NewEvent[]; result: string } {
  const checked = parseOrThrow(renameBodySchema, { name }).name;
  assertNotErased(state);
  return { events: [ProfileRenamed({ userId: state.id })], result: checked };
}
