import { HOUR_MS, instant, type CardMemory, type Learner } from './card';
import { ALREADY_KNOWN_GRADE, isGrade } from './grades';
import { DEFAULT_RETENTION, DEFAULT_STRENGTH, FORGETTING_SHAPE, memoryLadder, nextMemory } from './memory-ladder';

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
export function fitLearner(log: readonly GradeLogEntry[]): Learner {
  const bins = latenessBins(log);
  const lnR0 = Math.log(DEFAULT_RETENTION);
  const logPosterior = (lnStrength: number): number => {
    let sum = -(((lnStrength - Math.log(DEFAULT_STRENGTH)) / PRIOR_SD) ** 2) / 2;
    for (const [bin, { reviews, recalled }] of bins) {
      const lateness = 2 ** (bin / BINS_PER_OCTAVE);
      const p = Math.exp(lnR0 * (lateness / Math.exp(lnStrength)) ** FORGETTING_SHAPE);
      sum += recalled * Math.log(Math.max(p, 1e-12)) + (reviews - recalled) * Math.log(Math.max(1 - p, 1e-12));
    }
    return sum;
  };
  const strength = Math.exp(goldenMax(logPosterior, Math.log(MIN_STRENGTH), Math.log(MAX_STRENGTH)));
  return { strength: Math.round(strength * 10_000) / 10_000 };
}

function latenessBins(log: readonly GradeLogEntry[]): Map<number, { reviews: number; recalled: number }> {
  const undone = new Set(log.map((e) => e.undoneEventId).filter(Boolean));
  const cards = new Map<string, { memory: CardMemory; at: number }>();
  const bins = new Map<number, { reviews: number; recalled: number }>();
  for (const entry of log) {
    if (entry.undoneEventId || undone.has(entry.eventId ?? entry.event_id)) continue;
    const at = entry.reviewedAt ?? entry.reviewed_at;
    if (!at || !isGrade(entry.grade)) continue;
    const key = `${entry.course ?? ''}/${entry.materialType ?? entry.material_type ?? ''}/${entry.materialId ?? entry.material_id ?? ''}`;
    const now = instant(at).getTime();
    const card = cards.get(key);
    if (!card) {
      cards.set(key, { memory: memoryLadder.lesson(entry.grade, undefined).memory!, at: now });
      continue;
    }
    if (entry.grade === ALREADY_KNOWN_GRADE) continue;
    const gapHours = (now - card.at) / HOUR_MS;
    if (card.memory.relearn_hours === 0 && card.memory.base_hours > 0 && gapHours >= MIN_GAP_HOURS) {
      const bin = Math.round(BINS_PER_OCTAVE * Math.log2(gapHours / card.memory.base_hours));
      const b = bins.get(bin) ?? { reviews: 0, recalled: 0 };
      b.reviews++;
      if (entry.grade > 0) b.recalled++;
      bins.set(bin, b);
    }
    cards.set(key, { memory: nextMemory(card.memory, entry.grade), at: now });
  }
  return bins;
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
