import { initialUserState } from '../user.state';
import { decideMarkUpdatesRead } from './mark-updates-read.decide';

const userId = '5b0b5f39-6f0b-4c6c-9a55-0a4d8c8f2b11';
const live = initialUserState(userId);

describe('decideMarkUpdatesRead', () => {
  it('given unread updates, then one event clears them', () => {
    expect(decideMarkUpdatesRead(live)).toEqual([{ type: 'UpdatesRead', data: { userId } }]);
  });

  it('given none unread, then no event', () => {
    expect(decideMarkUpdatesRead({ ...live, updatesUnread: 0 })).toEqual([]);
  });

  it('given an erased account, then it is not found', () => {
    expect(() => decideMarkUpdatesRead({ ...live, erased: true })).toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});
