import { initialUserState } from '../user.state';
import { UNKNOWN_TIME_ZONE } from '#contract/accounts.requests';
import { decideSetTimeZone } from './set-time-zone.decide';

const userId = '5b0b5f39-6f0b-4c6c-9a55-0a4d8c8f2b11';
const live = initialUserState(userId);

describe('decideSetTimeZone', () => {
  it('given a zone in any case, then it is recorded and answered in its canonical spelling', () => {
    expect(decideSetTimeZone(live, 'europe/berlin')).toEqual({ events: [{ type: 'TimeZoneSet', data: { userId, timezone: 'Europe/Berlin' } }], result: 'Europe/Berlin' });
  });

  it('given the zone the account has already, then no event', () => {
    expect(decideSetTimeZone({ ...live, timezone: 'Asia/Tokyo' }, 'ASIA/TOKYO')).toEqual({ events: [], result: 'Asia/Tokyo' });
  });

  it('given an unknown zone, then it is refused on the timezone field', () => {
    expect(() => decideSetTimeZone(live, 'Mars/Olympus')).toThrow(
      expect.objectContaining({ code: 'validation_failed', message: UNKNOWN_TIME_ZONE, details: { fields: [{ field: 'timezone', message: UNKNOWN_TIME_ZONE }] } }),
    );
  });

  it('given an erased account, then it is not found', () => {
    expect(() => decideSetTimeZone({ ...live, erased: true }, 'Asia/Tokyo')).toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});
