import { evolve, initialUserState } from '../user.state';
import { decideEndVacation, NOT_ON_VACATION } from './end-vacation.decide';
import { ALREADY_ON_VACATION, decideStartVacation, localDay, RETURN_DATE_NOT_IN_FUTURE, RETURN_DATE_TOO_FAR } from './start-vacation.decide';

const userId = '5b0b5f39-6f0b-4c6c-9a55-0a4d8c8f2b11';
const live = { ...initialUserState(userId), timezone: 'Asia/Tokyo' };
// 23:30 on 2026-06-01 in Tokyo (14:30 UTC): "today" is the learner's day, not UTC's.
const now = new Date('2026-06-01T14:30:00.000Z');

describe('decideStartVacation', () => {
  it('given no vacation, then it starts now with the planned return day', () => {
    expect(decideStartVacation(live, '2026-06-10', now)).toEqual([{ type: 'VacationStarted', data: { userId, startedAt: now.toISOString(), returnsOn: '2026-06-10' } }]);
    expect(decideStartVacation(live, null, now)[0].data).toMatchObject({ returnsOn: null });
  });

  it('given a return day that is today or earlier in the learner time zone, then it is refused on returns_on', () => {
    expect(localDay(now, 'Asia/Tokyo')).toBe('2026-06-01');
    for (const day of ['2026-06-01', '2026-05-30']) {
      expect(() => decideStartVacation(live, day, now)).toThrow(
        expect.objectContaining({ code: 'validation_failed', details: { fields: [{ field: 'returns_on', message: RETURN_DATE_NOT_IN_FUTURE }] } }),
      );
    }
    // Tomorrow in Tokyo is fine, though it is still the 1st in UTC.
    expect(decideStartVacation(live, '2026-06-02', now)).toHaveLength(1);
  });

  it('given a return day more than a year ahead, then it is refused on returns_on', () => {
    expect(() => decideStartVacation(live, '2027-06-03', now)).toThrow(expect.objectContaining({ message: RETURN_DATE_TOO_FAR }));
  });

  it('given a vacation under way, then a second start is a conflict', () => {
    const onVacation = evolve(live, decideStartVacation(live, null, now)[0]);
    expect(() => decideStartVacation(onVacation, null, now)).toThrow(expect.objectContaining({ code: 'conflict', message: ALREADY_ON_VACATION }));
  });

  it('given an erased account, then it is not found', () => {
    expect(() => decideStartVacation({ ...live, erased: true }, null, now)).toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});

describe('decideEndVacation', () => {
  it('given no vacation, then ending is a conflict', () => {
    expect(() => decideEndVacation(live, now)).toThrow(expect.objectContaining({ code: 'conflict', message: NOT_ON_VACATION }));
  });

  it('given a vacation, then the event records its length in whole seconds and the state has none left', () => {
    const onVacation = evolve(live, decideStartVacation(live, '2026-06-10', now)[0]);
    const later = new Date(now.getTime() + 9 * 86_400_000 + 1_500);
    const { events, result } = decideEndVacation(onVacation, later);
    expect(result).toEqual({ userId, startedAt: now.toISOString(), endedAt: later.toISOString(), pausedSeconds: 9 * 86_400 + 1 });
    expect(events).toEqual([{ type: 'VacationEnded', data: result }]);
    expect(evolve(onVacation, events[0]).vacation).toBeNull();
  });
});
