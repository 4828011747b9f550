import { evolve, initialUserState } from '../user.state';
import { decideSignUp } from './sign-up.decide';

const userId = '5b0b5f39-6f0b-4c6c-9a55-0a4d8c8f2b11';

describe('decideSignUp', () => {
  it('given the fresh row of a new account, then one event registers it, with its id only, and leaves the initial state', () => {
    const events = decideSignUp(initialUserState(userId));
    expect(events).toEqual([{ type: 'UserRegistered', data: { userId } }]);
    expect(events.reduce(evolve, initialUserState(userId))).toEqual(initialUserState(userId));
  });
});
