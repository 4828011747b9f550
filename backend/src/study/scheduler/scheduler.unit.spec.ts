import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_RETENTION, fitLearner, formatInterval, newCard, preview, review, schedulers, type GradeLogEntry, type SchedulerCard } from './index';

const HOUR_MS = 3_600_000;
const memory = schedulers.memory.review;
const memoryPreview = schedulers.memory.preview;
const T0 = new Date('2026-03-02T08:00:00.000Z');
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR_MS);

/** Grades in turn, each when the card is due (plus `late` hours): the card after the last, and every interval. */
function answer(grades: number[], { start = newCard(), late = 0, learner = undefined as Parameters<typeof review>[3], rule = memory } = {}) {
  let card: SchedulerCard = start;
  let now = T0;
  const intervals: number[] = [];
  for (const g of grades) {
    card = rule(card, g, now, learner);
    intervals.push(card.interval_hours);
    now = new Date(new Date(card.due_at!).getTime() + late * HOUR_MS);
  }
  return { card, intervals, now };
}

describe('the scheduler folder', () => {
  it('imports nothing outside itself, so its built file runs without the database or Nest', () => {
    const here = __dirname;
    for (const file of readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))) {
      const imports = [...readFileSync(join(here, file), 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]);
      expect({ file, outside: imports.filter((i) => !i.startsWith('./')) }).toEqual({ file, outside: [] });
    }
  });
});

describe('version 2, the ladder (the current rule)', () => {
  it('is what review and preview apply', () => {
    expect(answer([5, 5, 5, 0, 3], { rule: review }).intervals).toEqual([0, 8, 20, 0, 4]);
    const card = answer([5, 5, 5], { rule: review }).card;
    expect(preview(card, card.due_at!)).toEqual(schedulers.ladder.preview(card, card.due_at!));
    expect(review(card, 5, card.due_at!).scheduler_version).toBe(2);
  });

  it('climbs the hard and easy ladders from a fresh card, and a lapse starts again from 0 h', () => {
    const ladder = schedulers.ladder.review;
    expect(answer([5, 3, 3, 3, 3, 3, 3], { rule: ladder }).intervals).toEqual([0, 4, 6, 9, 14, 21, 32]);
    expect(answer([5, 5, 5, 5, 5, 5, 5], { rule: ladder }).intervals).toEqual([0, 8, 20, 50, 125, 313, 783]);
    expect(answer([5, 5, 5, 5, 5, 0, 5], { rule: ladder }).intervals).toEqual([0, 8, 20, 50, 125, 0, 8]);
  });
});

describe('version 3, the memory ladder', () => {
  it('grows like the ladder while every answer is easy', () => {
    expect(answer([5, 5, 5, 5, 5, 5, 5]).intervals).toEqual([0, 8, 20, 50, 125, 313, 783]);
  });

  it('makes a lapsed card due at once (SPEC: 0 hours), then gives back half of what it had earned', () => {
    const { intervals, card } = answer([5, 5, 5, 5, 5, 5, 0, 5]);
    expect(intervals.slice(-3)).toEqual([313, 0, 157]);
    expect(card.memory).toMatchObject({ lapses: 1, relearn_hours: 0, ease: 2.3 });
    // ... and it grows from there at the card's lowered ease, not from 8 hours again.
    expect(memory(card, 5, card.due_at!).interval_hours).toBe(Math.round(157 * 2.3));
  });

  it('keeps less after a second lapse before the card was answered right again', () => {
    expect(answer([5, 5, 5, 5, 5, 5, 0, 0, 5]).intervals.slice(-3)).toEqual([0, 0, 110]);
  });

  it('keeps nothing of a card that had earned less than a day', () => {
    expect(answer([5, 5, 5, 0, 5]).intervals).toEqual([0, 8, 20, 0, 8]);
  });

  it('grows a card slower after hard answers (its own ease), never below 1.3', () => {
    const hard = answer([5, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]);
    expect(hard.card.memory!.ease).toBe(1.3);
    const after = memory(hard.card, 5, hard.now).interval_hours;
    expect(after).toBe(Math.round(hard.card.memory!.base_hours * 1.3));
  });

  it('continues a card last graded under version 2 from its interval', () => {
    const old: SchedulerCard = { attempts: 4, mastery: 'learning', interval_hours: 50, due_at: at(50).toISOString(), last_reviewed_at: T0.toISOString(), learned_at: T0.toISOString(), memory: null };
    expect(memory(old, 5, at(50))).toMatchObject({ interval_hours: 125, scheduler_version: 3, memory: { base_hours: 125, ease: 2.5 } });
  });

  it('scales every interval by the retention the learner asks for: ln R / ln R₀', () => {
    const base = answer([5, 5, 5, 5, 5]).card;
    const asked = (r: number) => memory(base, 5, base.due_at!, { desiredRetention: r }).interval_hours;
    expect(asked(DEFAULT_RETENTION)).toBe(313);
    expect(asked(0.9)).toBe(Math.round(313 * (Math.log(0.9) / Math.log(DEFAULT_RETENTION))));
    expect(asked(0.8)).toBeGreaterThan(313);
    expect(asked(0.5)).toBe(asked(0.7)); // clamped to 70–97 %
    expect(memory(base, 5, base.due_at!, { strength: 2 }).interval_hours).toBe(626);
  });

  it('keeps the SPEC rules: 29 days for "I already know it", never 10 on a learned card, mastery by gap', () => {
    const known = memory(newCard(), 10, T0);
    expect(known).toMatchObject({ interval_hours: 696, mastery: 'intermediate', attempts: 1 });
    expect(() => memory(known, 10, at(696))).toThrow("'I already know it' is only for new cards.");
    expect(() => memory(newCard(), 4, T0)).toThrow(/Grade must be 0, 3, 5 or 10/);
    expect(memory(known, 5, at(720)).mastery).toBe('mastered');
  });

  it('previews exactly what each grade does', () => {
    const { card, now } = answer([5, 5, 5, 3]);
    const shown = memoryPreview(card, now);
    expect(Object.keys(shown)).toEqual(['0', '3', '5']);
    for (const g of [0, 3, 5] as const) {
      const after = memory(card, g, now);
      expect(shown[g]).toEqual({ interval_hours: after.interval_hours, due_at: after.due_at, mastery: after.mastery });
    }
    expect(Object.keys(memoryPreview(newCard(), now))).toEqual(['0', '3', '5', '10']);
  });
});

describe('fitLearner', () => {
  /** A learner's log: `cards` cards, each answered on time for a year, recalled when `recalls(i)` says so. */
  function logOf(cards: number, recalls: (answer: number) => boolean): GradeLogEntry[] {
    const log: (GradeLogEntry & { t: number })[] = [];
    let n = 0;
    for (let id = 1; id <= cards; id++) {
      let card = newCard();
      let now = at(id);
      for (let k = 0; k < 9 && now < at(24 * 365); k++) {
        const grade = k < 2 ? 5 : recalls(n++) ? 5 : 0;
        log.push({ materialId: id, grade, reviewedAt: now.toISOString(), t: now.getTime() });
        card = memory(card, grade, now);
        now = new Date(Math.max(new Date(card.due_at!).getTime(), now.getTime() + 60_000));
      }
    }
    return log.sort((a, b) => a.t - b.t);
  }

  it('assumes the default for a learner with no reviews yet', () => {
    expect(fitLearner([])).toEqual({ strength: 1 });
  });

  it('finds a learner who remembers better than assumed stronger, and one who forgets more weaker', () => {
    const strong = fitLearner(logOf(60, (i) => i % 20 !== 0)); // 95 % recalled at the intervals meant for 85 %
    const weak = fitLearner(logOf(60, (i) => i % 3 !== 0)); // 67 %
    expect(strong.strength).toBeGreaterThan(1.5);
    expect(weak.strength).toBeLessThan(0.8);
    // Deterministic, and it reads the event store's camelCase as well as snake_case.
    const snake = logOf(60, (i) => i % 3 !== 0).map((e) => ({ material_id: e.materialId, grade: e.grade, reviewed_at: e.reviewedAt }));
    expect(fitLearner(snake)).toEqual(weak);
  });

  it('leaves out grades that were taken back', () => {
    const log = logOf(40, (i) => i % 3 !== 0).map((e, i) => ({ ...e, eventId: `e${i}` }));
    const withSlips = [...log, ...log.filter((e) => e.grade === 0).map((e) => ({ ...e, eventId: `slip-${e.eventId}`, grade: 0 }))];
    const undone = withSlips.filter((e) => e.eventId!.startsWith('slip-')).map((e) => ({ grade: 0, undoneEventId: e.eventId }));
    expect(fitLearner([...withSlips, ...undone])).toEqual(fitLearner(log));
  });
});

describe('formatInterval', () => {
  it.each([
    [0, '0 hours'],
    [1, '1 hour'],
    [4, '4 hours'],
    [23, '23 hours'],
    [24, '1 day'],
    [47, '2 days'],
    [48, '2 days'],
    [696, '29 days'],
    [1740, '73 days'],
  ])('%i h → %s', (hours, text) => {
    expect(formatInterval(hours)).toBe(text);
  });
});
