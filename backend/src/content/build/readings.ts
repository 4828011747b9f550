import { EXCLUDED_READINGS } from './authored/reading-exclusions';
import { alignReading, type KanjiReading, readingsUsed } from './alignment';
import { candidateReadings, displayReading, type OrderedKanji } from './kanji';
import { hasKanji, isKanjiChar } from './text';
import { assignIds, type RankedVocab, VOCAB_COURSE_SIZES } from './vocab';

export type ReadingGrade = 'elementary' | 'middle' | 'high';

/**
 * The 2010 jōyō table's shapes of kanji that dictionaries and most print still write in the older, allowed form
 * (許容字体): a word written 頬 teaches the jōyō kanji 頰 (and 剥ぐ 剝, 叱る 𠮟, 充填 塡). Without this the four
 * cards had no example word at all (issue 17).
 */
export const JOYO_SHAPES: Readonly<Record<string, string>> = { 頬: '頰', 剥: '剝', 叱: '𠮟', 填: '塡' };

/** Most candidate words kept per reading card (easiest first). */
export const MAX_VOCAB_OPTIONS = 12;

export interface ReadingCard {
  id: number;
  kanji: OrderedKanji;
  reading: KanjiReading;
  /** As shown: katakana for on, hiragana with "." before the okurigana for kun. */
  display: string;
  grade: ReadingGrade;
  level: number;
  position: number;
  options: RankedVocab[];
  vocab: RankedVocab | null;
  sameVocabReadingIds: number[];
}

export interface KanjiReadings {
  kanji: OrderedKanji;
  readings: Array<{ reading: KanjiReading; display: string; grade: ReadingGrade }>;
}

const EASY_RANK = VOCAB_COURSE_SIZES.vocab1 + VOCAB_COURSE_SIZES.vocab2;

/**
 * Reading grade, an approximation of the jōyō table's marks (readings taught in elementary school, middle school,
 * or high school), which KANJIDIC2 does not carry. Kanji I: "elementary" when a word among the 4,000 easiest
 * (Vocab I and II) uses the reading, "middle" when only a Vocab III word does. Kanji II (secondary-school kanji,
 * whose readings the table mostly assigns to middle school): "middle" when any course word uses it. A reading no
 * course word uses (the fallback card of a rare kanji) is "high".
 */
export function readingGrade(course: OrderedKanji['course'], bestRank: number | undefined): ReadingGrade {
  if (bestRank === undefined) return 'high';
  if (course === 'kanji1') return bestRank < EASY_RANK ? 'elementary' : 'middle';
  return 'middle';
}

/**
 * A reading is common enough for a card when two or more course words use it, when its one word is in Vocab I or II
 * or is the kanji on its own (竹 たけ, 足る た.る), or when it is the kanji's main on reading (KANJIDIC's first) and
 * any course word uses it: every jōyō kanji whose on'yomi a learner meets gets that card (謝 シャ, 暖 ダン). This
 * still drops 子 ツ (面子), 生 お.う (生い立ち), 音 イン (福音) and the like; authored/reading-exclusions.ts removes the
 * few non-jōyō readings it lets through.
 */
export function isCommon(kanji: string, options: readonly RankedVocab[], mainOn = false): boolean {
  if (options.length >= 2) return true;
  if (options.length === 0) return false;
  if (mainOn) return true;
  const w = options[0];
  const written = [...w.written].map((c) => JOYO_SHAPES[c] ?? c);
  return w.course !== 'vocab3' || (written[0] === kanji && written.slice(1).every((c) => /[\u3041-\u309f]/.test(c)));
}

/**
 * The level a reading card is taught at: its kanji's level, but no earlier than its easiest word allows — a reading
 * whose words are all beyond Vocab I waits (生 has ten readings; level 1 teaches the ones a beginner meets, せい and
 * い.きる, not お.う or き). Vocab II words: level 3 at the earliest; Vocab III words: level 5.
 */
export function readingLevel(kanjiLevel: number, bestRank: number | undefined): number {
  if (bestRank === undefined) return kanjiLevel;
  const earliest = bestRank < VOCAB_COURSE_SIZES.vocab1 ? 1 : bestRank < EASY_RANK ? 3 : 5;
  return Math.max(kanjiLevel, earliest);
}

export interface ReadingsInput {
  kanji: OrderedKanji[];
  vocab: RankedVocab[];
  /** Teaching index of a kanji (Infinity when not jōyō): an example word should not lean on harder kanji. */
  teachIndex?: (ch: string) => number;
}

/**
 * Kanji cards. Every course word written with kanji is aligned to its reading; each (kanji, reading) that some
 * word uses becomes a card whose options are those words, easiest first. Readings no course word uses are the
 * uncommon ones and are left out; a kanji left with no reading at all keeps its first on (else kun) reading as a
 * card without an example word, for an admin to complete. The example word is chosen greedily in course order:
 * a word with a sentence, not yet used by another card, easiest first.
 */
export function buildReadings(input: ReadingsInput): { cards: ReadingCard[]; kanji: KanjiReadings[]; missingMainOn: string[] } {
  const lookup = new Map(input.kanji.map((k) => [k.entry.literal, candidateReadings(k.entry)]));
  const options = new Map<string, RankedVocab[]>();
  // A word's kanji in its jōyō shape (頬 of 頬張る counts for 頰).
  const keyOf = (kanji: string, r: KanjiReading) => `${JOYO_SHAPES[kanji] ?? kanji}\u0000${r.kind}\u0000${r.reading}`;
  for (const v of input.vocab) {
    if (!hasKanji(v.written)) continue;
    const a = alignReading(v.written, v.candidate.reading, (k) => lookup.get(JOYO_SHAPES[k] ?? k));
    if (!a) continue;
    const seen = new Set<string>();
    for (const u of readingsUsed(a)) {
      const key = keyOf(u.kanji, u.reading);
      if (seen.has(key)) continue;
      seen.add(key);
      const list = options.get(key) ?? [];
      list.push(v);
      options.set(key, list);
    }
  }
  for (const list of options.values()) list.sort((a, b) => a.rank - b.rank);

  const drafts: Array<Omit<ReadingCard, 'id' | 'position' | 'vocab' | 'sameVocabReadingIds'>> = [];
  const kanjiOut: KanjiReadings[] = [];
  for (const k of input.kanji) {
    const all = lookup.get(k.entry.literal) ?? [];
    const mainOn = all.find((r) => r.kind === 'on');
    let used = all
      .map((r) => ({ r, opts: options.get(keyOf(k.entry.literal, r)) ?? [] }))
      .filter((x) => isCommon(k.entry.literal, x.opts, x.r === mainOn) && !EXCLUDED_READINGS.has(`${k.entry.literal}:${displayReading(x.r)}`))
      .sort((a, b) => a.opts[0].rank - b.opts[0].rank || all.indexOf(a.r) - all.indexOf(b.r));
    if (!used.length && all.length) {
      // No common reading: keep the best-attested one (or the first on reading) so the kanji still has a card.
      const attested = all
        .map((r) => ({ r, opts: options.get(keyOf(k.entry.literal, r)) ?? [] }))
        .filter((x) => x.opts.length > 0)
        .sort((a, b) => a.opts[0].rank - b.opts[0].rank);
      used = attested.length ? [attested[0]] : [{ r: all.find((r) => r.kind === 'on') ?? all[0], opts: [] }];
    }
    const readings = used.map((x) => ({ reading: x.r, display: displayReading(x.r), grade: readingGrade(k.course, x.opts[0]?.rank) }));
    kanjiOut.push({ kanji: k, readings });
    used.forEach((x, i) =>
      drafts.push({
        kanji: k,
        reading: x.r,
        display: readings[i].display,
        grade: readings[i].grade,
        level: readingLevel(k.level, x.opts[0]?.rank),
        options: x.opts.slice(0, MAX_VOCAB_OPTIONS),
      }),
    );
  }
  // Course order: Kanji I then Kanji II, by level, kanji position, then the reading's easiest word.
  drafts.sort((a, b) => (a.kanji.course === b.kanji.course ? 0 : a.kanji.course === 'kanji1' ? -1 : 1) || a.level - b.level || a.kanji.position - b.kanji.position);
  const ids = assignIds(drafts.map((d) => `${d.kanji.entry.literal}:${d.reading.kind}:${d.display}`), 'reading');
  const usedVocab = new Set<number>();
  const positions = { kanji1: 0, kanji2: 0 };
  const cards: ReadingCard[] = drafts.map((d) => {
    const pick = chooseExample(d.kanji.entry.literal, d.options, usedVocab, input.teachIndex);
    if (pick) usedVocab.add(pick.id);
    return {
      ...d,
      id: ids.get(`${d.kanji.entry.literal}:${d.reading.kind}:${d.display}`)!,
      position: ++positions[d.kanji.course],
      vocab: pick,
      sameVocabReadingIds: [],
    };
  });
  const byVocab = new Map<number, ReadingCard[]>();
  for (const c of cards) if (c.vocab) byVocab.set(c.vocab.id, [...(byVocab.get(c.vocab.id) ?? []), c]);
  for (const c of cards) {
    if (!c.vocab) continue;
    c.sameVocabReadingIds = byVocab.get(c.vocab.id)!.filter((o) => o !== c).map((o) => o.id);
  }
  // Every kanji whose main on reading a course word uses has a card for it (the issue: 謝 シャ, 迷 メイ were missing).
  const missingMainOn: string[] = [];
  for (const k of input.kanji) {
    const mainOn = (lookup.get(k.entry.literal) ?? []).find((r) => r.kind === 'on');
    if (!mainOn || !(options.get(keyOf(k.entry.literal, mainOn)) ?? []).length) continue;
    if (EXCLUDED_READINGS.has(`${k.entry.literal}:${displayReading(mainOn)}`)) continue;
    if (!cards.some((c) => c.kanji === k && c.reading === mainOn)) missingMainOn.push(`${k.entry.literal} ${displayReading(mainOn)}`);
  }
  return { cards, kanji: kanjiOut, missingMainOn };
}

/**
 * The card's example word, chosen for how well it teaches the reading (whether it has a sentence yet does not
 * matter: sentences are written for the words chosen). The lowest of: option index (options are easiest first)
 * + 1.5 when the word does not start with the kanji (白い teaches 白 better than 面白い) + 2 when another card
 * already uses the word + 1.5 for each other kanji taught later than this one, 3 for a non-jōyō one (運転 over 逆転
 * for 転, 両親 over 両日 for 両, 都合 over 古都 for 都).
 */
export function chooseExample(
  kanji: string,
  options: readonly RankedVocab[],
  used: ReadonlySet<number>,
  teachIndex: (ch: string) => number = () => 0,
): RankedVocab | null {
  let best: RankedVocab | null = null;
  let bestScore = Infinity;
  const own = teachIndex(kanji);
  options.forEach((v, i) => {
    const harder = [...v.written].filter((c) => c !== kanji && isKanjiChar(c)).reduce((n, c) => {
      const t = teachIndex(c);
      return n + (!Number.isFinite(t) ? 3 : t > own ? 1.5 : 0);
    }, 0);
    const score = i + (v.written.startsWith(kanji) ? 0 : 1.5) + (used.has(v.id) ? 2 : 0) + harder;
    if (score < bestScore) {
      best = v;
      bestScore = score;
    }
  });
  return best;
}
