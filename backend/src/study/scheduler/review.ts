import { addHours, gapHours, instant, type Learner, type ScheduledCard, type SchedulerCard } from './card';
import { ALREADY_KNOWN_GRADE, REVIEW_GRADES, isGrade, type Grade } from './grades';
import { lessonMastery, nextMastery } from './mastery';
import type { IntervalRule } from './rule';

/** Thrown for a grade the card cannot take; the app turns it into a 400 naming the field `grade`. */
export class GradeRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GradeRefused';
  }
}

/**
 * The card after `grade` at `now` under `rule`: the one place a card's schedule is worked out. A card never
 * graded (attempts 0) takes a lesson grade; a learned card a review grade (never 10).
 */
export function reviewWith(rule: IntervalRule, card: SchedulerCard, grade: number, at: Date | string, learner?: Learner): ScheduledCard {
  const now = instant(at);
  if (!isGrade(grade)) throw new GradeRefused(`Grade must be 0, 3, 5 or 10, not ${String(grade)}.`);
  const reviewedAt = now.toISOString();
  if (card.attempts === 0) {
    const decision = rule.lesson(grade, learner);
    return {
      attempts: 1,
      mastery: lessonMastery(grade === ALREADY_KNOWN_GRADE),
      interval_hours: decision.interval_hours,
      due_at: addHours(now, decision.interval_hours).toISOString(),
      last_reviewed_at: reviewedAt,
      learned_at: reviewedAt,
      memory: decision.memory,
      scheduler_version: rule.version,
    };
  }
  if (grade === ALREADY_KNOWN_GRADE) throw new GradeRefused("'I already know it' is only for new cards.");
  const gap = gapHours(card, now);
  const decision = rule.review(card, grade, gap, learner);
  return {
    attempts: card.attempts + 1,
    mastery: nextMastery(card.mastery, grade, gap),
    interval_hours: decision.interval_hours,
    due_at: addHours(now, decision.interval_hours).toISOString(),
    last_reviewed_at: reviewedAt,
    learned_at: card.learned_at ?? reviewedAt,
    memory: decision.memory,
    scheduler_version: rule.version,
  };
}

/** What each grade button would do now: the grade buttons show it, and it is the very rule the grade applies. */
export type Preview = Partial<Record<`${Grade}`, Pick<ScheduledCard, 'interval_hours' | 'due_at' | 'mastery'>>>;

export function previewWith(rule: IntervalRule, card: SchedulerCard, at: Date | string, learner?: Learner): Preview {
  const grades: readonly Grade[] = card.attempts === 0 ? [...REVIEW_GRADES, ALREADY_KNOWN_GRADE] : REVIEW_GRADES;
  return Object.fromEntries(
    grades.map((g) => {
      const after = reviewWith(rule, card, g, at, learner);
      return [String(g), { interval_hours: after.interval_hours, due_at: after.due_at, mastery: after.mastery }];
    }),
  );
}

