import { stableId } from './hash';
import { JOYO_SHAPES, levelOf, levelSizes, type OrderedKanji } from './kanji';
import { isKanjiChar, isKatakanaChar, moraCount, tabOf, toHiragana, type VocabTab } from './text';
import { coreItems } from './core-items';
import { shortDefinition, type VocabCandidate } from './vocab-candidates';

import { VOCAB_COURSES, type VocabCourse } from '../../kernel/courses';

export type { VocabCourse };

export const VOCAB_COURSE_SIZES: Record<VocabCourse, number> = { vocab1: 1000, vocab2: 3000, vocab3: 6000 };
/** The whole list: every vocab course's words. */
export const VOCAB_TOTAL = VOCAB_COURSES.reduce((sum, c) => sum + VOCAB_COURSE_SIZES[c], 0);
/**
 * Vocab I splits evenly (111 or 112 words a level). Vocab II and III have a smaller first level (the free
 * taster, and the level that needs a sentence for every word) and split the rest evenly.
 */
export const VOCAB_LEVEL_1_SIZE: Record<VocabCourse, number> = { vocab1: 111, vocab2: 150, vocab3: 150 };

export interface RankedVocab {
  id: number;
  candidate: VocabCandidate;
  course: VocabCourse;
  level: number;
  /** 1-based position within the course. */
  position: number;
  /** 0-based rank over all 10,000 words, easiest first. */
  rank: number;
  /** Written form as taught (the core list may pick the spelling). */
  written: string;
  definition: string;
  tab: VocabTab;
  /** "core" for the hand-picked Vocab I list, "listed" for the N4–N3 list, otherwise "heuristic". */
  source: 'core' | 'listed' | 'heuristic';
  score: number;
  /** Pitch accent (downstep mora, 0 = flat), filled by the build from NAIST-jdic when the word is in it. */
  pitch?: number[];
}

export interface RankInputs {
  candidates: VocabCandidate[];
  kanji: Map<string, OrderedKanji>;
  core: readonly string[];
  /** The N4–N3 list (authored/n3-core.ts): kept in the course, right after the core, ordered by score. */
  listed?: readonly string[];
  /** English word counts over all EDICT glosses (see glossRarity). */
  glossFreq?: Map<string, number>;
  /** Every EDICT headword, for word-family counts. */
  allHeadwords: readonly string[];
  /**
   * Kanji a word can teach (those that align to a reading). Used to make sure every jōyō kanji appears in at least
   * one course word when EDICT has a common word for it.
   */
  teaches?: (c: VocabCandidate) => string[];
  /** Whether IPADIC (kuromoji's dictionary) knows the word as one token: a weak sign of an established word. */
  inDictionary: (c: VocabCandidate) => boolean;
  /** Words the kanji coverage must not push out (they have hand-written sentences: a card's material). */
  keep?: (c: VocabCandidate) => boolean;
  /** Frequency proxy of a word, 0 (most frequent) … 1 (unseen): frequency-table.ts. */
  frequency?: (c: VocabCandidate) => number | undefined;
  log?: (msg: string) => void;
}

// Field tags that make a word specialist vocabulary rather than everyday Japanese.
const SPECIALIST_FIELDS = new Set([
  'baseb', 'sumo', 'law', 'comp', 'math', 'physics', 'chem', 'biol', 'med', 'astron', 'ling', 'Buddh', 'finc',
  'econ', 'mil', 'anat', 'geol', 'bot', 'zool', 'mahj', 'shogi', 'sports', 'music', 'Shinto', 'Christn', 'archit',
  'engr', 'bus', 'MA', 'hanaf', 'tradem', 'physiol', 'genet', 'vidg', 'biochem', 'go', 'print', 'psych',
]);

/**
 * Difficulty of one kanji, 0 … 1: half its place in the teaching order (school grade first), half its newspaper
 * frequency rank, so a frequent secondary-school kanji (彼, 私) is not treated like a rare one. Non-jōyō: 1.6.
 */
function kanjiDifficulty(ch: string, kanji: Map<string, OrderedKanji>): number {
  const k = kanji.get(ch);
  if (!k) return 1.6;
  return 0.5 * (k.teachIndex / 2136) + 0.5 * (Math.min(k.entry.freq ?? 2600, 2600) / 2600);
}

/**
 * Easiest-first score of a word outside the core list (lower = earlier). See docs/content.md for the reasoning
 * and the spot check. Inputs: the hardest kanji (70%) and the average kanji (30%) in teaching order, length in
 * morae, polysemy (basic words have many senses), how many other common words contain this one (学校 is inside
 * 小学校, 中学校 …), and penalties for proper nouns, specialist fields, four-character idioms, proverbs,
 * abbreviations, long loanwords, onomatopoeia, phrases and one-kanji on'yomi words (説, 術). With the frequency
 * proxy, frequency leads; rankVocab then reorders the kanji words whose frequency score is coarse (reorderCoarseKanjiWords).
 */
export function heuristicScore(
  c: VocabCandidate,
  kanji: Map<string, OrderedKanji>,
  family: number,
  inDictionary: boolean,
  glossRarity = 0,
  frequency?: number,
): number {
  const chars = [...c.written];
  // 々 repeats the kanji before it: it adds no difficulty of its own (日々 and 人々 are everyday words).
  const ks = chars.filter((ch) => isKanjiChar(ch) && ch !== '々');
  const katakana = chars.every((ch) => isKatakanaChar(ch));
  let kd: number;
  if (ks.length) {
    const ds = ks.map((k) => kanjiDifficulty(k, kanji));
    kd = 0.7 * Math.max(...ds) + 0.3 * (ds.reduce((a, b) => a + b, 0) / ds.length);
  } else kd = katakana ? KATAKANA_KD : 0.3;
  const mora = moraCount(c.reading);
  const len = Math.max(0, Math.min(1, (mora - 2) / 7));
  const senses = c.senses.length;
  const glosses = c.senses.reduce((a, s) => a + s.glosses.length, 0);
  // With the frequency proxy (frequency.ts, 0 = most frequent … 1 = unseen) frequency leads and kanji difficulty and
  // length only nudge learnability; without it (an old table), the kanji-and-length heuristic of the first list.
  let s =
    frequency === undefined
      ? 0.5 * kd + 0.25 * len + GLOSS_WEIGHT * glossRarity
      : frequency + 0.15 * kd + 0.1 * len + 0.3 * glossRarity;
  s -= 0.035 * Math.min(senses - 1, 4) + 0.005 * Math.min(glosses - 1, 8);
  s -= 0.03 * Math.log2(1 + Math.min(15, family));
  if (!inDictionary) s += 0.08;
  const first = c.senses[0];
  const gloss = first.glosses[0] ?? '';
  if (/^[A-Z]/.test(gloss) && !/^I\b/.test(gloss)) s += 0.25; // proper nouns: Nagoya (city), Myanmar
  const fields = c.senses.flatMap((x) => x.fields);
  if (fields.length && fields.every((f) => SPECIALIST_FIELDS.has(f))) s += 0.12;
  if (first.misc.some((m) => m === 'yoji' || m === 'proverb' || m === 'id')) s += 0.2;
  if (first.misc.includes('abbr')) s += 0.05;
  if (katakana && mora > 4) s += 0.04 * (mora - 4);
  if (first.pos.includes('exp')) s += 0.08;
  // Frequent in text, but not vocabulary to learn as a word: grammar written as a word (たら, には, ために, もって,
  // "indicates …"), numbers and number + counter (十四, 三時: the core teaches the pattern), and words that only
  // exist inside compounds. UniDic rates them as very frequent, so without this they would open Vocab III.
  if (frequency !== undefined && isGrammarLike(c)) s += 1;
  if (frequency !== undefined && /^[一二三四五六七八九十百千万億]+[人時日月年回階本枚歳分円個台杯匹冊]?$/u.test(c.written)) s += 1;
  if (/^(.{2})\1$/u.test(c.written) && !ks.length) s += 0.1; // onomatopoeia: そわそわ, ぶるぶる
  // Nouns made from a verb stem (付き, 分け, 下り) are mostly met inside compounds.
  if (ks.length === 1 && chars.length === 2 && /[きぎしじちにびみりえけげせてねべめれ]$/.test(c.written) && !first.pos.some((p) => p.startsWith('v') || p.startsWith('adj'))) s += frequency === undefined ? 0.06 : 0.2;
  if (ks.length === 1 && chars.length === 1 && c.reading.length >= 2) {
    // A lone kanji read in on'yomi (説 せつ, 術 じゅつ) is usually a bound morpheme, not a word learners meet alone.
    const onLike = kanji.get(ks[0])?.entry.on.some((o) => toHiragana(o.replace(/-/g, '')) === c.reading);
    if (onLike) s += frequency === undefined ? 0.15 : 0.4;
  }
  return s;
}

/**
 * Where UniDic's score stops telling words apart: from COARSE_FROM it fades in, from COARSE_TO on it is all coarse.
 * A frequent word that nothing competes with in UniDic's model gets about as little weight as a rare one
 * (frequency.ts, "Limits"): 迷惑 0.72, 募集 0.79 and 介護 0.68 sit beside 糾弾 and 摘発 (0.79), and 2,000 words
 * share 0.79 alone.
 */
export const COARSE_FROM = 0.4;
export const COARSE_TO = 0.8;
/** Per doubling of the word family, at full coarseness. */
export const COARSE_FAMILY_WEIGHT = 0.1;
/** Families beyond this size add nothing (放送 heads 78 headwords, 介護 25, 迷惑 25, 摘発 none). */
const COARSE_FAMILY_CAP = 63;

/** 0 (UniDic's score can be trusted) … 1 (coarse): how much the word family must decide. */
export function coarseness(frequency: number): number {
  return Math.max(0, Math.min(1, (frequency - COARSE_FROM) / (COARSE_TO - COARSE_FROM)));
}

/** How far a coarse kanji word's EDICT word family (headwords that contain it) moves it up among its peers. */
export function coarseFamilyBonus(frequency: number, family: number): number {
  return COARSE_FAMILY_WEIGHT * coarseness(frequency) * Math.log2(1 + Math.min(COARSE_FAMILY_CAP, Math.max(0, family)));
}

export interface CoarseItem {
  key: string;
  score: number;
  /** Frequency proxy (undefined without the table: nothing is reordered). */
  frequency?: number;
  family: number;
  /** Written in kanji only (two characters or more): 迷惑, 介護, 雰囲気. */
  kanjiWord: boolean;
}

/**
 * Reorders the kanji words whose frequency score is coarse (≥ COARSE_FROM) among themselves by their word family:
 * they keep, as a group, exactly the scores (places) they had, and within the group the order follows
 * score − coarseFamilyBonus. Everyday kango head many compounds and phrases (介護士, 介護保険, 要介護; 迷惑メール,
 * 迷惑をかける), specialist ones few, so among words UniDic cannot separate the family is the best signal available
 * offline. On hand-judged lists (348 everyday N4–N2 kango against 672 rare ones of the same shape) this lifts the
 * AUC from 0.72 to 0.80; NAIST-jdic and IPADIC costs, kanji frequency and gloss rarity add under 0.01 on top.
 * Reordering instead of adding a bonus matters: the same term as a bonus lifted 870 kango into the 10,000 and pushed
 * out some 400 everyday loanwords and native words of middling UniDic score (チョコレート, ストレス, しっかり, 黙る);
 * swapping places trades rare kango for everyday ones and leaves every other word where it was. Kana and katakana
 * words are not in the group: a loanword's family is its loanword phrases (ダウン heads dozens). Returns the new
 * score of each word of the group, by key.
 */
export function reorderCoarseKanjiWords(items: readonly CoarseItem[]): Map<string, number> {
  const group = items.filter((i) => i.kanjiWord && i.frequency !== undefined && i.frequency >= COARSE_FROM);
  const slots = group.map((i) => i.score).sort((a, b) => a - b);
  const adjusted = (i: CoarseItem) => i.score - coarseFamilyBonus(i.frequency!, i.family);
  const order = [...group].sort((a, b) => adjusted(a) - adjusted(b) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return new Map(order.map((i, n) => [i.key, slots[n]]));
}

/** A word that is really grammar: a conjunction, particle or copula form, or a gloss that describes a function. */
function isGrammarLike(c: VocabCandidate): boolean {
  const first = c.senses[0];
  if (/^(indicates|used to|used after|used when|particle|suffix)/i.test(first.glosses[0] ?? '')) return true;
  const kana = [...c.written].every((ch) => /[\u3040-\u309f]/.test(ch));
  return kana && first.pos.length > 0 && first.pos.every((p) => p === 'conj' || p === 'exp' || p === 'prt' || p === 'cop');
}

/** Loanwords carry no kanji signal; EDICT marks about 2,000 as common, most of them not beginner words. */
const KATAKANA_KD = 0.45;
/** Weight of the English-gloss rarity (see glossRarity). */
const GLOSS_WEIGHT = 0.5;

/** English words that say nothing about a gloss's meaning (glossFrequencies, glossRarity, kana example words). */
export const GLOSS_STOP_WORDS: ReadonlySet<string> = new Set(['to', 'the', 'a', 'an', 'of', 'be', 'in', 'on', 'at', 'for', 'and', 'or', 'one', "one's", 'someone', 'something', 'with', 'by', 'as', 'from', 'into', 'up', 'out', 'e', 'g', 'esp', 'etc', 'is', 'it', 'that', 'this', 'not', 'get', 'make', 'have', 'do', 'being']);

/** English word counts over every EDICT gloss: a plain English gloss ("son", "middle") marks a basic word. */
export function glossFrequencies(glossTexts: Iterable<string>): Map<string, number> {
  const freq = new Map<string, number>();
  for (const g of glossTexts) for (const w of g.toLowerCase().match(/[a-z]+/g) ?? []) if (!GLOSS_STOP_WORDS.has(w)) freq.set(w, (freq.get(w) ?? 0) + 1);
  return freq;
}

/**
 * 0 (plain English) … 1 (rare English) for the easiest of a word's first two glosses, where a gloss is as rare as
 * its rarest content word.
 */
const maxCache = new WeakMap<Map<string, number>, number>();

export function glossRarity(c: VocabCandidate, freq: Map<string, number>): number {
  let max = maxCache.get(freq);
  if (max === undefined) {
    let m = 1;
    for (const n of freq.values()) if (n > m) m = n;
    max = Math.log(1 + m);
    maxCache.set(freq, max);
  }
  const top = max;
  const rarity = (g: string) => {
    const words = (g.replace(/\([^)]*\)/g, ' ').toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => !GLOSS_STOP_WORDS.has(w));
    if (!words.length) return 0.5;
    return Math.max(...words.map((w) => 1 - Math.log(1 + (freq.get(w) ?? 0)) / top));
  };
  const gl = c.senses[0].glosses.slice(0, 2);
  return gl.length ? Math.min(...gl.map(rarity)) : 0.5;
}

/** How many EDICT headwords contain each string of two or more characters. */
function familySizes(headwords: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const w of headwords) {
    const chars = [...w];
    if (chars.length > 12) continue;
    const seen = new Set<string>();
    for (let i = 0; i < chars.length; i++) for (let j = i + 2; j <= chars.length; j++) seen.add(chars.slice(i, j).join(''));
    for (const s of seen) counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  return counts;
}

export interface CoreMatch {
  candidate: VocabCandidate;
  /** The EDICT candidate it came from (differs from `candidate` when the teacher chose a variant form as main). */
  original: VocabCandidate;
  written: string;
  definition?: string;
}

/**
 * Resolves the hand-written core list to candidates, in list order; unknown items are reported. An item is
 * "written:reading" with an optional "=definition" (underscores for spaces) when EDICT's first gloss is not the
 * meaning a beginner needs (肉: "flesh" → "meat"). The item's spelling is used when it is one of the word's
 * regular spellings.
 */
export function matchCore(core: readonly string[], cands: VocabCandidate[], log?: (m: string) => void): CoreMatch[] {
  const byReading = new Map<string, VocabCandidate[]>();
  for (const c of cands) {
    const list = byReading.get(c.reading) ?? [];
    list.push(c);
    byReading.set(c.reading, list);
  }
  // A core item may name a reading or spelling that EDICT merged into another word as a variant (皆 みんな under
  // みな): the teacher's form becomes the word's main form.
  const byForm = new Map<string, VocabCandidate>();
  for (const c of cands) for (const f of c.otherForms) if (!byForm.has(`${f.written}|${f.reading}`)) byForm.set(`${f.written}|${f.reading}`, c);
  const promote = (c: VocabCandidate, written: string, reading: string): VocabCandidate => ({
    ...c,
    key: `${written}|${reading}`,
    written,
    kanjiForm: toHiragana(written) === reading ? c.kanjiForm : written,
    reading,
    variants: [written],
    regularVariants: [written],
    otherForms: [{ written: c.written, reading: c.reading }, ...c.otherForms.filter((f) => !(f.written === written && f.reading === reading))],
  });
  const out: CoreMatch[] = [];
  const taken = new Set<string>();
  const missing: string[] = [];
  for (const { item, written: w, reading, definition, kanaOnly } of coreItems(core)) {
    const options = byReading.get(reading) ?? [];
    const hit =
      options.find((c) => c.written === w) ??
      options.find((c) => c.kanjiForm === w) ??
      options.find((c) => c.variants.includes(w)) ??
      (kanaOnly ? options.find((c) => c.usuallyKana) : undefined);
    const merged = !hit ? (byForm.get(`${w}|${reading}`) ?? (kanaOnly ? cands.find((c) => c.otherForms.some((f) => f.reading === reading)) : undefined)) : undefined;
    if (!hit && merged && !taken.has(merged.key)) {
      taken.add(merged.key);
      const c = promote(merged, w, reading);
      out.push({ candidate: c, original: merged, written: c.written, definition });
      continue;
    }
    if (!hit) {
      missing.push(item);
      continue;
    }
    if (taken.has(hit.key)) continue;
    taken.add(hit.key);
    const written = hit.usuallyKana || !hit.regularVariants.includes(w) ? hit.written : w;
    out.push({ candidate: hit, original: hit, written, definition });
  }
  if (missing.length) log?.(`core vocab: ${missing.length} items not found among EDICT common words: ${missing.join(' ')}`);
  return out;
}

/** Ranks every candidate and keeps 10,000: the core list first, then the heuristic order. */
export function rankVocab(inputs: RankInputs): RankedVocab[] {
  const { candidates, kanji, core, inDictionary, log } = inputs;
  const coreWords = matchCore(core, candidates, log);
  const coreOriginals = new Set(coreWords.map((m) => m.original));
  // The N4–N3 list: words a teacher wants in the first 10,000 whatever the frequency proxy says (休憩, 誤解, 挑戦
  // look like rare kango to every offline signal). They follow the core list, ordered among themselves by score.
  const listedWords = matchCore(inputs.listed ?? [], candidates.filter((c) => !coreOriginals.has(c)), (m) => log?.(m.replace('core vocab', 'N4–N3 list')));
  const listedOriginals = new Set(listedWords.map((m) => m.original));
  const family = familySizes(inputs.allHeadwords);
  const base = candidates
    .filter((c) => !coreOriginals.has(c))
    .map((c) => {
      const fam = (family.get(c.written) ?? 1) - 1;
      const frequency = inputs.frequency?.(c);
      const score = heuristicScore(c, kanji, fam, inDictionary(c), inputs.glossFreq ? glossRarity(c, inputs.glossFreq) : 0, frequency);
      const chars = [...c.written];
      return { c, score, item: { key: c.key, score, frequency, family: fam, kanjiWord: chars.length >= 2 && chars.every(isKanjiChar) } };
    });
  const reordered = reorderCoarseKanjiWords(base.map((b) => b.item));
  const byScore = (a: { c: VocabCandidate; score: number }, b: { c: VocabCandidate; score: number }) =>
    a.score - b.score || (a.c.key < b.c.key ? -1 : a.c.key > b.c.key ? 1 : 0);
  const allScored = base.map(({ c, score }) => ({ c, score: reordered.get(c.key) ?? score }));
  const listedScore = new Map(allScored.filter((x) => listedOriginals.has(x.c)).map((x) => [x.c, x.score]));
  const scored = allScored.filter((x) => !listedOriginals.has(x.c)).sort(byScore);
  const listed = listedWords
    .map((m) => ({ c: m.candidate, score: listedScore.get(m.original) ?? 0, written: m.written, definition: m.definition }))
    .sort(byScore);
  const total = VOCAB_TOTAL;
  type Item = { c: VocabCandidate; score: number; source: 'core' | 'listed' | 'heuristic'; written: string; definition?: string };
  const all: Item[] = [
    ...coreWords.map((m) => ({ c: m.candidate, score: 0, source: 'core' as const, written: m.written, definition: m.definition })),
    ...listed.map((x) => ({ ...x, source: 'listed' as const })),
    ...scored.map((x) => ({ ...x, source: 'heuristic' as const, written: x.c.written })),
  ];
  if (all.length < total) throw new Error(`only ${all.length} vocab candidates, need ${total}`);
  const memo = new Map<VocabCandidate, string[]>();
  const teaches = inputs.teaches;
  const cached = teaches && ((c: VocabCandidate) => memo.get(c) ?? (memo.set(c, teaches(c)), memo.get(c)!));
  const ordered = cached ? coverKanji(all, total, kanji, cached, log, inputs.keep) : all.slice(0, total);

  const keyOf = (o: { c: VocabCandidate; written: string }) => `${o.written}|${o.c.reading}`;
  const ids = assignIds(ordered.map(keyOf), 'vocab');
  const courses: readonly VocabCourse[] = VOCAB_COURSES;
  const out: RankedVocab[] = [];
  let rank = 0;
  for (const course of courses) {
    const size = VOCAB_COURSE_SIZES[course];
    const sizes = course === 'vocab1' ? evenSizes(size) : levelSizes(size, VOCAB_LEVEL_1_SIZE[course]);
    for (let i = 0; i < size; i++, rank++) {
      const o = ordered[rank];
      out.push({
        id: ids.get(keyOf(o))!,
        candidate: o.c,
        written: o.written,
        course,
        level: levelOf(i, sizes),
        position: i + 1,
        rank,
        definition: o.definition ?? shortDefinition(o.c),
        tab: tabOf(o.c.reading),
        source: o.source,
        score: o.score,
      });
    }
  }
  return out;
}

/**
 * Keeps the first `total` items, except that a jōyō kanji no kept word teaches pulls in its easiest word from
 * beyond the cut (in kanji teaching order); each such word replaces the last heuristic word whose kanji are all
 * taught by other kept words and that has no hand-written sentence. Pulled-in words keep their score, so they sit at the end of Vocab III.
 */
function coverKanji<T extends { c: VocabCandidate; score: number; source: 'core' | 'listed' | 'heuristic' }>(
  all: T[],
  total: number,
  kanji: Map<string, OrderedKanji>,
  teaches: (c: VocabCandidate) => string[],
  log?: (m: string) => void,
  keep: (c: VocabCandidate) => boolean = () => false,
): T[] {
  const kept = all.slice(0, total);
  const rest = all.slice(total);
  const taught = new Map<string, number>();
  const teachOf = new Map<T, string[]>();
  const count = (item: T, delta: number) => {
    const ks = teachOf.get(item) ?? teaches(item.c);
    teachOf.set(item, ks);
    for (const k of ks) taught.set(k, (taught.get(k) ?? 0) + delta);
  };
  kept.forEach((i) => count(i, 1));
  const order = [...kanji.values()].sort((a, b) => a.teachIndex - b.teachIndex);
  const pulled: T[] = [];
  let cursor = kept.length - 1;
  /** Moves rest[idx] into the list in place of the last heuristic word whose kanji stay taught without it. */
  // When every such word has a hand-written sentence, the last of those whose kanji and readings (`r:<kanji>:<reading>`
  // in what `teaches` returns) all stay taught gives way (its sentence is then refused: the build says which), so a
  // newly listed word never costs a kanji its only word (issue 29).
  let keptCursor = -1;
  const pullIn = (idx: number, protect = true): boolean => {
    while (cursor >= 0) {
      const cand = kept[cursor];
      const ks = teachOf.get(cand) ?? teaches(cand.c);
      if (cand.source === 'heuristic' && !pulled.includes(cand) && !keep(cand.c) && ks.every((x) => x.startsWith('r:') || (taught.get(x) ?? 0) > 1)) break;
      cursor--;
    }
    let at = cursor;
    if (at < 0 && !protect) {
      if (keptCursor < 0 || keptCursor >= kept.length) keptCursor = kept.length - 1;
      while (keptCursor >= 0) {
        const cand = kept[keptCursor];
        const ks = teachOf.get(cand) ?? teaches(cand.c);
        if (cand.source === 'heuristic' && !pulled.includes(cand) && ks.every((x) => (taught.get(x) ?? 0) > 1)) break;
        keptCursor--;
      }
      at = keptCursor;
      if (at < 0) return false;
      count(kept[at], -1);
      kept.splice(at, 1);
      keptCursor--;
      const [item] = rest.splice(idx, 1);
      count(item, 1);
      pulled.push(item);
      return true;
    }
    if (at < 0) return false;
    count(kept[cursor], -1);
    kept.splice(cursor, 1);
    cursor--;
    const [item] = rest.splice(idx, 1);
    count(item, 1);
    pulled.push(item);
    return true;
  };
  // A word with a hand-written sentence stays, even when a newly listed word now teaches its kanji: its sentence
  // is a card's material.
  for (let idx = rest.findIndex((i) => keep(i.c)); idx >= 0; idx = rest.findIndex((i) => keep(i.c))) if (!pullIn(idx)) break;
  // First every kanji, then every kanji's main on reading (`<kanji>:on` in what `teaches` returns), in teaching order.
  const targets = [...order.map((k) => k.entry.literal), ...order.map((k) => `${k.entry.literal}:on`)];
  for (const target of targets) {
    if (taught.get(target)) continue;
    // `teaches` may name a kanji of another spelling (羨 of うらやましい); the written form itself stays all jōyō.
    const idx = rest.findIndex((i) => [...i.c.written].every((x) => !/[\u3400-\u9fff]/.test(x) || kanji.has(JOYO_SHAPES[x] ?? x)) && teaches(i.c).includes(target));
    if (idx < 0) continue;
    if (!pullIn(idx, false)) break;
  }
  log?.(`vocab: ${pulled.length} words pulled into Vocab III so every jōyō kanji, and its main on reading, that a common word teaches has one`);
  // Core in its hand-written order, then the N4–N3 list and the rest, each by score.
  const tier = { core: 0, listed: 1, heuristic: 2 };
  return [...kept, ...pulled].sort((a, b) => tier[a.source] - tier[b.source] || (a.source === 'core' ? 0 : a.score - b.score));
}

function evenSizes(n: number): number[] {
  const base = Math.floor(n / 9);
  const extra = n - base * 9;
  // The remainder goes to the last levels, so level 1 stays at 111.
  return Array.from({ length: 9 }, (_, i) => base + (i >= 9 - extra ? 1 : 0));
}

/**
 * Stable numeric ids from keys (31-bit FNV-1a of "namespace:key"). A collision is resolved by re-hashing the
 * later key (in sorted order) with a counter, so ids only move if a colliding key appears.
 */
export function assignIds(keys: string[], namespace: string): Map<string, number> {
  const out = new Map<string, number>();
  const used = new Set<number>();
  for (const key of [...keys].sort()) {
    let n = 0;
    let id = stableId(`${namespace}:${key}`);
    while (used.has(id)) id = stableId(`${namespace}:${key}#${++n}`);
    used.add(id);
    out.set(key, id);
  }
  return out;
}
