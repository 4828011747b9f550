import { AppError } from '../../platform/errors/app-error';
import { NewEvent } from '../../platform/event-store/event-store.types';
import { PasswordChanged } from '../user.events';
import { UserState } from '../user.state';

export const RESET_INVALID_MESSAGE = 'This password reset link is not valid or has already been used. Ask for a new one.';
export const RESET_EXPIRED_MESSAGE = 'This password reset link has expired (links work for one hour). Ask for a new one.';

export function invalidResetLink(): AppError {
  return new AppError('validation_failed', RESET_INVALID_MESSAGE, { fields: [{ field: 'token', message: RESET_INVALID_MESSAGE }] });
}

export interface ResetLink {
  expiresAt: Date;
  usedAt: Date | null;
}

/** A link works once, until it expires; an unknown token says no more than a used one. */
export function assertResetLinkUsable<L extends ResetLink>(link: L | undefined, now: Date): asserts link is L {
  if (!link || link.usedAt) throw invalidResetLink();
  if (link.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('validation_failed', RESET_EXPIRED_MESSAGE, { fields: [{ field: 'token', message: RESET_EXPIRED_MESSAGE }] });
  }
}

/**
 * ResetPassword: the new hash goes to the users table; the event only says that it changed, and how. The link
 * of an erased account is as invalid as a used one (its links were deleted with it; this covers one read just
 * before).
 */
export function decideResetPassword(state: UserState): NewEvent[] {
  if (state.erased) throw invalidResetLink();
  return [PasswordChanged({ userId: state.id, via: 'reset' })];
}
