import type { KanjiReading } from './alignment';
import { COMMON_2010, EVERYDAY_2010 } from './authored/joyo-2010';
import { KANKEN_SECONDARY } from './authored/kanken-secondary';
import type { KanjidicEntry } from './kanjidic';
import { isHiraganaChar, rendakuForms, toHiragana } from './text';

/**
 * The 2010 jōyō table's shapes of kanji that dictionaries and most print still write in the older, allowed form
 * (許容字体): a word written 頬 teaches the jōyō kanji 頰 (and 剥ぐ 剝, 叱る 𠮟, 充填 塡). Without this the four
 * cards had no example word at all (issue 17).
 */
export const JOYO_SHAPES: Readonly<Record<string, string>> = { 頬: '頰', 剥: '剝', 叱: '𠮟', 填: '塡' };

import type { KanjiCourse } from '../../kernel/courses';

export type { KanjiCourse };

/** Kanji Kentei levels of the jōyō kanji, easiest first (準2級 sits between 3級 and 2級). */
export const KANKEN_LEVELS = ['10級', '9級', '8級', '7級', '6級', '5級', '4級', '3級', '準2級', '2級'] as const;
export type KankenLevel = (typeof KANKEN_LEVELS)[number];

const KANKEN_OF_SECONDARY = new Map<string, KankenLevel>(
  Object.entries(KANKEN_SECONDARY).flatMap(([level, chars]) => [...chars].map((ch) => [ch, level as KankenLevel] as const)),
);

/**
 * The Kanji Kentei level of a jōyō kanji: an elementary kanji is tested at the level of its school grade (grade 1
 * = 10級 … grade 6 = 5級, the 2020 allocation KANJIDIC2 records); a secondary kanji at the level of the
 * derived table (authored/kanken-secondary.ts).
 */
export function kankenOf(e: Pick<KanjidicEntry, 'literal' | 'grade'>): KankenLevel | undefined {
  if (e.grade !== undefined && e.grade >= 1 && e.grade <= 6) return KANKEN_LEVELS[e.grade - 1];
  return e.grade === 8 ? KANKEN_OF_SECONDARY.get(e.literal) : undefined;
}

/**
 * A level's label tells which Kanken levels its kanji belong to: one level ("10級"), or the easiest and the
 * hardest present ("9級–8級", "4級–2級"). Kanji without a known Kanken level do not count; a level with none
 * at all is "Level n".
 */
export function kankenLabel(levels: readonly (KankenLevel | undefined)[], level: number): string {
  const present = KANKEN_LEVELS.filter((k) => levels.includes(k));
  if (!present.length) return `Level ${level}`;
  const [easiest, hardest] = [present[0], present[present.length - 1]];
  return easiest === hardest ? easiest : `${easiest}–${hardest}`;
}

/**
 * Level sizes in teaching order. Kanji I level 1 is exactly the 80 first-grade kanji (the 10級 set); the
 * other 946 split evenly over levels 2–9. Kanji II level 1 takes the 110 most frequent secondary kanji, the
 * other 1,000 split evenly. A small first level is the free taster and the one that needs a sentence for
 * every card.
 */
export const KANJI_LEVEL_1_SIZE: Record<KanjiCourse, number> = { kanji1: 80, kanji2: 110 };

export interface OrderedKanji {
  entry: KanjidicEntry;
  course: KanjiCourse;
  level: number;
  /** The level's label, the same for every kanji of the level (kankenLabel). */
  levelLabel: string;
  kanken?: KankenLevel;
  /** 1-based position within the course. */
  position: number;
  /** School grade for the dictionary tabs: 1–6 for Kanji I, 7–9 (thirds by frequency) for Kanji II. */
  grade: number;
  /** 0-based index over both courses (Kanji I first): the kanji's difficulty for the vocab ranking. */
  teachIndex: number;
}

const byFreq = (a: KanjidicEntry, b: KanjidicEntry) =>
  (a.freq ?? 9999) - (b.freq ?? 9999) || a.strokes - b.strokes || a.literal.codePointAt(0)! - b.literal.codePointAt(0)!;

/** Splits `n` items into 9 levels: the given first level, the rest as even as possible (earlier levels +1). */
export function levelSizes(n: number, first: number): number[] {
  const rest = n - first;
  const base = Math.floor(rest / 8);
  const extra = rest - base * 8;
  return [first, ...Array.from({ length: 8 }, (_, i) => base + (i < extra ? 1 : 0))];
}

export function levelOf(index: number, sizes: number[]): number {
  let acc = 0;
  for (let l = 0; l < sizes.length; l++) {
    acc += sizes[l];
    if (index < acc) return l + 1;
  }
  return sizes.length;
}

/**
 * Kanji II order: newspaper frequency (byFreq), with the 2010 additions a learner meets every day brought forward.
 * KANJIDIC2's ranks come from newspapers written before 2010, when 誰 頃 挨拶 were printed in kana, so those kanji
 * rank low or not at all. The n kanji of EVERYDAY_2010 are spread evenly over Kanji II levels 2–3 in the authored
 * order: the i-th takes position from + ⌊(i + ½)·(to − from)/n⌋ of those levels' positions [from, to), the other
 * kanji fill the remaining positions in frequency order; COMMON_2010 likewise over levels 4–6. A listed kanji whose
 * frequency already places it earlier stays there (listed kanji only move forward), and level 1 (the 110 most
 * frequent) keeps its kanji: all its cards need a sentence, so it changes only together with sentences.
 */
export const KANJI2_2010_SPREAD: readonly { kanji: string; levels: readonly [number, number] }[] = [
  { kanji: EVERYDAY_2010, levels: [2, 3] },
  { kanji: COMMON_2010, levels: [4, 6] },
];

export function orderKanji2(entries: KanjidicEntry[]): KanjidicEntry[] {
  const natural = [...entries].sort(byFreq);
  const index = new Map(natural.map((e, i) => [e.literal, i] as [string, number]));
  const byChar = new Map(natural.map((e) => [e.literal, e] as [string, KanjidicEntry]));
  const sizes = levelSizes(natural.length, KANJI_LEVEL_1_SIZE.kanji2);
  const start = (level: number) => sizes.slice(0, level - 1).reduce((a, b) => a + b, 0);
  const placed = new Map<number, KanjidicEntry>();
  for (const { kanji, levels } of KANJI2_2010_SPREAD) {
    const [from, to] = [start(levels[0]), start(levels[1] + 1)];
    const list = [...kanji].filter((ch) => byChar.has(ch));
    list.forEach((ch, i) => {
      const at = from + Math.floor(((i + 0.5) * (to - from)) / list.length);
      if (at < index.get(ch)!) placed.set(at, byChar.get(ch)!);
    });
  }
  const moved = new Set(placed.values());
  const rest = natural.filter((e) => !moved.has(e));
  let next = 0;
  return natural.map((_, p) => placed.get(p) ?? rest[next++]);
}

/**
 * Kanji I: by school grade, then newspaper frequency. Kanji II: orderKanji2. Each level is labelled with the
 * Kanken levels of its kanji (kankenLabel).
 */
export function orderKanji(entries: KanjidicEntry[]): OrderedKanji[] {
  const k1 = entries.filter((e) => e.grade! >= 1 && e.grade! <= 6).sort((a, b) => a.grade! - b.grade! || byFreq(a, b));
  const k2 = orderKanji2(entries.filter((e) => e.grade === 8));
  const out: Omit<OrderedKanji, 'levelLabel'>[] = [];
  const s1 = levelSizes(k1.length, KANJI_LEVEL_1_SIZE.kanji1);
  k1.forEach((entry, i) =>
    out.push({ entry, course: 'kanji1', level: levelOf(i, s1), kanken: kankenOf(entry), position: i + 1, grade: entry.grade!, teachIndex: i }),
  );
  const s2 = levelSizes(k2.length, KANJI_LEVEL_1_SIZE.kanji2);
  const third = Math.ceil(k2.length / 3);
  k2.forEach((entry, i) =>
    out.push({
      entry,
      course: 'kanji2',
      level: levelOf(i, s2),
      kanken: kankenOf(entry),
      position: i + 1,
      grade: 7 + Math.floor(i / third),
      teachIndex: k1.length + i,
    }),
  );
  const labels = new Map<string, string>();
  const key = (k: { course: string; level: number }) => `${k.course}:${k.level}`;
  for (const k of out) {
    if (labels.has(key(k))) continue;
    labels.set(key(k), kankenLabel(out.filter((o) => key(o) === key(k)).map((o) => o.kanken), k.level));
  }
  return out.map((k) => ({ ...k, levelLabel: labels.get(key(k))! }));
}

const RENYOU_END: Record<string, string> = { う: 'い', く: 'き', ぐ: 'ぎ', す: 'し', つ: 'ち', ぬ: 'に', ぶ: 'び', む: 'み', る: 'り' };

/** Spellings derived from a kun reading with okurigana: its noun forms (あ.がる → あがり, い.れる → いれ). */
function derivedForms(stem: string, okuri: string): string[] {
  if (!okuri) return [];
  const head = okuri.slice(0, -1);
  const last = okuri.slice(-1);
  const out = new Set<string>();
  if (last === 'る' && head) out.add(stem + head);
  if (RENYOU_END[last]) out.add(stem + head + RENYOU_END[last]);
  for (const f of [...out]) for (const v of rendakuForms(f)) out.add(v);
  return [...out];
}

/**
 * The readings a kanji is aligned against. Dashes (prefix/suffix markers) are dropped. Kun readings that are only
 * a variant of another kun reading are dropped too, so one reading is one card: a voiced dashed form (日: -び
 * beside ひ), a noun form (上: あ.がり beside あ.がる, 生: うまれ beside う.まれる, 話: はなし beside はな.す), or a
 * dashed bare stem (出: -で beside で.る).
 */
export function candidateReadings(e: KanjidicEntry): KanjiReading[] {
  const on = e.on.map((r) => ({ kind: 'on' as const, reading: r.replace(/-/g, '') }));
  const kunRaw = e.kun
    .map((r) => {
      const reading = r.replace(/-/g, '');
      const dot = reading.indexOf('.');
      return { dashed: r.includes('-'), reading, flat: reading.replace('.', ''), stem: dot < 0 ? reading : reading.slice(0, dot), okuri: dot < 0 ? '' : reading.slice(dot + 1) };
    })
    .filter((k) => k.reading && [...k.flat].every(isHiraganaChar));
  const plain = kunRaw.filter((k) => !k.dashed);
  const redundant = (k: (typeof kunRaw)[number]) =>
    kunRaw.some((y) => {
      if (y === k || y.flat === k.flat) return false;
      if (y.okuri && derivedForms(y.stem, y.okuri).includes(k.flat)) return true;
      if (k.dashed && y.okuri && k.flat === y.stem) return true;
      if (k.dashed && !y.dashed && rendakuForms(y.flat).includes(k.flat)) return true;
      return false;
    }) || (k.dashed && plain.some((y) => y.flat === k.flat));
  const kun: KanjiReading[] = [];
  const seen = new Set<string>();
  for (const k of kunRaw) {
    if (redundant(k) || seen.has(k.flat)) continue; // う.まれる and うま.れる are one reading
    seen.add(k.flat);
    kun.push({ kind: 'kun', reading: k.reading });
  }
  const onSeen = new Set<string>();
  const onOut = on.filter((r) => r.reading && !onSeen.has(r.reading) && onSeen.add(r.reading));
  return [...onOut, ...kun];
}

/** Reading as shown on a card: on in katakana, kun in hiragana with "." before the okurigana. */
export function displayReading(r: KanjiReading): string {
  return r.kind === 'on' ? r.reading : toHiragana(r.reading);
}
