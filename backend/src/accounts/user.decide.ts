import { AppError } from '../platform/errors/app-error';
import { UserState } from './user.state';

export const ACCOUNT_NOT_FOUND = 'This account does not exist.';

/** An erased account, or one that never was, answers the same: nothing tells them apart from outside. */
export function accountNotFound(): AppError {
  return new AppError('not_found', ACCOUNT_NOT_FOUND);
}

/** The first rule of every command on one's own account: an erased account takes no more commands. */
export function assertNotErased(state: UserState): void {
  if (state.erased) throw accountNotFound();
}
