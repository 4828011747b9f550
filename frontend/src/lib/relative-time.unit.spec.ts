import { formatInterval, formatWait, gradeOutcome, gradeOutcomes, NEW_CARD_SHARED_OUTCOME, relativeTime } from './relative-time';

const now = new Date('2025-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('relativeTime', () => {
  it("says 'Just now' under a minute", () => {
    expect(relativeTime(ago(5), now)).toBe('Just now');
    expect(relativeTime(ago(-30), now)).toBe('Just now');
  });
  it("says 'N unit(s) ago'", () => {
    expect(relativeTime(ago(60), now)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(3600), now)).toBe('1 hour ago');
    expect(relativeTime(ago(3 * 86400), now)).toBe('3 days ago');
    expect(relativeTime(ago(400 * 86400), now)).toBe('1 year ago');
    expect(relativeTime('2025-03-08T12:00:00Z', now)).toBe('2 days ago');
  });
});

describe('formatInterval', () => {
  it('shows hours below a day and days from 24 hours', () => {
    expect(formatInterval(0)).toBe('0 hours');
    expect(formatInterval(1)).toBe('1 hour');
    expect(formatInterval(23)).toBe('23 hours');
    expect(formatInterval(24)).toBe('1 day');
    expect(formatInterval(696)).toBe('29 days');
  });
});

describe('gradeOutcome', () => {
  it('says what an interval of 0 means instead of "0 hours"', () => {
    expect(gradeOutcome(0, true).text).toBe('after this batch');
    expect(gradeOutcome(0, false).text).toBe('again in this session');
    expect(gradeOutcome(0, false).hint).toMatch(/before this session ends/);
  });
  it('gives real intervals in hours or days, for new and review cards alike', () => {
    expect(gradeOutcome(696, true)).toEqual({ text: '29 days' });
    expect(gradeOutcome(4, false)).toEqual({ text: '4 hours' });
    expect(gradeOutcome(72, false)).toEqual({ text: '3 days' });
  });
});

describe('gradeOutcomes (issue 31: three buttons said "review now" on a new card)', () => {
  it('says once, for the group, that every grade of a new card brings it back after the batch', () => {
    // Today's rule: a lesson grade 0/3/5 gives 0 hours whatever the grade (study/scheduler/ladder.ts).
    expect(gradeOutcomes({ '0': 0, '3': 0, '5': 0, '10': 696 }, [0, 3, 5], true)).toEqual({
      perGrade: { '0': null, '3': null, '5': null },
      shared: NEW_CARD_SHARED_OUTCOME,
    });
  });
  it('keeps a line per button when the grades differ (a review)', () => {
    expect(gradeOutcomes({ '0': 0, '3': 6, '5': 20 }, [0, 3, 5], false)).toEqual({
      perGrade: { '0': { text: 'again in this session', hint: 'Comes back before this session ends.' }, '3': { text: '6 hours' }, '5': { text: '20 hours' } },
      shared: null,
    });
  });
  it('says nothing without previews', () => {
    expect(gradeOutcomes(undefined, [0, 3, 5], true)).toEqual({ perGrade: { '0': null, '3': null, '5': null }, shared: null });
  });
});

describe('formatWait', () => {
  it('reads naturally', () => {
    expect(formatWait(0)).toBe('less than a minute');
    expect(formatWait(45)).toBe('45 minutes');
    expect(formatWait(180)).toBe('3 hours');
    expect(formatWait(2 * 24 * 60)).toBe('2 days');
  });
});
