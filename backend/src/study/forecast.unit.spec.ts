import { calendarDay, calendarDayOffset, canonicalTimeZone, forecastBuckets, isValidTimeZone } from './forecast';

const at = (iso: string) => new Date(iso);

describe('forecastBuckets', () => {
  it('counts overdue and later-today cards as Today and leaves out cards after +4 days (UTC)', () => {
    const now = at('2026-01-05T10:00:00Z');
    const due = [
      '2025-12-20T08:00:00Z', // overdue for weeks
      '2026-01-05T09:59:59Z', // just overdue
      '2026-01-05T23:59:59Z', // later today
      '2026-01-06T00:00:00Z', // tomorrow at midnight
      '2026-01-07T12:00:00Z',
      '2026-01-08T12:00:00Z',
      '2026-01-09T23:59:59Z', // last moment of +4
      '2026-01-10T00:00:00Z', // +5: beyond the forecast
    ].map(at);
    expect(forecastBuckets(due, now, 'UTC')).toEqual([3, 1, 1, 1, 1]);
  });

  it('gives five zeros when nothing is due', () => {
    expect(forecastBuckets([], at('2026-01-05T10:00:00Z'), 'Europe/Berlin')).toEqual([0, 0, 0, 0, 0]);
  });

  it("splits days at the learner's midnight, not at UTC midnight", () => {
    const now = at('2026-01-05T14:30:00Z'); // 23:30 on Jan 5 in Tokyo
    const inOneHour = at('2026-01-05T15:30:00Z'); // 00:30 on Jan 6 in Tokyo, still Jan 5 in UTC
    expect(forecastBuckets([inOneHour], now, 'Asia/Tokyo')).toEqual([0, 1, 0, 0, 0]);
    expect(forecastBuckets([inOneHour], now, 'UTC')).toEqual([1, 0, 0, 0, 0]);
  });

  it('counts calendar days across the spring-forward night in New York (2026-03-08 has 23 hours)', () => {
    const now = at('2026-03-08T04:30:00Z'); // Sat Mar 7, 23:30 EST
    const due = [
      '2026-03-08T04:59:00Z', // Mar 7 23:59 EST: today
      '2026-03-08T05:00:00Z', // Mar 8 00:00 EST: tomorrow
      '2026-03-08T07:30:00Z', // Mar 8 03:30 EDT, just after the jump: tomorrow
      '2026-03-09T03:59:00Z', // Mar 8 23:59 EDT: tomorrow
      '2026-03-09T04:15:00Z', // Mar 9 00:15 EDT: +2, though less than 24 h after now
      '2026-03-12T03:59:00Z', // Mar 11 23:59 EDT: +4
      '2026-03-12T04:00:00Z', // Mar 12 00:00 EDT: +5, left out
    ].map(at);
    expect(forecastBuckets(due, now, 'America/New_York')).toEqual([1, 3, 1, 0, 1]);
  });

  it('counts calendar days across the fall-back night in Berlin (2026-10-25 has 25 hours)', () => {
    const now = at('2026-10-24T10:00:00Z'); // Sat Oct 24, 12:00 CEST
    const due = [
      '2026-10-24T21:59:00Z', // Oct 24 23:59 CEST: today
      '2026-10-24T22:00:00Z', // Oct 25 00:00 CEST: tomorrow
      '2026-10-25T00:30:00Z', // Oct 25 02:30 CEST, the first 02:30: tomorrow
      '2026-10-25T01:30:00Z', // Oct 25 02:30 CET, the repeated 02:30: tomorrow
      '2026-10-25T22:30:00Z', // Oct 25 23:30 CET, 48.5 h after Oct 24 00:00: still tomorrow
      '2026-10-25T23:00:00Z', // Oct 26 00:00 CET: +2
    ].map(at);
    expect(forecastBuckets(due, now, 'Europe/Berlin')).toEqual([1, 4, 1, 0, 0]);
  });

  it('refuses an unknown time zone', () => {
    expect(() => forecastBuckets([], at('2026-01-05T10:00:00Z'), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('calendar days', () => {
  it('gives the local date of an instant', () => {
    expect(calendarDay(at('2026-01-05T15:30:00Z'), 'Asia/Tokyo')).toBe('2026-01-06');
    expect(calendarDay(at('2026-01-05T15:30:00Z'), 'America/Los_Angeles')).toBe('2026-01-05');
  });

  it('counts whole calendar days between two instants', () => {
    expect(calendarDayOffset(at('2026-03-09T04:15:00Z'), at('2026-03-08T04:30:00Z'), 'America/New_York')).toBe(2);
    expect(calendarDayOffset(at('2026-03-01T12:00:00Z'), at('2026-03-08T12:00:00Z'), 'America/New_York')).toBe(-7);
  });
});

describe('isValidTimeZone', () => {
  it.each(['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'UTC'])('accepts %s', (name) => {
    expect(isValidTimeZone(name)).toBe(true);
  });

  it.each(['', '   ', 'Mars/Olympus_Mons', 'Berlin', '+01:00', 'GMT+25', 42, null, undefined])('refuses %p', (name) => {
    expect(isValidTimeZone(name)).toBe(false);
  });

  it('gives the canonical spelling of a name', () => {
    expect(canonicalTimeZone('europe/berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('nowhere')).toBeNull();
  });
});
