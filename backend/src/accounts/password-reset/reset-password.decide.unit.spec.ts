import { initialUserState } from '../user.state';
import { assertResetLinkUsable, decideResetPassword, RESET_EXPIRED_MESSAGE, RESET_INVALID_MESSAGE } from './reset-password.decide';

const userId = '5b0b5f39-6f0b-4c6c-9a55-0a4d8c8f2b11';
const now = new Date('2030-01-02T03:00:00Z');
const refusal = (message: string) => expect.objectContaining({ code: 'validation_failed', message, details: { fields: [{ field: 'token', message }] } });

describe('assertResetLinkUsable', () => {
  it('given an unused link before its expiry, then it passes', () => {
    expect(() => assertResetLinkUsable({ expiresAt: new Date(now.getTime() + 1), usedAt: null }, now)).not.toThrow();
  });

  it('given no link or a used one, then the link is invalid', () => {
    expect(() => assertResetLinkUsable(undefined, now)).toThrow(refusal(RESET_INVALID_MESSAGE));
    expect(() => assertResetLinkUsable({ expiresAt: new Date(now.getTime() + 60_000), usedAt: now }, now)).toThrow(refusal(RESET_INVALID_MESSAGE));
  });

  it('given an unused link at its expiry, then it has expired', () => {
    expect(() => assertResetLinkUsable({ expiresAt: now, usedAt: null }, now)).toThrow(refusal(RESET_EXPIRED_MESSAGE));
  });
});

describe('decideResetPassword', () => {
  it('given a live account, then one event says the password changed by a reset', () => {
    expect(decideResetPassword(initialUserState(userId))).toEqual([{ type: 'PasswordChanged', data: { userId, via: 'reset' } }]);
  });

  it('given an erased account, then its link is invalid (not "not found": the link is what was asked about)', () => {
    expect(() => decideResetPassword({ ...initialUserState(userId), erased: true })).toThrow(refusal(RESET_INVALID_MESSAGE));
  });
});
