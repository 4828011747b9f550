// The scheduler's public face (issue 30): every scheduling rule lives in this folder, pure and clock-injected, and
// the built file backend/dist/study/scheduler/index.js imports nothing of the database or Nest, so the bench, a
// replay or another program can run it. Cards are plain JSON (card.ts).
import { newCard as blankCard, type Learner, type ScheduledCard, type SchedulerCard } from './card';
import { ladder } from './ladder';
import { memoryLadder } from './memory-ladder';
import { previewWith, reviewWith, type Preview } from './review';
import type { IntervalRule } from './rule';

/**
 * The rule every new answer is decided by. Still the ladder (version 2). Version 3, the memory ladder, beats it in
 * bench/scheduler.bench.mjs under both memory models on the seed it was tuned on (≈ 0.80× its reviews at its
 * retention), and each learner's fitted strength is now stored (learner_memory) and passed in; but on an unseen
 * seed one learner costs 0.95–1.03× the ladder's reviews, desired retention is not calibrated (the app would run
 * at 77–82 % against the ladder's 86–91 %), and fewer cards are known at the year's end (docs/decisions.md
 * "Scheduler version 3 in production").
 */
export const CURRENT_RULE: IntervalRule = ladder;
export const SCHEDULER_VERSION = CURRENT_RULE.version;

/** A card never graded. `now` is taken for symmetry with the other functions: a new card has no dates yet. */
export function newCard(_now?: Date | string): SchedulerCard {
  return blankCard();
}

/** The card after `grade` (0, 3, 5; 10 for a new card) at `now`, for `learner` (fitLearner, Settings). */
export function review(card: SchedulerCard, grade: number, now: Date | string, learner?: Learner): ScheduledCard {
  return reviewWith(CURRENT_RULE, card, grade, now, learner);
}

/** What each grade would do now: interval, due time and mastery per grade button. */
export function preview(card: SchedulerCard, now: Date | string, learner?: Learner): Preview {
  return previewWith(CURRENT_RULE, card, now, learner);
}

/** Every rule by name, for comparisons (bench/scheduler.bench.mjs): `ladder` is version 2, today's until issue 30. */
export const schedulers = Object.fromEntries(
  (
    [
      ['ladder', ladder],
      ['memory', memoryLadder],
    ] as const
  ).map(([name, rule]) => [
    name,
    {
      version: rule.version,
      newCard,
      review: (card: SchedulerCard, grade: number, now: Date | string, learner?: Learner) => reviewWith(rule, card, grade, now, learner),
      preview: (card: SchedulerCard, now: Date | string, learner?: Learner) => previewWith(rule, card, now, learner),
    },
  ]),
);

export { fitLearner, type GradeLogEntry } from './fit-learner';
export { GradeRefused } from './review';
export { formatInterval } from './format';
export { gapHours } from './card';
export type { CardMemory, Learner, ScheduledCard, SchedulerCard } from './card';
export type { Preview } from './review';
export * from './grades';
export { ALREADY_KNOWN_INTERVAL_HOURS, INTERMEDIATE_GAP_HOURS, MASTERED_GAP_HOURS, nextMastery } from './mastery';
export { DEFAULT_RETENTION, DEFAULT_STRENGTH, MAX_RETENTION, MIN_RETENTION, clampRetention } from './memory-ladder';
