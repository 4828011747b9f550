import type { CardMemory, Learner, SchedulerCard } from './card';
import { ALREADY_KNOWN_GRADE, type ReviewGrade } from './grades';
import { ALREADY_KNOWN_INTERVAL_HOURS } from './mastery';
import type { IntervalDecision, IntervalRule } from './rule';

// Scheduler version 3 (issue 30): the ladder that remembers, chosen with bench/scheduler.bench.mjs under two memory
// models (docs/decisions.md "Scheduler version 3"). What it changes against version 2:
// - a lapse still makes the card due at once (SPEC §4: "resets the interval to 0 hours"), but the card keeps most of
//   the interval it had earned, and the success after the relearn gives that back instead of climbing from 8 h:
//   most of the ladder's reviews were cards re-climbing from zero;
// - the card's base interval grows faster (×3.5 on an easy answer instead of ×2.5), and the learner's scale, fitted
//   from their own answers (fit-learner.ts), decides how much of it they get: a new learner starts at 0.3 of the
//   base, which gives several short reviews before the long ones (8 h, 8 h, 1 d, 4 d, 15 d, 52 d …);
// - the retention the learner asks for scales every interval the same way.
// Tried and dropped: a per-card ease that hard and failed answers lower (version 3's first draft) cost reviews
// under both models (a card's few slips are mostly chance, and a lowered ease never recovers).
export const EASY_GROWTH = 3.5;
export const HARD_FACTOR = 1.5;
/** the share of the earned interval a lapsed card keeps (for cards that had earned a day or more) */
export const LAPSE_KEEP = 0.8;
/** a second lapse before the card was answered right again keeps this share of what was kept */
export const RELAPSE_KEEP = 0.7;
/** a hard answer after a lapse gets this share of what the card kept */
export const HARD_RELEARN_SHARE = 0.7;
export const HARD_MIN_HOURS = 4;
export const EASY_MIN_HOURS = 8;
/**
 * A lapse answered this many times its scheduled interval after the last answer (or later) keeps nothing of the
 * interval: the card was forgotten to the gap (a break), and its relearn starts from the first steps.
 */
export const BREAK_OVERDUE = 2;
/** a base interval of a day or more is worth keeping through a lapse */
const KEEP_FROM_HOURS = 24;
/** the retention the scale is expressed at: a learner asking for it gets `strength` × the base intervals */
export const DEFAULT_RETENTION = 0.85;
export const MIN_RETENTION = 0.7;
export const MAX_RETENTION = 0.99;
/** a learner nothing is known of yet: the fit's prior */
export const DEFAULT_STRENGTH = 0.3;
/**
 * The shape of forgetting the scale assumes, p = R₀^((t / (strength · base))^β): β < 1 is a memory that falls fast
 * and then slowly, as both bench models and real forgetting curves do; fitLearner uses the same β.
 */
export const FORGETTING_SHAPE = 0.5;

export const memoryLadder: IntervalRule = {
  version: 3,
  lesson(grade) {
    if (grade === ALREADY_KNOWN_GRADE) {
      return { interval_hours: ALREADY_KNOWN_INTERVAL_HOURS, memory: { base_hours: ALREADY_KNOWN_INTERVAL_HOURS, ease: EASY_GROWTH, relearn_hours: 0, lapses: 0 } };
    }
    // A lesson grade is the first study, not a test: the card is reviewed right after the batch either way.
    return { interval_hours: 0, memory: { base_hours: 0, ease: EASY_GROWTH, relearn_hours: 0, lapses: 0 } };
  },
  review(card, grade, gapHours, learner) {
    const memory = card.memory ?? memoryOfLadderCard(card);
    if (grade !== 0) return success(memory, grade, learner);
    // Back from a break: a card forgotten far past its due time was lost to the gap, not kept by the interval it had
    // earned; it climbs again from the start, as the ladder's lapse does, instead of keeping most of that interval.
    return lapse(memory, overdueRatio(card.interval_hours, gapHours));
  },
};

/** How late an answer is against the interval it was scheduled at: gap ÷ interval (0 for a card due at once: a relearn). */
export function overdueRatio(intervalHours: number, gapHours: number): number {
  return intervalHours > 0 ? gapHours / intervalHours : 0;
}

/** The card's memory after `grade`, at the base scale: what fitLearner replays (the learner's scale never enters it). */
export function nextMemory(memory: CardMemory, grade: ReviewGrade, overdue = 0): CardMemory {
  return (grade === 0 ? lapse(memory, overdue) : success(memory, grade, undefined)).memory!;
}

function lapse(m: CardMemory, overdue: number): IntervalDecision {
  const kept = overdue >= BREAK_OVERDUE ? 0 : m.relearn_hours > 0 ? m.relearn_hours * RELAPSE_KEEP : m.base_hours >= KEEP_FROM_HOURS ? m.base_hours * LAPSE_KEEP : 0;
  return {
    interval_hours: 0,
    memory: { base_hours: 0, ease: m.ease, relearn_hours: kept >= EASY_MIN_HOURS ? Math.round(kept) : 0, lapses: m.lapses + 1 },
  };
}

function success(m: CardMemory, grade: 3 | 5, learner: Learner | undefined): IntervalDecision {
  const easy = grade === 5;
  const grown = m.relearn_hours > 0 ? m.relearn_hours * (easy ? 1 : HARD_RELEARN_SHARE) : m.base_hours * (easy ? m.ease : Math.min(HARD_FACTOR, m.ease));
  const floor = easy ? EASY_MIN_HOURS : HARD_MIN_HOURS;
  const base = Math.max(floor, Math.round(grown));
  return {
    interval_hours: Math.max(floor, Math.round(base * learnerScale(learner))),
    memory: { base_hours: base, ease: m.ease, relearn_hours: 0, lapses: m.lapses },
  };
}

/**
 * How much of the base interval this learner gets: their fitted strength (the scale at which they recall
 * DEFAULT_RETENTION of their reviews), converted to the retention they asked for through the forgetting shape:
 * t ∝ (ln R / ln R₀)^(1/β).
 */
export function learnerScale(learner: Learner | undefined): number {
  const retention = clampRetention(learner?.desiredRetention ?? DEFAULT_RETENTION);
  if (learner?.recentScale && learner.recentScale > 0 && learner.recentRetention !== undefined) {
    // Feedback: the scale the learner was given, moved by how far their recent retention is from what they ask.
    const error = logit(Math.min(0.995, Math.max(0.5, learner.recentRetention))) - logit(retention);
    return learner.recentScale * Math.exp(Math.min(MAX_FEEDBACK_STEP, Math.max(-MAX_FEEDBACK_STEP, FEEDBACK_GAIN * error)));
  }
  const shape = learner?.shape ?? FORGETTING_SHAPE;
  const delay = Math.max(1, learner?.delay ?? 1);
  return ((learner?.strength ?? DEFAULT_STRENGTH) * (Math.log(retention) / Math.log(DEFAULT_RETENTION)) ** (1 / shape)) / delay;
}

/**
 * How far (in ln scale) one logit of retention error moves the scale. The bench measures 0.2–0.4 logit per ln
 * scale (reviews at the session-bound floors do not move): a gain of 2.5 closes most of the error in a refit or
 * two without overshooting.
 */
export const FEEDBACK_GAIN = 2.5;
/** at most ×4 or ÷4 per refit */
const MAX_FEEDBACK_STEP = Math.log(4);

function logit(p: number): number {
  return Math.log(p / (1 - p));
}

export function clampRetention(r: number): number {
  return Number.isFinite(r) ? Math.min(MAX_RETENTION, Math.max(MIN_RETENTION, r)) : DEFAULT_RETENTION;
}

/** The ladder's easy factor (version 2): a card it scheduled goes on from where it was. */
const LADDER_EASY_FACTOR = 2.5;

/**
 * A card last answered under version 2 has no memory yet. Its interval is what the ladder gave it; the base that
 * makes the next easy answer grow it as the ladder would have (×2.5) for a learner nothing is fitted of, so a card
 * keeps its due date and its pace across the switch (issue 30, item 6), and the fit takes over from there.
 */
function memoryOfLadderCard(card: SchedulerCard): CardMemory {
  const base = (card.interval_hours * LADDER_EASY_FACTOR) / (EASY_GROWTH * DEFAULT_STRENGTH);
  return { base_hours: Math.round(base), ease: EASY_GROWTH, relearn_hours: 0, lapses: 0 };
}
