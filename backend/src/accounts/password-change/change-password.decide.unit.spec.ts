import { initialUserState } from '../user.state';
import { decideChangePassword } from './change-password.decide';

const userId = '5b0b5f39-6f0b-4c6c-9a55-0a4d8c8f2b11';

describe('decideChangePassword', () => {
  it('given a live account, then one event says the password changed by the user, without the password', () => {
    expect(decideChangePassword(initialUserState(userId))).toEqual([{ type: 'PasswordChanged', data: { userId, via: 'change' } }]);
  });

  it('given an erased account, then it is not found', () => {
    expect(() => decideChangePassword({ ...initialUserState(userId), erased: true })).toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});
