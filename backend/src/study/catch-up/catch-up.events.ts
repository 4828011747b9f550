import { z } from 'zod';
import { defineEvent } from '../../platform/event-store/event-registry';

// A learner's catch-up plan of one course (issue 30, item 4), stream `catch-up-<user>-<course>`. The decision is
// recorded whole (the quota and the end), so a replay never recomputes it.

export const CATCH_UP_STREAM_TYPE = 'catch_up_plan';
export const catchUpStreamId = (id: { userId: string; course: string }) => `catch-up-${id.userId}-${id.course}`;

const ids = { userId: z.uuid(), course: z.string() };
export const CatchUpPlanChosen = defineEvent(
  'CatchUpPlanChosen',
  z.object({ ...ids, days: z.number().int().min(1).max(60), reviews: z.number().int().positive(), dailyQuota: z.number().int().positive(), chosenAt: z.iso.datetime(), endsAt: z.iso.datetime() }),
);
/** The learner goes on past the day's quota, on that local day. */
export const CatchUpPlanContinued = defineEvent('CatchUpPlanContinued', z.object({ ...ids, day: z.iso.date() }));
/** The learner leaves the plan: reviews in due order again, no quota. */
export const CatchUpPlanDropped = defineEvent('CatchUpPlanDropped', z.object(ids));

export type CatchUpEvent = ReturnType<typeof CatchUpPlanChosen> | ReturnType<typeof CatchUpPlanContinued> | ReturnType<typeof CatchUpPlanDropped>;

export interface CatchUpPlan {
  days: number;
  reviews: number;
  dailyQuota: number;
  chosenAt: string;
  endsAt: string;
  continuedOn: string | null;
}

export function evolveCatchUp(plan: CatchUpPlan | null, event: { type: string; data: unknown }): CatchUpPlan | null {
  const e = event as CatchUpEvent;
  switch (e.type) {
    case 'CatchUpPlanChosen':
      return { days: e.data.days, reviews: e.data.reviews, dailyQuota: e.data.dailyQuota, chosenAt: e.data.chosenAt, endsAt: e.data.endsAt, continuedOn: null };
    case 'CatchUpPlanContinued':
      return plan ? { ...plan, continuedOn: e.data.day } : plan;
    case 'CatchUpPlanDropped':
      return null;
    default:
      return plan;
  }
}
