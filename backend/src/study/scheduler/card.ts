import type { Mastery } from './grades';

/**
 * A card as the scheduler sees it: plain JSON, so the bench, a replay or another program can hold it without the
 * app's types. `memory` is what the interval rule keeps between answers (null for a card no rule of version 3 on
 * has answered yet); the app stores it in card_states.memory and records it in each grade event.
 */
export interface SchedulerCard {
  /** 0: a new card, never graded */
  attempts: number;
  mastery: Mastery;
  interval_hours: number;
  /** ISO instant; null for a new card */
  due_at: string | null;
  last_reviewed_at: string | null;
  learned_at: string | null;
  memory: CardMemory | null;
}

/** What the memory ladder (version 3) remembers about a card between answers. */
export interface CardMemory {
  /** the interval the card has earned, before the learner's scale: what the next success grows from */
  base_hours: number;
  /** how fast this card's interval grows on an easy answer (per-card difficulty: hard and failed answers lower it) */
  ease: number;
  /** after a lapse: the part of the earned interval the card keeps, given on the next success (0: none pending) */
  relearn_hours: number;
  lapses: number;
}

/** What a grade made of the card: the card after it, and the rule version that decided. */
export interface ScheduledCard extends SchedulerCard {
  scheduler_version: number;
}

/** The learner's own parameters (fitLearner), and their choice of retention (Settings). */
export interface Learner {
  /** 0.70–0.97: the share of reviews the learner wants to get right; absent: the scheduler's default */
  desiredRetention?: number;
  /** how much longer than the rule's default this learner remembers (1: as assumed), fitted from their answers */
  strength?: number;
  /** the learner's forgetting shape β (fitted; absent: FORGETTING_SHAPE) */
  shape?: number;
  /** how much later than scheduled the learner answers, as a factor ≥ 1 (fitted; absent: 1) */
  delay?: number;
  /** the share of their last honest reviews the learner recalled (fitLearner's feedback) */
  recentRetention?: number;
  /** the scale of the base intervals their last answers were given (geometric mean; fitLearner's feedback) */
  recentScale?: number;
}

export const HOUR_MS = 3_600_000;

export function newCard(): SchedulerCard {
  return { attempts: 0, mastery: 'learning', interval_hours: 0, due_at: null, last_reviewed_at: null, learned_at: null, memory: null };
}

export function instant(at: Date | string): Date {
  const d = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(d.getTime())) throw new RangeError(`Not an instant: ${String(at)}`);
  return d;
}

export function addHours(at: Date, hours: number): Date {
  return new Date(at.getTime() + hours * HOUR_MS);
}

/** Hours since the card was last graded; a lesson grade counts, so the first review's gap starts there. */
export function gapHours(card: Pick<SchedulerCard, 'last_reviewed_at' | 'learned_at'>, now: Date): number {
  const since = card.last_reviewed_at ?? card.learned_at;
  return since ? (now.getTime() - instant(since).getTime()) / HOUR_MS : 0;
}
