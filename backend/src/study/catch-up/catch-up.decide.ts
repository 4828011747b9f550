import { AppError } from '../../platform/errors/app-error';
import { NewEvent } from '../../platform/event-store/event-store.types';
import { CatchUpPlan, CatchUpPlanChosen, CatchUpPlanContinued, CatchUpPlanDropped } from './catch-up.events';
import { dailyQuota, isPile, PLAN_DAYS } from './catch-up.rule';

/** What the decisions need to know of the course now (catch-up.query.ts). */
export interface CatchUpFacts {
  userId: string;
  course: string;
  now: Date;
  reviewsDue: number;
  usualDaily: number;
  /** the learner's local date today, and the start of the local day `days` days on */
  today: string;
  endsAt(days: number): Date;
}

export const NO_PILE = 'There is no pile of reviews to plan: study them as they come.';
export const NO_PLAN = 'There is no catch-up plan running for this course.';

export function isRunning(plan: CatchUpPlan | null, now: Date): plan is CatchUpPlan {
  return plan !== null && new Date(plan.endsAt) > now;
}

/** ChooseCatchUpPlan: only for a pile; choosing again (another length) replaces the running plan from now. */
export function decideChoosePlan(facts: CatchUpFacts, days: number): NewEvent[] {
  if (!(PLAN_DAYS as readonly number[]).includes(days)) {
    const message = `Choose ${PLAN_DAYS.join(', ')} days.`;
    throw new AppError('validation_failed', message, { fields: [{ field: 'days', message }] });
  }
  if (!isPile(facts.reviewsDue, facts.usualDaily)) throw new AppError('conflict', NO_PILE);
  return [
    CatchUpPlanChosen({
      userId: facts.userId,
      course: facts.course,
      days,
      reviews: facts.reviewsDue,
      dailyQuota: dailyQuota(facts.reviewsDue, days),
      chosenAt: facts.now.toISOString(),
      endsAt: facts.endsAt(days).toISOString(),
    }),
  ];
}

/** ContinueCatchUpPlan: past today's quota; once a day is enough (a second click records nothing). */
export function decideContinuePlan(plan: CatchUpPlan | null, facts: CatchUpFacts): NewEvent[] {
  if (!isRunning(plan, facts.now)) throw new AppError('conflict', NO_PLAN);
  if (plan.continuedOn === facts.today) return [];
  return [CatchUpPlanContinued({ userId: facts.userId, course: facts.course, day: facts.today })];
}

/** DropCatchUpPlan: back to due order with no quota. */
export function decideDropPlan(plan: CatchUpPlan | null, facts: CatchUpFacts): NewEvent[] {
  if (!isRunning(plan, facts.now)) throw new AppError('conflict', NO_PLAN);
  return [CatchUpPlanDropped({ userId: facts.userId, course: facts.course })];
}
