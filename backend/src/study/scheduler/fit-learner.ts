import { HOUR_MS, instant, type CardMemory, type Learner } from './card';
import { ALREADY_KNOWN_GRADE, isGrade } from './grades';
import { DEFAULT_RETENTION, DEFAULT_STRENGTH, EASY_MIN_HOURS, FORGETTING_SHAPE, memoryLadder, nextMemory, overdueRatio } from './memory-ladder';

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
  /** the interval the answer scheduled (CardLearned / CardGraded intervalHours): a review's delay is its gap over it */
  intervalHours?: number;
  interval_hours?: number;
  /** the rule that decided the answer: only version 3's intervals say what scale the learner was given */
  schedulerVersion?: number;
  scheduler_version?: number;
  /** an undone grade, when the log carries CardGradeUndone events: the entry it names is left out */
  undoneEventId?: string;
  eventId?: string;
  event_id?: string;
}

/**
 * How far a new learner's strength may move per unit of evidence: a normal prior on ln(strength) around
 * DEFAULT_STRENGTH with this standard deviation. Weak on purpose (a few hundred reviews outweigh it): the two bench
 * models need strengths two orders of magnitude apart, and so may real people.
 */
export const PRIOR_SD = 1.5;
export const MIN_STRENGTH = 1e-4;
export const MAX_STRENGTH = 100;
/** A review this soon after the card's previous answer (a relearn, a second look in one session) says nothing of forgetting. */
const MIN_GAP_HOURS = 2;
/** Points are pooled by lateness in quarter-octaves: the fit costs the same for 100 reviews or 100,000. */
const BINS_PER_OCTAVE = 4;

/**
 * The learner's strength, fitted from their own answers: the scale of the base intervals at which they recall
 * DEFAULT_RETENTION of their reviews. Each card's grades are replayed through version 3 at the base scale (the
 * learner's scale never changes a card's base, so the replay is exact whatever the learner had); every review two
 * hours or more after an answer that was not a lapse is a point: its lateness x = gap ÷ the card's base interval,
 * recalled or not. Under p = R₀^((x / strength)^β) the strength is the maximum-a-posteriori value. O(log) time,
 * pure and deterministic; the learner's log is the event store's grade events in order.
 */
export function fitLearner(log: readonly GradeLogEntry[], options: FitOptions = {}): Learner {
  const { lateness: bins, delays, recent } = latenessBins(log);
  const lnR0 = Math.log(DEFAULT_RETENTION);
  const fitShape = options.fitShape ?? FIT_SHAPE;
  const logPosterior = (lnStrength: number, shape: number): number => {
    let sum = -(((lnStrength - Math.log(DEFAULT_STRENGTH)) / PRIOR_SD) ** 2) / 2;
    if (fitShape) sum -= ((shape - FORGETTING_SHAPE) / SHAPE_PRIOR_SD) ** 2 / 2;
    for (const [bin, { reviews, recalled }] of bins) {
      const lateness = 2 ** (bin / BINS_PER_OCTAVE);
      const p = Math.exp(lnR0 * (lateness / Math.exp(lnStrength)) ** shape);
      sum += recalled * Math.log(Math.max(p, 1e-12)) + (reviews - recalled) * Math.log(Math.max(1 - p, 1e-12));
    }
    return sum;
  };
  let shape = FORGETTING_SHAPE;
  let lnStrength = goldenMax((x) => logPosterior(x, shape), Math.log(MIN_STRENGTH), Math.log(MAX_STRENGTH));
  if (fitShape) {
    // Coordinate ascent: the two parameters trade off only mildly (most points lie near the operating lateness).
    for (let round = 0; round < 6; round++) {
      shape = goldenMax((b) => logPosterior(lnStrength, b), MIN_SHAPE, MAX_SHAPE);
      lnStrength = goldenMax((x) => logPosterior(x, shape), Math.log(MIN_STRENGTH), Math.log(MAX_STRENGTH));
    }
  }
  const strength = Math.round(Math.exp(lnStrength) * 10_000) / 10_000;
  const learner: Learner = { strength };
  if (fitShape) learner.shape = Math.round(shape * 10_000) / 10_000;
  if (options.delay ?? FIT_DELAY) learner.delay = Math.round(delayFactor(delays, shape) * 10_000) / 10_000;
  if ((options.feedback ?? FIT_FEEDBACK) && recent.reviews.length >= FEEDBACK_MIN_REVIEWS && recent.scales.length >= FEEDBACK_MIN_REVIEWS) {
    const reviews = recent.reviews.slice(-FEEDBACK_WINDOW);
    const scales = recent.scales.slice(-FEEDBACK_WINDOW);
    learner.recentRetention = Math.round((10_000 * reviews.reduce((a, b) => a + b, 0)) / reviews.length) / 10_000;
    learner.recentScale = Math.round(Math.exp(scales.reduce((a, b) => a + b, 0) / scales.length) * 1e6) / 1e6;
  }
  return learner;
}

export interface FitOptions {
  fitShape?: boolean;
  delay?: boolean;
  /** the learner's recent honest retention and the scale they were given (learnerScale's feedback); default off: it calibrates, but costs ~10 % more reviews (docs/decisions.md) */
  feedback?: boolean;
}
const FIT_SHAPE = false;
const FIT_DELAY = false;
const FIT_FEEDBACK = false;
/** The feedback reads the learner's last this many honest reviews, and the scales of their last this many answers. */
export const FEEDBACK_WINDOW = 400;
/** ... once there are this many of each (before: the curve's strength alone). */
export const FEEDBACK_MIN_REVIEWS = 150;
const SHAPE_PRIOR_SD = 0.2;
const MIN_SHAPE = 0.15;
const MAX_SHAPE = 1.5;

/**
 * How much later than scheduled this learner answers, as the one factor D that gives, over their own delays d
 * (gap ÷ scheduled interval), the retention the scale aims at: mean R₀^((d / D)^β) = R₀. A learner who sits down
 * twice a day answers an 8-hour interval after 11 or 13 hours: without D every interval would be recalled less
 * than asked. Bisection on ln D in [0, 3]; 1 with no evidence.
 */
function delayFactor(delays: Map<number, number>, shape: number): number {
  let total = 0;
  for (const n of delays.values()) total += n;
  if (total < 20) return 1;
  const r0 = DEFAULT_RETENTION;
  const meanAt = (lnD: number) => {
    let sum = 0;
    for (const [bin, n] of delays) sum += n * r0 ** ((2 ** (bin / BINS_PER_OCTAVE) / Math.exp(lnD)) ** shape);
    return sum / total;
  };
  let lo = 0;
  let hi = Math.log(8);
  if (meanAt(lo) >= r0) return 1;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (meanAt(mid) < r0) lo = mid;
    else hi = mid;
  }
  return Math.exp((lo + hi) / 2);
}

interface Recent {
  /** 1 recalled, 0 not: each review two hours or more after the card's previous answer, in log order */
  reviews: number[];
  /** ln(interval ÷ base) of each version 3 answer whose interval was not a floor: the scale the learner was given */
  scales: number[];
}

function latenessBins(log: readonly GradeLogEntry[]): { lateness: Map<number, { reviews: number; recalled: number }>; delays: Map<number, number>; recent: Recent } {
  const recent: Recent = { reviews: [], scales: [] };
  const undone = new Set(log.map((e) => e.undoneEventId).filter(Boolean));
  const cards = new Map<string, { memory: CardMemory; at: number; interval: number }>();
  const bins = new Map<number, { reviews: number; recalled: number }>();
  const delays = new Map<number, number>();
  for (const entry of log) {
    if (entry.undoneEventId || undone.has(entry.eventId ?? entry.event_id)) continue;
    const at = entry.reviewedAt ?? entry.reviewed_at;
    if (!at || !isGrade(entry.grade)) continue;
    const key = `${entry.course ?? ''}/${entry.materialType ?? entry.material_type ?? ''}/${entry.materialId ?? entry.material_id ?? ''}`;
    const now = instant(at).getTime();
    const interval = entry.intervalHours ?? entry.interval_hours ?? 0;
    const card = cards.get(key);
    if (!card) {
      cards.set(key, { memory: memoryLadder.lesson(entry.grade, undefined).memory!, at: now, interval });
      continue;
    }
    if (entry.grade === ALREADY_KNOWN_GRADE) continue;
    const gapHours = (now - card.at) / HOUR_MS;
    if (gapHours >= MIN_GAP_HOURS) recent.reviews.push(entry.grade > 0 ? 1 : 0);
    if (card.memory.relearn_hours === 0 && card.memory.base_hours > 0 && gapHours >= MIN_GAP_HOURS) {
      const bin = Math.round(BINS_PER_OCTAVE * Math.log2(gapHours / card.memory.base_hours));
      const b = bins.get(bin) ?? { reviews: 0, recalled: 0 };
      b.reviews++;
      if (entry.grade > 0) b.recalled++;
      bins.set(bin, b);
      if (card.interval > 0) {
        const d = Math.round(BINS_PER_OCTAVE * Math.log2(gapHours / card.interval));
        delays.set(d, (delays.get(d) ?? 0) + 1);
      }
    }
    const memory = nextMemory(card.memory, entry.grade, overdueRatio(card.interval, gapHours));
    if ((entry.schedulerVersion ?? entry.scheduler_version ?? memoryLadder.version) >= memoryLadder.version && memory.base_hours > 0 && interval > EASY_MIN_HOURS) {
      recent.scales.push(Math.log(interval / memory.base_hours));
    }
    cards.set(key, { memory, at: now, interval });
  }
  return { lateness: bins, delays, recent };
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
