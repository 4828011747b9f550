import { evolve, initialUserState } from '../user.state';
import { decideEraseAccount } from './erase-account.decide';

const userId = '5b0b5f39-6f0b-4c6c-9a55-0a4d8c8f2b11';

describe('decideEraseAccount', () => {
  it('given a live admin, then one event erases the account and its role with it', () => {
    const events = decideEraseAccount({ ...initialUserState(userId), isAdmin: true });
    expect(events).toEqual([{ type: 'UserErased', data: { userId } }]);
    expect(events.reduce(evolve, { ...initialUserState(userId), isAdmin: true })).toMatchObject({ erased: true, isAdmin: false });
  });

  it('given an account erased already, then it is not found: erasure happens once', () => {
    expect(() => decideEraseAccount({ ...initialUserState(userId), erased: true })).toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});
