import type { CardMemory, Learner, SchedulerCard } from './card';
import { ALREADY_KNOWN_GRADE } from './grades';
import { ALREADY_KNOWN_INTERVAL_HOURS } from './mastery';
import type { IntervalDecision, IntervalRule } from './rule';

// Scheduler version 3 (issue 30): the ladder that remembers. Chosen with bench/scheduler.bench.mjs under two
// memory models (docs/decisions.md "The memory ladder"). What it changes against version 2:
// - a lapse still makes the card due at once (SPEC §4: "resets the interval to 0 hours"), but the card keeps part
//   of the interval it had earned, and the success after the relearn gives that back instead of climbing from 8 h;
// - each card has its own ease (hard and failed answers lower it), so a card that keeps slipping grows slower;
// - intervals are scaled per learner: by the retention they asked for and by how well they remember (fitLearner).
export const START_EASE = 2.5;
export const MIN_EASE = 1.3;
export const MAX_EASE = 2.5;
export const EASE_AFTER_HARD = -0.15;
export const EASE_AFTER_LAPSE = -0.2;
/** the share of the earned interval a lapsed card keeps (for cards that had earned a day or more) */
export const LAPSE_KEEP = 0.5;
/** a second lapse before the card was answered right again keeps this share of what was kept */
export const RELAPSE_KEEP = 0.7;
export const HARD_FACTOR = 1.5;
/** a hard answer after a lapse gets this share of what the card kept */
export const HARD_RELEARN_SHARE = 0.7;
export const HARD_MIN_HOURS = 4;
export const EASY_MIN_HOURS = 8;
/** the retention the unscaled intervals aim at: a learner asking for it (or for nothing) gets the base intervals */
export const DEFAULT_RETENTION = 0.85;
export const MIN_RETENTION = 0.7;
export const MAX_RETENTION = 0.97;

export const memoryLadder: IntervalRule = {
  version: 3,
  lesson(grade) {
    if (grade === ALREADY_KNOWN_GRADE) {
      return { interval_hours: ALREADY_KNOWN_INTERVAL_HOURS, memory: { base_hours: ALREADY_KNOWN_INTERVAL_HOURS, ease: START_EASE, relearn_hours: 0, lapses: 0 } };
    }
    // A lesson grade is the first study, not a test: the card is reviewed right after the batch either way.
    return { interval_hours: 0, memory: { base_hours: 0, ease: START_EASE, relearn_hours: 0, lapses: 0 } };
  },
  review(card, grade, _gapHours, learner) {
    const memory = card.memory ?? memoryOfLadderCard(card);
    return grade === 0 ? lapse(memory) : success(memory, grade, learner);
  },
};

function lapse(m: CardMemory): IntervalDecision {
  const kept = m.relearn_hours > 0 ? m.relearn_hours * RELAPSE_KEEP : m.base_hours >= 24 ? m.base_hours * LAPSE_KEEP : 0;
  return {
    interval_hours: 0,
    memory: { base_hours: 0, ease: round2(Math.max(MIN_EASE, m.ease + EASE_AFTER_LAPSE)), relearn_hours: kept >= EASY_MIN_HOURS ? Math.round(kept) : 0, lapses: m.lapses + 1 },
  };
}

function success(m: CardMemory, grade: 3 | 5, learner: Learner | undefined): IntervalDecision {
  const easy = grade === 5;
  const grown = m.relearn_hours > 0 ? m.relearn_hours * (easy ? 1 : HARD_RELEARN_SHARE) : m.base_hours * (easy ? m.ease : Math.min(HARD_FACTOR, m.ease));
  const floor = easy ? EASY_MIN_HOURS : HARD_MIN_HOURS;
  const base = Math.max(floor, Math.round(grown));
  return {
    interval_hours: Math.max(floor, Math.round(base * learnerScale(learner))),
    memory: { base_hours: base, ease: easy ? m.ease : round2(Math.max(MIN_EASE, m.ease + EASE_AFTER_HARD)), relearn_hours: 0, lapses: m.lapses },
  };
}

/**
 * How much longer (or shorter) than the base intervals this learner's are. Under exponential forgetting the
 * interval that gives retention R is proportional to ln R, so asking for R instead of the default multiplies every
 * interval by ln R / ln R₀; a learner who remembers `strength` times longer than assumed gets `strength` times more.
 */
export function learnerScale(learner: Learner | undefined): number {
  const retention = clampRetention(learner?.desiredRetention ?? DEFAULT_RETENTION);
  return (learner?.strength ?? 1) * (Math.log(retention) / Math.log(DEFAULT_RETENTION));
}

export function clampRetention(r: number): number {
  return Number.isFinite(r) ? Math.min(MAX_RETENTION, Math.max(MIN_RETENTION, r)) : DEFAULT_RETENTION;
}

/** A card last answered under version 2 has no memory yet: its interval is what it earned, at the start ease. */
function memoryOfLadderCard(card: SchedulerCard): CardMemory {
  return { base_hours: card.interval_hours, ease: START_EASE, relearn_hours: 0, lapses: 0 };
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

