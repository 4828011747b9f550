import type { ReadAnalysis, ReadFigures, ReadToken, ReadWord } from '#contract/reader';
import { dictionaryForm, isContentToken, isKanjiChar, toHiragana, type CatalogueWord, type CatalogueWordIndex, type KuromojiToken, type WordRef } from '../../content';

/**
 * Read with Kioku (issue 32): a learner's text, segmented by kuromoji, mapped to the words the courses teach and
 * coloured by the learner's cards. Pure: tokens, the catalogue's word index and the learner's cards in, the
 * answer out. The rules (docs/decisions.md, "Read with Kioku"):
 *
 * - A token's dictionary form is the content build's (`dictionaryForm`: 食べ of 食べなかった → 食べる), matched by the
 *   build's index (`courseWordIndex`): the taught spelling or a recorded variant, and by sound for a word written in
 *   kana (わかる → 分かる).
 * - A form in no course by spelling is tried as the same word with other okurigana: same reading, same kanji
 *   (引越す → 引っ越す, 受付け → 受付).
 * - A サ変 noun followed by する is the する verb when a course teaches it (勉強する), else the noun.
 * - Adjacent nouns (and a prefix) that together spell a course word are that word (お + 茶 → お茶, 日本 + 語 → 日本語).
 * - Proper nouns and numbers are shown but never counted; particles, auxiliaries, suffixes, symbols neither.
 * - Of several course words for one form, the learner's own card wins, then the one read as kuromoji reads it,
 *   then the earliest in course order.
 */

export type Mastery = 'learning' | 'intermediate' | 'mastered';

export interface Learner {
  /** the learner's vocab cards by material id */
  cards: ReadonlyMap<number, Mastery>;
  /** kanji with a reading card Intermediate or Mastered */
  knownKanji: ReadonlySet<string>;
  /** an active subscription (or admin): every level opens */
  fullAccess: boolean;
}

/** A counted word before the learner is known: the candidates the courses have for it. */
interface WordSlot {
  form: WordRef;
  candidates: CatalogueWord[];
}

export interface Segmented {
  tokens: Array<{ text: string; furigana: string | null; slot: number | null; skipped?: 'name' | 'number' }>;
  slots: WordSlot[];
  /** every material id a slot may be: the learner's cards of these are read */
  candidateIds: number[];
  kanji: string[];
}

const JAPANESE_LETTER = /[\u3041-\u309f\u30a1-\u30ff\u3400-\u9fff\uf900-\ufaff\u3005]/;
const NOUNISH = new Set(['名詞', '接頭詞']);

/** Segments a text and finds, per counted word, the course words it may be. */
export function segment(text: string, tokens: readonly KuromojiToken[], index: CatalogueWordIndex): Segmented {
  const out: Segmented = { tokens: [], slots: [], candidateIds: [], kanji: [] };
  const slotOf = new Map<string, number>();
  const ids = new Set<number>();
  const slot = (form: WordRef, candidates: CatalogueWord[]): number => {
    const key = candidates.length ? `id:${candidates.map((c) => c.id).join(',')}` : `form:${form.base}`;
    let n = slotOf.get(key);
    if (n === undefined) {
      n = out.slots.length;
      out.slots.push({ form, candidates });
      slotOf.set(key, n);
      for (const c of candidates) ids.add(c.id);
    }
    return n;
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    // A compound of adjacent nouns the courses teach as one word (longest first, up to three tokens).
    const compound = compoundAt(tokens, i, index);
    if (compound) {
      const surface = tokens.slice(i, i + compound.length).map((x) => x.surface_form).join('');
      const furigana = tokens.slice(i, i + compound.length).map(furiganaOf).join('');
      out.tokens.push({ text: surface, furigana: /\[/.test(furigana) ? furigana : null, slot: slot({ base: surface }, compound.words) });
      i += compound.length - 1;
      continue;
    }
    const furigana = furiganaOf(t);
    const shown = { text: t.surface_form, furigana: furigana === t.surface_form ? null : furigana };
    let kind = kindOf(t);
    // A name the courses teach (日本, 東京) is a word like any other; other names are not counted.
    if (kind === 'name' && index.wordsOf(dictionaryForm(t)).some((w) => w.kanji === t.surface_form)) kind = 'word';
    // The する of a サ変 noun (勉強し) belongs to the noun: counting it again would count one word twice.
    if (kind === 'word' && t.basic_form === 'する' && tokens[i - 1]?.pos_detail_1 === 'サ変接続') kind = 'other';
    if (kind === 'name' || kind === 'number') {
      out.tokens.push({ ...shown, slot: null, skipped: kind });
      continue;
    }
    if (kind === 'other') {
      out.tokens.push({ ...shown, slot: null });
      continue;
    }
    const form = dictionaryForm(t);
    const next = tokens[i + 1];
    let candidates: CatalogueWord[] = [];
    let chosenForm = form;
    if (t.pos_detail_1 === 'サ変接続' && next && next.basic_form === 'する') {
      const suru = { base: `${form.base}する`, reading: form.reading ? `${form.reading}する` : undefined };
      candidates = index.wordsOf(suru);
      if (candidates.length) chosenForm = suru;
    }
    if (!candidates.length) candidates = wordsFor(t, form, index);
    // A word in no course still counts (it is "outside"), unless kuromoji does not know it and it is not Japanese.
    out.tokens.push({ ...shown, slot: slot(chosenForm, candidates) });
  }
  for (const ch of new Set([...text].filter(isKanjiChar))) out.kanji.push(ch);
  out.candidateIds = [...ids];
  return out;
}

/** The longest piece kuromoji is given at once: its lattice grows faster than the text on a run with no break. */
export const CHUNK_MAX = 120;

/**
 * The text in pieces kuromoji takes in linear time: cut after each sentence end or line break, and a piece still
 * longer than CHUNK_MAX after its last comma or space, else after a kana that follows a kanji, else hard. Pasted
 * prose has sentence ends every few dozen characters, so only a run without any is ever cut mid-sentence.
 */
export function chunks(text: string): string[] {
  const out: string[] = [];
  for (const piece of text.split(/(?<=[。！？!?\n])/u)) {
    let rest = piece;
    while (rest.length > CHUNK_MAX) {
      const head = rest.slice(0, CHUNK_MAX);
      let cut = Math.max(head.lastIndexOf('、'), head.lastIndexOf('，'), head.lastIndexOf(' '), head.lastIndexOf('　')) + 1;
      if (cut <= 0) {
        for (let i = CHUNK_MAX - 1; i > 0 && cut <= 0; i--) if (isKanjiChar(head[i - 1]) && /[\u3041-\u309f]/.test(head[i])) cut = i + 1;
      }
      // Never inside a surrogate pair.
      if (cut <= 0) cut = /[\ud800-\udbff]/.test(head[CHUNK_MAX - 1]) ? CHUNK_MAX - 1 : CHUNK_MAX;
      out.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    if (rest) out.push(rest);
  }
  return out;
}

/** kuromoji over the text's chunks: the tokens cover the text exactly, in order. */
export function tokenizeText(tokenizer: { tokenize(s: string): KuromojiToken[] }, text: string): KuromojiToken[] {
  const out: KuromojiToken[] = [];
  for (const chunk of chunks(text)) for (const t of tokenizer.tokenize(chunk)) out.push(t);
  return out;
}

type Kind = 'word' | 'name' | 'number' | 'other';

function kindOf(t: KuromojiToken): Kind {
  if (!JAPANESE_LETTER.test(t.surface_form)) return t.pos_detail_1 === '数' || /^[0-9０-９.,]+$/.test(t.surface_form) ? 'number' : 'other';
  if (t.pos === '名詞' && t.pos_detail_1 === '数') return 'number';
  if (t.pos === '名詞' && t.pos_detail_1 === '固有名詞') return 'name';
  // Pronouns are words the courses teach (私, あなた), though a course sentence's i+1 share leaves them out.
  if (t.pos === '名詞' && t.pos_detail_1 === '代名詞') return 'word';
  return isContentToken(t) ? 'word' : 'other';
}

/** The course words of one token: by spelling or sound, else the same word with other okurigana. */
function wordsFor(t: KuromojiToken, form: WordRef, index: CatalogueWordIndex): CatalogueWord[] {
  const direct = index.wordsOf(form);
  if (direct.length) return direct;
  // A godan verb's potential form is its own verb in IPADIC (泳げる, 読める): the courses teach 泳ぐ, 読む.
  const potential = t.pos === '動詞' ? potentialToPlain(form.base) : undefined;
  if (potential) {
    const plain = index.wordsOf({ base: potential });
    if (plain.length) return plain;
  }
  const reading = baseReading(t);
  if (!reading || ![...form.base].some(isKanjiChar)) return [];
  const skeleton = kanjiOf(form.base);
  return index.wordsOf({ base: reading }).filter((w) => kanjiOf(w.kanji) === skeleton || w.variants.some((v) => kanjiOf(v.written) === skeleton));
}

/** Adjacent nouns (a prefix first allowed) that spell one course word exactly: the longest such run at i. */
function compoundAt(tokens: readonly KuromojiToken[], i: number, index: CatalogueWordIndex): { length: number; words: CatalogueWord[] } | null {
  if (!NOUNISH.has(tokens[i].pos) || tokens[i].pos_detail_1 === '数' || tokens[i].pos_detail_1 === '固有名詞') return null;
  if (tokens[i + 1]?.pos !== '名詞') return null;
  for (let length = Math.min(3, tokens.length - i); length >= 2; length--) {
    const run = tokens.slice(i, i + length);
    if (!run.slice(1).every((x) => x.pos === '名詞' && x.pos_detail_1 !== '数')) continue;
    const surface = run.map((x) => x.surface_form).join('');
    const words = index.wordsOf({ base: surface }).filter((w) => w.kanji === surface || w.variants.some((v) => v.written === surface));
    if (words.length) return { length, words };
  }
  return null;
}

const E_TO_U: Record<string, string> = { え: 'う', け: 'く', げ: 'ぐ', せ: 'す', て: 'つ', ね: 'ぬ', べ: 'ぶ', め: 'む', れ: 'る' };

/** 泳げる → 泳ぐ, 書ける → 書く: the plain verb a godan potential comes from (undefined when the form is not one). */
export function potentialToPlain(base: string): string | undefined {
  const m = /^(.*[\u3400-\u9fff])([えけげせてねべめれ])る$/u.exec(base);
  return m ? m[1] + E_TO_U[m[2]] : undefined;
}

function kanjiOf(s: string): string {
  return [...s].filter(isKanjiChar).join('');
}

/**
 * The hiragana reading of a token's dictionary form: the surface's reading with the conjugated kana tail swapped
 * for the dictionary form's (書い かい → 書く かく). Only to tell homographs apart and for okurigana variants.
 */
export function baseReading(t: KuromojiToken): string | undefined {
  if (!t.reading || t.reading === '*') return undefined;
  const reading = toHiragana(t.reading);
  const base = t.basic_form && t.basic_form !== '*' ? t.basic_form : t.surface_form;
  if (base === t.surface_form) return reading;
  let p = 0;
  while (p < base.length && p < t.surface_form.length && base[p] === t.surface_form[p]) p++;
  const surfaceTail = toHiragana(t.surface_form.slice(p));
  if (!reading.endsWith(surfaceTail) || [...base.slice(p)].some(isKanjiChar)) return undefined;
  return reading.slice(0, reading.length - surfaceTail.length) + toHiragana(base.slice(p));
}

/**
 * A token in the app's furigana notation (食[た]べ): each run of kanji gets the part of the reading between the kana
 * around it. A token whose reading does not line up gets the reading over the whole token; brackets in the text
 * itself are left alone (no furigana), so nothing the learner typed is read as markup.
 */
export function furiganaOf(t: KuromojiToken): string {
  const s = t.surface_form;
  if (![...s].some(isKanjiChar) || !t.reading || t.reading === '*' || /[[\]]/.test(s)) return s;
  const reading = toHiragana(t.reading);
  const runs: Array<{ text: string; kanji: boolean }> = [];
  for (const ch of s) {
    const kanji = isKanjiChar(ch);
    const last = runs[runs.length - 1];
    if (last && last.kanji === kanji) last.text += ch;
    else runs.push({ text: ch, kanji });
  }
  const escape = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^${runs.map((r) => (r.kanji ? '(.+?)' : escape(toHiragana(r.text)))).join('')}$`, 'u');
  const m = pattern.exec(reading);
  if (!m) return `${s}[${reading}]`;
  let g = 1;
  return runs.map((r) => (r.kanji ? `${r.text}[${m[g++]}]` : r.text)).join('');
}

const MASTERY_RANK: Record<Mastery, number> = { learning: 1, intermediate: 2, mastered: 3 };
const FREE_LEVEL = 1;

/** Picks each slot's course word for this learner and states it; counts the figures. */
export function classify(seg: Segmented, learner: Learner): Omit<ReadAnalysis, 'timing'> {
  const words: ReadWord[] = [];
  const wordOfSlot = new Map<number, number>();
  const byVocab = new Map<number, number>();
  const tokens: ReadToken[] = [];
  let knownTokens = 0;
  let countedTokens = 0;
  for (const t of seg.tokens) {
    if (t.slot === null) {
      tokens.push({ text: t.text, furigana: t.furigana, word: null, ...(t.skipped ? { skipped: t.skipped } : {}) });
      continue;
    }
    let w = wordOfSlot.get(t.slot);
    if (w === undefined) {
      const made = wordFor(seg.slots[t.slot], learner);
      // Two spellings of one course word (分かる, わかる) are one word of the text.
      const same = made.vocab_id !== null ? byVocab.get(made.vocab_id) : undefined;
      if (same !== undefined) w = same;
      else {
        w = words.length;
        words.push(made);
        if (made.vocab_id !== null) byVocab.set(made.vocab_id, w);
      }
      wordOfSlot.set(t.slot, w);
    }
    words[w].count++;
    countedTokens++;
    if (words[w].state === 'known') knownTokens++;
    tokens.push({ text: t.text, furigana: t.furigana, word: w });
  }
  const figures: ReadFigures = {
    tokens: { known: knownTokens, total: countedTokens },
    words: { known: words.filter((w) => w.state === 'known').length, total: words.length },
    kanji: { known: seg.kanji.filter((k) => learner.knownKanji.has(k)).length, total: seg.kanji.length },
  };
  return { figures, tokens, words };
}

function wordFor(slot: WordSlot, learner: Learner): ReadWord {
  const { form, candidates } = slot;
  if (!candidates.length) {
    return { word: form.base, reading: form.reading ?? null, state: 'outside', vocab_id: null, course: null, level: null, locked: false, count: 0 };
  }
  const withCard = candidates
    .filter((c) => learner.cards.has(c.id))
    .sort((a, b) => MASTERY_RANK[learner.cards.get(b.id)!] - MASTERY_RANK[learner.cards.get(a.id)!])[0];
  const chosen = withCard ?? (form.reading ? candidates.find((c) => c.reading === form.reading) : undefined) ?? candidates[0];
  const mastery = learner.cards.get(chosen.id);
  const state = mastery === 'intermediate' || mastery === 'mastered' ? 'known' : mastery === 'learning' ? 'learning' : 'new';
  return {
    word: chosen.kanji,
    reading: chosen.reading,
    state,
    vocab_id: chosen.id,
    course: chosen.course,
    level: chosen.level,
    locked: state === 'new' && chosen.level > FREE_LEVEL && !learner.fullAccess,
    count: 0,
  };
}
