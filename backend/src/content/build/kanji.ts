import type { KanjiReading } from './alignment';
import type { KanjidicEntry } from './kanjidic';
import { isHiraganaChar, rendakuForms, toHiragana } from './text';

export type KanjiCourse = 'kanji1' | 'kanji2';

export const KANJI_LEVEL_LABELS = ['10級', '9級', '8級', '7級', '6級', '5級', '4級', '3級', '2級'] as const;

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

/** Kanji I: by school grade, then newspaper frequency. Kanji II: by frequency (unranked last, fewer strokes first). */
export function orderKanji(entries: KanjidicEntry[]): OrderedKanji[] {
  const k1 = entries.filter((e) => e.grade! >= 1 && e.grade! <= 6).sort((a, b) => a.grade! - b.grade! || byFreq(a, b));
  const k2 = entries.filter((e) => e.grade === 8).sort(byFreq);
  const out: OrderedKanji[] = [];
  const s1 = levelSizes(k1.length, KANJI_LEVEL_1_SIZE.kanji1);
  k1.forEach((entry, i) =>
    out.push({ entry, course: 'kanji1', level: levelOf(i, s1), position: i + 1, grade: entry.grade!, teachIndex: i }),
  );
  const s2 = levelSizes(k2.length, KANJI_LEVEL_1_SIZE.kanji2);
  const third = Math.ceil(k2.length / 3);
  k2.forEach((entry, i) =>
    out.push({
      entry,
      course: 'kanji2',
      level: levelOf(i, s2),
      position: i + 1,
      grade: 7 + Math.floor(i / third),
      teachIndex: k1.length + i,
    }),
  );
  return out;
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
