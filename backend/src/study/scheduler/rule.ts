import type { CardMemory, Learner, SchedulerCard } from './card';
import type { Grade, ReviewGrade } from './grades';

/** What an interval rule decides for one answer; everything else about the card (mastery, dates) is common. */
export interface IntervalDecision {
  interval_hours: number;
  memory: CardMemory | null;
}

/** One way of choosing intervals. Each has a version, recorded with every grade it decides. */
export interface IntervalRule {
  version: number;
  /** a lesson grade: 0/3/5 (the card is reviewed right after the batch) or 10, "I already know it" */
  lesson(grade: Grade, learner: Learner | undefined): IntervalDecision;
  /** a review grade of a learned card, `gap_hours` after its last answer */
  review(card: SchedulerCard, grade: ReviewGrade, gap_hours: number, learner: Learner | undefined): IntervalDecision;
}
