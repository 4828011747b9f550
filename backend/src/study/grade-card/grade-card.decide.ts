import { AppError } from '../../platform/errors/app-error';
import {
  ALREADY_KNOWN_GRADE,
  CardGraded,
  CardLearned,
  GRADES,
  type GradeEvent,
  type Grade,
  type Mastery,
  type ReviewGrade,
} from '../card.events';
import type { CardState } from '../card.state';
import { FREE_LEVEL, isCourse, isLevel, materialTypeOf, type Course, type MaterialType } from '../courses';

/**
 * Recorded in every decision; bump it whenever a rule below changes, so history says which rules applied.
 * 2: "I already know it" makes the card Intermediate (before: Learning, which held the level back for 29 days).
 */
export const SCHEDULER_VERSION = 2;

const HOUR_MS = 3_600_000;
/** "I already know it" starts the card at 29 days (SPEC §9). */
export const ALREADY_KNOWN_INTERVAL_HOURS = 29 * 24;
/** Intermediate: still easy after a gap of 6+ days; mastered: after 30+ days (SPEC §4). */
export const INTERMEDIATE_GAP_HOURS = 6 * 24;
export const MASTERED_GAP_HOURS = 30 * 24;
export const HARD_FACTOR = 1.5;
export const HARD_MIN_HOURS = 4;
export const EASY_FACTOR = 2.5;
export const EASY_MIN_HOURS = 8;

export interface GradeCardCommand {
  userId: string;
  course: Course;
  materialType: MaterialType;
  materialId: number;
  /** the material's level in its course, looked up by the caller */
  level: number;
  /** untrusted: validated here */
  grade: number;
}

export interface GradeCardContext {
  now: Date;
  subscriptionActive: boolean;
}

/**
 * Grades one card: a lesson grade for a new card (CardLearned) or a review grade (CardGraded).
 * `state` is the card's current state, or null when the user has never graded this material.
 * Throws AppError 'validation_failed' or 'payment_required' when the grade is refused.
 */
export function decideGrade(command: GradeCardCommand, state: CardState | null, context: GradeCardContext): GradeEvent {
  assertValidCard(command);
  const grade = validGrade(command.grade);
  assertLevelOpen(command.level, context.subscriptionActive);
  // attempts 0 is a card that exists but was never graded: still a lesson.
  if (state === null || state.attempts === 0) return decideLesson(command, grade, state, context);
  return decideReview(command, grade, state, context.now);
}

function decideLesson(command: GradeCardCommand, grade: Grade, state: CardState | null, { now, subscriptionActive }: GradeCardContext): GradeEvent {
  if (grade === ALREADY_KNOWN_GRADE && !subscriptionActive) {
    throw new AppError('payment_required', "'I already know it' is for subscribers. Subscribe to skip cards you already know.");
  }
  // A lesson grade 0/3/5 makes the card due at once: the batch is reviewed right after the lesson
  // ("review of those just learned"), and that review sets the first real interval.
  const intervalHours = grade === ALREADY_KNOWN_GRADE ? ALREADY_KNOWN_INTERVAL_HOURS : 0;
  return CardLearned({
    ...cardOf(command),
    grade,
    intervalHours,
    dueAt: addHours(now, intervalHours).toISOString(),
    masteryBefore: state?.mastery ?? 'learning',
    // "I already know it" (version 2): the learner vouches for the card, so it counts as Intermediate at once and
    // never holds the level back; the 29-day review checks the claim (docs/decisions.md "Known cards").
    masteryAfter: grade === ALREADY_KNOWN_GRADE ? 'intermediate' : 'learning',
    attemptsAfter: (state?.attempts ?? 0) + 1,
    reviewedAt: now.toISOString(),
    schedulerVersion: SCHEDULER_VERSION,
  });
}

function decideReview(command: GradeCardCommand, grade: Grade, state: CardState, now: Date): GradeEvent {
  if (grade === ALREADY_KNOWN_GRADE) {
    throw invalidGrade("'I already know it' is only for new cards.");
  }
  const intervalHours = nextIntervalHours(grade, state.intervalHours);
  return CardGraded({
    ...cardOf(command),
    grade,
    intervalHours,
    dueAt: addHours(now, intervalHours).toISOString(),
    masteryBefore: state.mastery,
    masteryAfter: nextMastery(state.mastery, grade, gapHours(state, now)),
    attemptsAfter: state.attempts + 1,
    reviewedAt: now.toISOString(),
    schedulerVersion: SCHEDULER_VERSION,
  });
}

/** The next interval of a review grade, from the card's previous interval (DESIGN §4). */
export function nextIntervalHours(grade: ReviewGrade, previousHours: number): number {
  switch (grade) {
    case 0:
      return 0;
    case 3:
      return Math.max(HARD_MIN_HOURS, Math.round(previousHours * HARD_FACTOR));
    case 5:
      return Math.max(EASY_MIN_HOURS, Math.round(previousHours * EASY_FACTOR));
  }
}

/**
 * Mastery only rises on an easy grade after a long enough gap, so a card has to be remembered over days,
 * not minutes. A failure costs one step at most, and never back to learning (SPEC §4).
 */
export function nextMastery(current: Mastery, grade: ReviewGrade, gapHours: number): Mastery {
  if (grade === 0) return current === 'mastered' ? 'intermediate' : current;
  if (grade !== 5) return current;
  if (current === 'learning' && gapHours >= INTERMEDIATE_GAP_HOURS) return 'intermediate';
  if (current === 'intermediate' && gapHours >= MASTERED_GAP_HOURS) return 'mastered';
  return current;
}

/** Hours since the card was last graded; a lesson grade counts, so the first review's gap starts there. */
export function gapHours(state: CardState, now: Date): number {
  const since = state.lastReviewedAt ?? state.learnedAt;
  return since ? (now.getTime() - since.getTime()) / HOUR_MS : 0;
}

/** "5 hours", "1 day": hours below 24, whole days from 24 hours on (SPEC §4). */
export function formatInterval(hours: number): string {
  if (hours < 24) return plural(Math.round(hours), 'hour');
  return plural(Math.round(hours / 24), 'day');
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

function addHours(at: Date, hours: number): Date {
  return new Date(at.getTime() + hours * HOUR_MS);
}

function cardOf({ userId, course, materialType, materialId, level }: GradeCardCommand) {
  return { userId, course, materialType, materialId, level };
}

function validGrade(grade: number): Grade {
  if (!(GRADES as readonly number[]).includes(grade)) {
    throw invalidGrade(`Grade must be 0, 3, 5 or 10, not ${String(grade)}.`);
  }
  return grade as Grade;
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

function invalidGrade(message: string): AppError {
  return invalid('grade', message);
}

function invalid(field: string, message: string): AppError {
  return new AppError('validation_failed', message, { fields: [{ field, message }] });
}
