import { EXCLUDED_READINGS } from './authored/reading-exclusions';
import { alignReading, type KanjiReading, readingsUsed } from './alignment';
import { candidateReadings, displayReading, JOYO_SHAPES, type OrderedKanji } from './kanji';
import { hasKanji, isKanjiChar } from './text';
import { assignIds, type RankedVocab, VOCAB_COURSE_SIZES } from './vocab';
import { spellingsOf } from './vocab-candidates';

export type ReadingGrade = 'elementary' | 'middle' | 'high';

// The 2010 shapes live with the kanji order (vocab.ts needs them too); re-exported for the validator.
export { JOYO_SHAPES } from './kanji';

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
  /** The example word's spelling on this card when it is not the word's taught one (羨ましい for うらやましい). */
  spelling?: string;
  /** The example word is read as a whole word (叔父 おじ) and does not use the card's reading. */
  wholeWord?: true;
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
  const wholeWords = new Map<string, RankedVocab[]>();
  // A word's kanji in its jōyō shape (頬 of 頬張る counts for 頰).
  const keyOf = (kanji: string, r: KanjiReading) => `${JOYO_SHAPES[kanji] ?? kanji}\u0000${r.kind}\u0000${r.reading}`;
  for (const v of input.vocab) {
    if (!hasKanji(v.written)) continue;
    const a = alignReading(v.written, v.candidate.reading, (k) => lookup.get(JOYO_SHAPES[k] ?? k));
    if (!a) {
      // Read as a whole word (叔父 おじ, 今日 きょう: the jōyō table's appendix): kept in case it is all a kanji has.
      for (const ch of new Set([...v.written].filter(isKanjiChar))) wholeWords.set(JOYO_SHAPES[ch] ?? ch, [...(wholeWords.get(JOYO_SHAPES[ch] ?? ch) ?? []), v]);
      continue;
    }
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
  // The same for the words' other spellings (うらやましい as 羨ましい, 恐れ as 虞, 個所 as 箇所): a kanji that no
  // taught spelling uses is taught with one of these rather than left without an example word (issue 17).
  const spelledOptions = new Map<string, Array<{ vocab: RankedVocab; spelling: string }>>();
  for (const v of input.vocab) {
    for (const spelling of spellingsOf(v.candidate)) {
      if (spelling === v.written || !hasKanji(spelling)) continue;
      const a = alignReading(spelling, v.candidate.reading, (k) => lookup.get(JOYO_SHAPES[k] ?? k));
      if (!a) continue;
      for (const u of readingsUsed(a)) {
        if (v.written.includes(u.kanji)) continue;
        const key = keyOf(u.kanji, u.reading);
        const list = spelledOptions.get(key) ?? [];
        if (!list.some((o) => o.vocab === v)) list.push({ vocab: v, spelling });
        spelledOptions.set(key, list);
      }
    }
  }
  for (const list of spelledOptions.values()) list.sort((a, b) => a.vocab.rank - b.vocab.rank);

  const drafts: Array<Omit<ReadingCard, 'id' | 'position' | 'vocab' | 'sameVocabReadingIds'> & { spellings?: Map<number, string> }> = [];
  const kanjiOut: KanjiReadings[] = [];
  for (const k of input.kanji) {
    const all = lookup.get(k.entry.literal) ?? [];
    const mainOn = all.find((r) => r.kind === 'on');
    let used: Array<{ r: KanjiReading; opts: RankedVocab[]; spellings?: Map<number, string>; wholeWord?: true }> = all
      .map((r) => ({ r, opts: options.get(keyOf(k.entry.literal, r)) ?? [] }))
      .filter((x) => isCommon(k.entry.literal, x.opts, x.r === mainOn) && !EXCLUDED_READINGS.has(`${k.entry.literal}:${displayReading(x.r)}`))
      .sort((a, b) => a.opts[0].rank - b.opts[0].rank || all.indexOf(a.r) - all.indexOf(b.r));
    if (!used.length && all.length) {
      // No common reading: keep the best-attested one (or the first on reading) so the kanji still has a card.
      const allowed = all.filter((r) => !EXCLUDED_READINGS.has(`${k.entry.literal}:${displayReading(r)}`));
      const attested = allowed
        .map((r) => ({ r, opts: options.get(keyOf(k.entry.literal, r)) ?? [] }))
        .filter((x) => x.opts.length > 0)
        .sort((a, b) => a.opts[0].rank - b.opts[0].rank);
      const spelled = allowed
        .map((r) => ({ r, spelled: spelledOptions.get(keyOf(k.entry.literal, r)) ?? [] }))
        .filter((x) => x.spelled.length > 0)
        .sort((a, b) => a.spelled[0].vocab.rank - b.spelled[0].vocab.rank);
      if (attested.length) used = [attested[0]];
      else if (spelled.length) {
        const best = spelled[0];
        used = [{ r: best.r, opts: best.spelled.map((o) => o.vocab), spellings: new Map(best.spelled.map((o) => [o.vocab.id, o.spelling])) }];
      } else {
        // Nothing but whole-word readings (叔: 叔父 おじ, 叔母 おば): the card teaches the kanji's on reading, as the
        // jōyō table does, with such a word as its example and a note saying how the word is read (READING_NOTES).
        const words = [...(wholeWords.get(k.entry.literal) ?? [])].sort((a, b) => a.rank - b.rank);
        used = [{ r: allowed.find((r) => r.kind === 'on') ?? allowed[0] ?? all[0], opts: words, ...(words.length ? { wholeWord: true as const } : {}) }];
      }
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
        ...(x.spellings ? { spellings: x.spellings } : {}),
        ...(x.wholeWord ? { wholeWord: true as const } : {}),
      }),
    );
  }
  // Course order: Kanji I then Kanji II, by level, kanji position, then the reading's easiest word.
  drafts.sort((a, b) => (a.kanji.course === b.kanji.course ? 0 : a.kanji.course === 'kanji1' ? -1 : 1) || a.level - b.level || a.kanji.position - b.kanji.position);
  const ids = assignIds(drafts.map((d) => `${d.kanji.entry.literal}:${d.reading.kind}:${d.display}`), 'reading');
  const usedVocab = new Set<number>();
  const positions = { kanji1: 0, kanji2: 0 };
  const cards: ReadingCard[] = drafts.map(({ spellings, ...d }) => {
    const pick = chooseExample(d.kanji.entry.literal, d.options, usedVocab, input.teachIndex);
    if (pick) usedVocab.add(pick.id);
    const spelling = pick ? spellings?.get(pick.id) : undefined;
    return {
      ...d,
      ...(spelling ? { spelling } : {}),
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
