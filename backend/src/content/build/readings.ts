import { KANJI_COURSES, type KanjiCourse, VOCAB_COURSES, type VocabCourse } from '../../kernel/courses';
import { EVERYDAY_READINGS, EXCLUDED_EXAMPLE_WORDS, EXCLUDED_READINGS } from './authored/reading-exclusions';
import { alignReading, type KanjiReading, kunShadowsOn, readingsUsed } from './alignment';
import { candidateReadings, displayReading, JOYO_SHAPES, type OrderedKanji } from './kanji';
import { hasKanji, isKanjiChar, toHiragana } from './text';
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

/** Vocab I and II, the 4,000 easiest words (a later vocab course is as hard as Vocab III). */
const EASY_COURSES: readonly VocabCourse[] = VOCAB_COURSES.slice(0, 2);
const EASY_RANK = EASY_COURSES.reduce((sum, c) => sum + VOCAB_COURSE_SIZES[c], 0);

/** Vocab I, II, III: how far into the course a word is, its vocab course's place in the course order. */
const COURSE_TIER: Record<string, number> = Object.fromEntries(VOCAB_COURSES.map((c, i) => [c, i]));
/** The tier of a reading no course word uses: after every vocab course. */
const NO_WORD_TIER = VOCAB_COURSES.length;

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
  return EASY_COURSES.includes(w.course) || (written[0] === kanji && written.slice(1).every((c) => /[\u3041-\u309f]/.test(c)));
}

/**
 * The earliest level a reading card may be taught at: its kanji's level, but no earlier than its easiest word allows
 * — a reading whose words are all beyond Vocab I waits (生 has ten readings; level 1 teaches the ones a beginner
 * meets, せい and い.きる, not お.う or き). Vocab II words: level 2 at the earliest; Vocab III words: level 3. The
 * kanji's first reading (its easiest word's) is not delayed (`first`): every kanji has a card in its own level.
 * paceLevels then spreads the cards evenly over the levels.
 */
export function readingLevel(kanjiLevel: number, bestRank: number | undefined, first = false): number {
  if (bestRank === undefined || first) return kanjiLevel;
  const earliest = bestRank < VOCAB_COURSE_SIZES.vocab1 ? 1 : bestRank < EASY_RANK ? 2 : 3;
  return Math.max(kanjiLevel, earliest);
}

export interface PacedCard {
  /** The kanji's level: the kanji's first reading is taught there. */
  kanjiLevel: number;
  /** readingLevel: the card is never taught earlier. */
  earliest: number;
  /** The kanji's first reading (its easiest word's). */
  first: boolean;
  /** 0, 1, 2 for a reading whose easiest word is in Vocab I, II, III; 3 for a card without a word. */
  tier: number;
  /** The kanji's position in the course. */
  position: number;
}

/**
 * Cards per level, evened out (issue 29): the levels are filled in order, level L taking ⌈cards left / levels left⌉
 * cards: first the first readings of its own kanji (always, so every kanji has a card in its level), then the
 * waiting cards whose earliest level has come — readings of Vocab I words first, then Vocab II, then Vocab III, each
 * by earliest level and kanji position; the rest wait for the next level. A card is thus never taught before its
 * kanji or before readingLevel allows, and waits at most a few levels. The last level takes what is left.
 */
export function paceLevels(cards: readonly PacedCard[], levels = 9): number[] {
  const out = new Array<number>(cards.length).fill(0);
  let left = cards.length;
  const order = cards.map((_, i) => i).sort((a, b) => cards[a].tier - cards[b].tier || cards[a].earliest - cards[b].earliest || cards[a].position - cards[b].position || a - b);
  for (let level = 1; level <= levels; level++) {
    const must = cards.map((c, i) => i).filter((i) => !out[i] && cards[i].first && cards[i].kanjiLevel === level);
    for (const i of must) out[i] = level;
    let room = Math.ceil(left / (levels - level + 1)) - must.length;
    left -= must.length;
    for (const i of order) {
      if (out[i] || cards[i].earliest > level || (level < levels && room <= 0)) continue;
      out[i] = level;
      room--;
      left--;
    }
  }
  return out;
}

/**
 * A reading's options. An everyday reading (authored/reading-exclusions.ts EVERYDAY_READINGS: 喉 のど, 他 ほか, 聴く)
 * also takes the words that write it only in another spelling (のど as 喉, 外 as 他, 聞く as 聴く), easiest first; the
 * card then shows its word in that spelling (`spellings`).
 */
function everydayOptions(
  kanji: string,
  r: KanjiReading,
  opts: RankedVocab[],
  spelled: ReadonlyArray<{ vocab: RankedVocab; spelling: string }>,
): { r: KanjiReading; opts: RankedVocab[]; spellings?: Map<number, string> } {
  if (!EVERYDAY_READINGS.has(`${kanji}:${displayReading(r)}`) || !spelled.length) return { r, opts };
  const extra = spelled.filter((o) => !opts.includes(o.vocab));
  return { r, opts: [...opts, ...extra.map((o) => o.vocab)].sort((a, b) => a.rank - b.rank), spellings: new Map(extra.map((o) => [o.vocab.id, o.spelling])) };
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
export function buildReadings(input: ReadingsInput): { cards: ReadingCard[]; kanji: KanjiReadings[]; missingMainOn: string[]; missingEveryday: string[] } {
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
      .map((r) => everydayOptions(k.entry.literal, r, options.get(keyOf(k.entry.literal, r)) ?? [], spelledOptions.get(keyOf(k.entry.literal, r)) ?? []))
      .filter(
        (x) =>
          (isCommon(k.entry.literal, x.opts, x.r === mainOn) || (EVERYDAY_READINGS.has(`${k.entry.literal}:${displayReading(x.r)}`) && x.opts.length > 0)) &&
          !EXCLUDED_READINGS.has(`${k.entry.literal}:${displayReading(x.r)}`),
      )
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
        level: readingLevel(k.level, x.opts[0]?.rank, i === 0),
        options: x.opts.slice(0, MAX_VOCAB_OPTIONS),
        ...(x.spellings ? { spellings: x.spellings } : {}),
        ...(x.wholeWord ? { wholeWord: true as const } : {}),
      }),
    );
  }
  // Even levels: each course's cards spread by paceLevels, none before its readingLevel.
  for (const course of KANJI_COURSES) {
    const ds = drafts.filter((d) => d.kanji.course === course);
    const firsts = new Set<OrderedKanji>();
    const paced = paceLevels(
      ds.map((d) => {
        const first = !firsts.has(d.kanji);
        firsts.add(d.kanji);
        const w = d.options[0];
        return { kanjiLevel: d.kanji.level, earliest: d.level, first, tier: w ? (COURSE_TIER[w.course] ?? 2) : NO_WORD_TIER, position: d.kanji.position };
      }),
    );
    ds.forEach((d, i) => (d.level = paced[i]));
  }
  // Course order: Kanji I then Kanji II, by level, kanji position, then the reading's easiest word.
  drafts.sort((a, b) => KANJI_COURSES.indexOf(a.kanji.course) - KANJI_COURSES.indexOf(b.kanji.course) || a.level - b.level || a.kanji.position - b.kanji.position);
  const ids = assignIds(drafts.map((d) => `${d.kanji.entry.literal}:${d.reading.kind}:${d.display}`), 'reading');
  const usedVocab = new Set<number>();
  const positions = Object.fromEntries(KANJI_COURSES.map((c) => [c, 0])) as Record<KanjiCourse, number>;
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
  // A word the course writes in kana whose kanji spelling is one kanji read with a kun reading (のど 喉, さる 猿,
  // くじら 鯨) names what the kanji means: that reading has a card, or a reason in EXCLUDED_READINGS (issue 29).
  const missingEveryday: string[] = [];
  const byLiteral = new Map(input.kanji.map((k) => [k.entry.literal, k]));
  for (const v of input.vocab) {
    if (hasKanji(v.written) || !v.candidate?.kanjiForm) continue;
    const chars = [...v.candidate.kanjiForm];
    if (chars.length !== 1 || !isKanjiChar(chars[0])) continue;
    const ch = JOYO_SHAPES[chars[0]] ?? chars[0];
    const k = byLiteral.get(ch);
    const r = (lookup.get(ch) ?? []).find((x) => x.kind === 'kun' && x.reading.replace(/[-.]/g, '') === v.candidate.reading);
    if (!k || !r || EXCLUDED_READINGS.has(`${ch}:${displayReading(r)}`)) continue;
    if (!cards.some((c) => c.kanji === k && c.reading === r))
      missingEveryday.push(`${ch} ${displayReading(r)}: the course teaches ${v.written} in kana, whose kanji is ${ch}, but the reading has no card (EVERYDAY_READINGS, or a reason in EXCLUDED_READINGS)`);
  }
  return { cards, kanji: kanjiOut, missingMainOn, missingEveryday };
}

/** A word one of whose senses is a curse (畜生 "damn it", くそ): never an example word while the card has another. */
export function isCurse(v: RankedVocab): boolean {
  return (v.candidate?.senses ?? []).some((s) => s.pos.includes('int') && s.glosses.some((g) => /\b(damn|shit|bastard|hell|fuck|crap|bugger)\b/i.test(g)));
}

/**
 * The card's example word, chosen for how well it teaches the reading (whether it has a sentence yet does not
 * matter: sentences are written for the words chosen). The lowest of: option index (options are easiest first)
 * + 1.5 when the word does not start with the kanji (白い teaches 白 better than 面白い) + 2 when another card
 * already uses the word + 1.5 for each other kanji taught later than this one, 3 for a non-jōyō one (運転 over 逆転
 * for 転, 両親 over 両日 for 両, 都合 over 古都 for 都) + 2 for each vocab course the word is beyond the easiest
 * option's (一致 over 致死 for 致, 活躍 over 躍起 for 躍: the common word, even when it does not start with the kanji)
 * + 4 when the word is also a curse (isCurse: 家畜 over 畜生 for 畜). A word of EXCLUDED_EXAMPLE_WORDS (二宮) is never
 * chosen while the card has another.
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
  const allowed = options.filter((v) => !EXCLUDED_EXAMPLE_WORDS.has(`${v.written}|${v.candidate?.reading}`));
  const pool = allowed.length ? allowed : options;
  const easiest = Math.min(...pool.map((v) => COURSE_TIER[v.course] ?? 0));
  pool.forEach((v, i) => {
    const harder = [...v.written].filter((c) => c !== kanji && isKanjiChar(c)).reduce((n, c) => {
      const t = teachIndex(c);
      return n + (!Number.isFinite(t) ? 3 : t > own ? 1.5 : 0);
    }, 0);
    const later = 2 * ((COURSE_TIER[v.course] ?? 0) - easiest);
    const offensive = isCurse(v) ? 4 : 0;
    const score = i + (v.written.startsWith(kanji) ? 0 : 1.5) + (used.has(v.id) ? 2 : 0) + harder + later + offensive;
    if (score < bestScore) {
      best = v;
      bestScore = score;
    }
  });
  return best;
}

/**
 * What the build refuses in the kanji cards' example words (issue 29, item 3), one message per card:
 *  - an on card whose word writes the kanji with the okurigana of a kun reading of the same sound (死ぬ taught as
 *    シ, 差す as サ): the word is a kun word (alignment.ts kunShadowsOn);
 *  - a word from a later vocab course while an option from an earlier one, no other card's word and with no kanji
 *    taught later, was passed over (致死 over 一致, 躍起 over 活躍);
 *  - a curse (畜生 "damn it") while the card has a word that is not;
 *  - a word of EXCLUDED_EXAMPLE_WORDS while the card has another.
 */
export function exampleProblems(cards: readonly ReadingCard[], lookup: (ch: string) => readonly KanjiReading[] | undefined, teachIndex: (ch: string) => number = () => 0): string[] {
  const out: string[] = [];
  const usedBy = new Map<number, number>();
  for (const c of cards) if (c.vocab) usedBy.set(c.vocab.id, (usedBy.get(c.vocab.id) ?? 0) + 1);
  for (const c of cards) {
    const v = c.vocab;
    if (!v) continue;
    const k = c.kanji.entry.literal;
    const name = `${k} ${c.display} (${v.written})`;
    if (c.reading.kind === 'on' && !c.wholeWord) {
      // Independent of the alignment (which already prefers the kun reading): the written form says it.
      const chars = [...(c.spelling ?? v.written)];
      const sound = toHiragana(c.reading.reading.replace(/-/g, ''));
      chars.forEach((ch, i) => {
        if ((JOYO_SHAPES[ch] ?? ch) !== k) return;
        let following = '';
        for (let j = i + 1; j < chars.length && /^[\u3041-\u309f]$/.test(chars[j]); j++) following += chars[j];
        if (kunShadowsOn(lookup(k) ?? [], following).has(sound)) out.push(`${name}: the word writes the okurigana of a kun reading; it teaches the kun reading, not ${c.display}`);
      });
    }
    const tier = COURSE_TIER[v.course] ?? 0;
    const own = teachIndex(k);
    const better = c.options.find(
      (o) =>
        o !== v &&
        (COURSE_TIER[o.course] ?? 0) < tier &&
        !usedBy.has(o.id) &&
        !EXCLUDED_EXAMPLE_WORDS.has(`${o.written}|${o.candidate?.reading}`) &&
        [...o.written].every((ch) => ch === k || !isKanjiChar(ch) || teachIndex(ch) <= own),
    );
    if (better) out.push(`${name}: ${v.written} is in ${v.course} while ${better.written} (${better.course}) is free and no harder`);
    if (isCurse(v) && c.options.some((o) => !isCurse(o))) out.push(`${name}: the word is also a curse while the card has a word that is not`);
    if (EXCLUDED_EXAMPLE_WORDS.has(`${v.written}|${v.candidate?.reading}`) && c.options.length > 1) out.push(`${name}: ${v.written} is never an example word (EXCLUDED_EXAMPLE_WORDS)`);
  }
  return out;
}
