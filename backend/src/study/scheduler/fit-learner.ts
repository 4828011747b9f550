import { HOUR_MS, instant, newCard, type Learner, type SchedulerCard } from './card';
import { isGrade } from './grades';
import { DEFAULT_RETENTION, memoryLadder } from './memory-ladder';
import { reviewWith } from './review';

/**
 * One grade of the learner's log, as the event store holds it (CardLearned / CardGraded data, camelCase) or as
 * plain JSON (snake_case). Only the card, the grade and its time are read: the fit replays the rest itself.
 */
export interface GradeLogEntry {
  grade: number;
  reviewedAt?: string;
  reviewed_at?: string;
  materialId?: number;
  material_id?: number;
  materialType?: string;
  material_type?: string;
  course?: string;
  /** an undone grade, when the log carries CardGradeUndone events: the entry it names is left out */
  undoneEventId?: string;
  eventId?: string;
  event_id?: string;
}

/** Below this many reviews the fit stays close to the default: the prior weighs as much as this many answers. */
export const PRIOR_REVIEWS = 30;
/** A learner is never assumed to remember more than 3× or less than a third as long as the rule assumes. */
export const MIN_STRENGTH = 1 / 3;
export const MAX_STRENGTH = 3;

/**
 * The learner's strength, fitted from their own answers. Each card's grades are replayed through the memory ladder
 * at strength 1, which gives the interval the base rule meant at each review; every review a day or more after
 * the card's previous answer is then a point (lateness ρ = gap ÷ that interval, recalled or not). Under
 * exponential forgetting p = R₀^(ρ/strength), and the strength is the maximum-likelihood value, with a prior of
 * PRIOR_REVIEWS answers at R₀ so that a new learner is treated as the rule assumes. Pure and deterministic.
 */
export function fitLearner(log: readonly GradeLogEntry[]): Learner {
  const points = reviewPoints(log);
  const logLikelihood = (logStrength: number): number => {
    const strength = Math.exp(logStrength);
    let sum = PRIOR_REVIEWS * bernoulli(DEFAULT_RETENTION, DEFAULT_RETENTION ** (1 / strength));
    for (const { lateness, recalled } of points) {
      const p = DEFAULT_RETENTION ** (lateness / strength);
      sum += recalled ? Math.log(Math.max(p, 1e-9)) : Math.log(Math.max(1 - p, 1e-9));
    }
    return sum;
  };
  const strength = Math.exp(goldenMax(logLikelihood, Math.log(MIN_STRENGTH), Math.log(MAX_STRENGTH)));
  return { strength: Math.round(strength * 1000) / 1000 };
}

interface ReviewPoint {
  lateness: number;
  recalled: boolean;
}

function reviewPoints(log: readonly GradeLogEntry[]): ReviewPoint[] {
  const undone = new Set(log.map((e) => e.undoneEventId).filter(Boolean));
  const cards = new Map<string, SchedulerCard>();
  const points: ReviewPoint[] = [];
  for (const entry of log) {
    if (entry.undoneEventId || undone.has(entry.eventId ?? entry.event_id)) continue;
    const at = entry.reviewedAt ?? entry.reviewed_at;
    if (!at || !isGrade(entry.grade)) continue;
    const key = `${entry.course ?? ''}/${entry.materialType ?? entry.material_type ?? ''}/${entry.materialId ?? entry.material_id ?? ''}`;
    const card = cards.get(key) ?? newCard();
    if (card.attempts > 0 && entry.grade === 10) continue;
    const now = instant(at);
    if (card.attempts > 0 && card.interval_hours >= 24 && card.last_reviewed_at) {
      const gap = (now.getTime() - instant(card.last_reviewed_at).getTime()) / HOUR_MS;
      points.push({ lateness: gap / card.interval_hours, recalled: entry.grade > 0 });
    }
    cards.set(key, reviewWith(memoryLadder, card, entry.grade, now));
  }
  return points;
}

function bernoulli(share: number, p: number): number {
  return share * Math.log(p) + (1 - share) * Math.log(1 - p);
}

/** The maximum of a unimodal function on [lo, hi] (golden-section search, 40 steps: far below a rounding error). */
function goldenMax(f: (x: number) => number, lo: number, hi: number): number {
  const g = (Math.sqrt(5) - 1) / 2;
  let a = lo;
  let b = hi;
  let c = b - g * (b - a);
  let d = a + g * (b - a);
  let fc = f(c);
  let fd = f(d);
  for (let i = 0; i < 40; i++) {
    if (fc > fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - g * (b - a);
      fc = f(c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + g * (b - a);
      fd = f(d);
    }
  }
  return (a + b) / 2;
}
