import { AppError } from '../../platform/errors/app-error';
import { ALREADY_KNOWN_GRADE, CardGraded, CardLearned, type GradeEvent, type TypedAnswerRecord } from '../card.events';
import type { CardState } from '../card.state';
import { FREE_LEVEL, isCourse, isLevel, materialTypeOf, type Course, type MaterialType } from '../courses';
import { GradeRefused, isGrade, review, type Learner, type SchedulerCard } from '../scheduler';

export interface GradeCardCommand {
  userId: string;
  course: Course;
  materialType: MaterialType;
  materialId: number;
  /** the material's level in its course, looked up by the caller */
  level: number;
  /** untrusted: validated here */
  grade: number;
  /** a review answered by typing, as the server judged it (typed-answer/judge.ts); a wrong one makes the grade 0 */
  typedAnswer?: TypedAnswerRecord;
}

export interface GradeCardContext {
  now: Date;
  subscriptionActive: boolean;
  /** the learner's scheduling parameters (desired retention, fitted strength); absent: the defaults */
  learner?: Learner;
}

/**
 * Grades one card: a lesson grade for a new card (CardLearned) or a review grade (CardGraded). The schedule comes
 * from the scheduler (study/scheduler), the one home of its rules; this adds what is the app's: who may grade what.
 * `state` is the card's current state, or null when the user has never graded this material.
 * Throws AppError 'validation_failed' or 'payment_required' when the grade is refused.
 */
export function decideGrade(command: GradeCardCommand, state: CardState | null, context: GradeCardContext): GradeEvent {
  assertValidCard(command);
  if (!isGrade(command.grade)) throw invalid('grade', `Grade must be 0, 3, 5 or 10, not ${String(command.grade)}.`);
  assertLevelOpen(command.level, context.subscriptionActive);
  // attempts 0 is a card that exists but was never graded: still a lesson.
  const lesson = state === null || state.attempts === 0;
  if (lesson && command.grade === ALREADY_KNOWN_GRADE && !context.subscriptionActive) {
    throw new AppError('payment_required', "'I already know it' is for subscribers. Subscribe to skip cards you already know.");
  }
  if (lesson && command.typedAnswer) throw invalid('typed', 'A new card is learned, not tested: typed answers are for reviews.');
  // A wrong typed answer is "didn't get it", whatever the client asked: the server's verdict decides (issue 31).
  const grade = command.typedAnswer?.verdict === 'wrong' && (command.grade === 3 || command.grade === 5) ? 0 : command.grade;
  let after;
  try {
    after = review(schedulerCardOf(lesson ? null : state), grade, context.now, context.learner);
  } catch (error) {
    if (error instanceof GradeRefused) throw invalid('grade', error.message);
    throw error;
  }
  const decision = {
    ...cardOf(command),
    intervalHours: after.interval_hours,
    dueAt: after.due_at!,
    masteryBefore: state?.mastery ?? 'learning',
    masteryAfter: after.mastery,
    attemptsAfter: (state?.attempts ?? 0) + 1,
    reviewedAt: after.last_reviewed_at!,
    schedulerVersion: after.scheduler_version,
    memoryAfter: after.memory,
  };
  // A lesson grade 0/3/5 makes the card due at once: the batch is reviewed right after the lesson
  // ("review of those just learned"), and that review sets the first real interval.
  if (lesson) return CardLearned({ ...decision, grade: grade as 0 | 3 | 5 | 10 });
  return CardGraded({ ...decision, grade: grade as 0 | 3 | 5, ...(command.typedAnswer ? { typedAnswer: command.typedAnswer } : {}) });
}

/** The card as the scheduler takes it (plain JSON); null: a card never graded. */
export function schedulerCardOf(state: CardState | null): SchedulerCard {
  return {
    attempts: state?.attempts ?? 0,
    mastery: state?.mastery ?? 'learning',
    interval_hours: state?.intervalHours ?? 0,
    due_at: state?.dueAt?.toISOString() ?? null,
    last_reviewed_at: state?.lastReviewedAt?.toISOString() ?? null,
    learned_at: state?.learnedAt?.toISOString() ?? null,
    memory: state?.memory ?? null,
  };
}

function cardOf({ userId, course, materialType, materialId, level }: GradeCardCommand) {
  return { userId, course, materialType, materialId, level };
}

function assertValidCard(command: GradeCardCommand): void {
  if (!command.userId) throw invalid('userId', 'A card belongs to a user.');
  if (!isCourse(command.course)) throw invalid('course', `Unknown course ${String(command.course)}.`);
  if (command.materialType !== materialTypeOf(command.course)) {
    throw invalid('materialType', `The ${command.course} course studies ${materialTypeOf(command.course)} materials, not ${String(command.materialType)}.`);
  }
  if (!Number.isInteger(command.materialId) || command.materialId <= 0) throw invalid('materialId', 'The material id must be a positive whole number.');
  if (!isLevel(command.level)) throw invalid('level', 'The level must be a whole number from 1 to 9.');
}

// Enforced here, not only in the UI: without a subscription only level 1 can be studied (SPEC §6).
function assertLevelOpen(level: number, subscriptionActive: boolean): void {
  if (level > FREE_LEVEL && !subscriptionActive) {
    throw new AppError('payment_required', `Level ${level} is for subscribers. Subscribe to study beyond level ${FREE_LEVEL}.`);
  }
}

function invalid(field: string, message: string): AppError {
  return new AppError('validation_failed', message, { fields: [{ field, message }] });
}
