import { decideChoosePlan, decideContinuePlan, decideDropPlan, NO_PILE, NO_PLAN, type CatchUpFacts } from './catch-up.decide';
import { evolveCatchUp } from './catch-up.events';
import { dailyQuota, isPile, planChoices, usualDailyReviews } from './catch-up.rule';

const now = new Date('2026-07-01T06:00:00.000Z');
const facts = (reviewsDue: number, usualDaily: number, at = now, today = '2026-07-01'): CatchUpFacts => ({
  userId: '5b0b5f39-6f0b-4c6c-9a55-0a4d8c8f2b11',
  course: 'kana',
  now: at,
  reviewsDue,
  usualDaily,
  today,
  endsAt: (days) => new Date(Date.parse('2026-06-30T22:00:00.000Z') + days * 86_400_000),
});

describe('the catch-up rules', () => {
  it('counts a card once per interval, and at most once a day', () => {
    expect(usualDailyReviews([24, 48, 720, 4])).toBeCloseTo(1 + 0.5 + 1 / 30 + 1);
    expect(usualDailyReviews([])).toBe(0);
  });

  it('calls a pile more than 100 reviews and more than three times the usual load', () => {
    expect(isPile(100, 0)).toBe(false);
    expect(isPile(101, 0)).toBe(true);
    expect(isPile(300, 100)).toBe(false);
    expect(isPile(301, 100)).toBe(true);
  });

  it('spreads the pile evenly, rounding up', () => {
    expect(dailyQuota(1200, 7)).toBe(172);
    expect(dailyQuota(1200, 3)).toBe(400);
    expect(planChoices(150)).toEqual([{ days: 3, per_day: 50 }, { days: 7, per_day: 22 }, { days: 14, per_day: 11 }]);
  });
});

describe('the catch-up decisions', () => {
  it('chooses a plan for a pile, recording its quota and end', () => {
    const [event] = decideChoosePlan(facts(1200, 40), 7);
    expect(event).toEqual({
      type: 'CatchUpPlanChosen',
      data: expect.objectContaining({ days: 7, reviews: 1200, dailyQuota: 172, chosenAt: now.toISOString(), endsAt: '2026-07-07T22:00:00.000Z' }),
    });
  });

  it('refuses a plan without a pile, and a length not offered on the days field', () => {
    expect(() => decideChoosePlan(facts(90, 1), 7)).toThrow(expect.objectContaining({ code: 'conflict', message: NO_PILE }));
    expect(() => decideChoosePlan(facts(1200, 1), 5)).toThrow(expect.objectContaining({ code: 'validation_failed', details: { fields: [{ field: 'days', message: 'Choose 3, 7, 14 days.' }] } }));
  });

  it('goes on past the quota once a day, and drops only a running plan', () => {
    const plan = evolveCatchUp(null, decideChoosePlan(facts(1200, 40), 3)[0]);
    const [went] = decideContinuePlan(plan, facts(1200, 40));
    expect(went).toMatchObject({ type: 'CatchUpPlanContinued', data: { day: '2026-07-01' } });
    expect(decideContinuePlan(evolveCatchUp(plan, went), facts(1000, 40))).toEqual([]);
    // Over (its end is past): nothing to go on with or drop.
    const later = facts(1000, 40, new Date('2026-07-05T00:00:00.000Z'), '2026-07-05');
    expect(() => decideContinuePlan(plan, later)).toThrow(expect.objectContaining({ message: NO_PLAN }));
    expect(() => decideDropPlan(plan, later)).toThrow(expect.objectContaining({ message: NO_PLAN }));
    expect(evolveCatchUp(plan, decideDropPlan(plan, facts(1000, 40))[0])).toBeNull();
  });
});
