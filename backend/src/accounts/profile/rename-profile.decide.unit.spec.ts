import { initialUserState } from '../user.state';
import { decideRenameProfile } from './rename-profile.decide';

const userId = '5b0b5f39-6f0b-4c6c-9a55-0a4d8c8f2b11';
const live = initialUserState(userId);

describe('decideRenameProfile', () => {
  it('given a name, then the event carries no name and the trimmed name is the result', () => {
    expect(decideRenameProfile(live, '  Aiko  ')).toEqual({ events: [{ type: 'ProfileRenamed', data: { userId } }], result: 'Aiko' });
  });

  it('given a blank or an over-long name, then it is refused on the name field as the HTTP body is', () => {
    expect(() => decideRenameProfile(live, '   ')).toThrow(
      expect.objectContaining({ code: 'validation_failed', message: 'The request is not valid. name: Enter your name.', details: { fields: [{ field: 'name', message: 'Enter your name.' }] } }),
    );
    expect(() => decideRenameProfile(live, 'x'.repeat(101))).toThrow(expect.objectContaining({ details: { fields: [{ field: 'name', message: 'Use at most 100 characters.' }] } }));
    expect(decideRenameProfile(live, 'x'.repeat(100)).result).toHaveLength(100);
  });

  it('given an erased account, then it is not found', () => {
    expect(() => decideRenameProfile({ ...live, erased: true }, 'Aiko')).toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});
