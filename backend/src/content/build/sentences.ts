import type { BreakdownItem } from '../catalogue/content.schemas';
import { alignReading, type ReadingLookup, rubyFromAlignment } from './alignment';
import { COMMON_GLOSSES, COUNTER_PHRASES, COUNTERS, KANA_VERB_GLOSSES, PARTICLES, TO_GLOSSES } from './authored/particles';
import { FORM_PATTERNS, type FormPattern, SET_PHRASES, type SetPhrase } from './authored/set-phrases';
import type { KuromojiToken } from './tokenizer';
import { hasKanji, isKanjiChar, parseFurigana, toHiragana } from './text';

/**
 * Our own sentences (authored/sentences-*.ts) → text, furigana, breakdown.
 * Text, translation and context are written by hand. Furigana and the word breakdown are drafted with kuromoji
 * (IPADIC) and checked by eye; a sentence whose draft was wrong carries its corrected `ruby` (or per-word
 * `readings`) in the authored source, so a rebuild reproduces the checked result.
 */

export interface AuthoredSentenceOptions {
  /** The target word as it appears in the text, when it is not the dictionary form (食べ in 食べました). */
  target?: string;
  /** Short English hint shown with the card (register, situation). */
  context?: string;
  /** Explicit furigana for the whole sentence, replacing the draft. */
  ruby?: string;
  /** Reading overrides by surface form for the draft (e.g. { 何: 'なん' }). */
  readings?: Record<string, string>;
  /** Meaning overrides by word (as grouped in the breakdown). */
  meanings?: Record<string, string>;
}

/** [material key, text, translation, options]. Keys: "vocab:written|reading" or "kana:あ". */
export type AuthoredSentence = readonly [key: string, text: string, translation: string, options?: AuthoredSentenceOptions];

export interface DictionaryLookup {
  /** Short English meaning of a dictionary form, preferring the entry with this reading and part of speech. */
  meaning(basicForm: string, reading: string, pos?: string): string | undefined;
}

/** Readings kuromoji gets wrong in everyday sentences; a sentence's own `readings` override these. */
export const DEFAULT_READINGS: Readonly<Record<string, string>> = {
  日本: 'にほん',
  明日: 'あした',
  今日: 'きょう',
  昨日: 'きのう',
  一人: 'ひとり',
  二人: 'ふたり',
  大人: 'おとな',
  今朝: 'けさ',
  上手: 'じょうず',
  下手: 'へた',
  一日: 'いちにち',
  何時: 'なんじ',
  何人: 'なんにん',
  何回: 'なんかい',
  何度: 'なんど',
};

// The furigana parser lives with the text helpers (the speech worker uses it too).
export { parseFurigana, stripFurigana } from './text';

/**
 * Ruby for one token: per kanji when the reading aligns (食[た]べる, 日本[にほん]), else per kanji run with the
 * kana between runs matched literally (お土産[みやげ]), else the whole kanji run.
 */
export function tokenRuby(surface: string, reading: string, lookup: ReadingLookup): string {
  if (!hasKanji(surface)) return surface;
  const rd = toHiragana(reading);
  const a = alignReading(surface, rd, lookup);
  if (a) return rubyFromAlignment(a);  // one ruby per kanji run
  // Kanji runs as capture groups, kana literal: お土産 → ^お(.+)$.
  const parts = surface.split(/([\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF々〆〇]+)/u).filter((p) => p !== '');
  const pattern = parts.map((p) => (isKanjiChar([...p][0]) ? '(.+?)' : escapeRe(toHiragana(p)))).join('');
  const m = new RegExp(`^${pattern}$`, 'u').exec(rd);
  if (!m) throw new Error(`cannot place ruby: ${surface} [${rd}]`);
  let g = 1;
  return parts.map((p) => (isKanjiChar([...p][0]) ? `${p}[${m[g++]}]` : p)).join('');
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Furigana draft of a sentence from kuromoji's readings. */
export function draftFurigana(text: string, tokens: KuromojiToken[], lookup: ReadingLookup, overrides: Record<string, string> = {}): string {
  let out = '';
  for (const t of tokens) {
    const surface = t.surface_form;
    if (!hasKanji(surface)) {
      out += surface;
      continue;
    }
    const reading = overrides[surface] ?? DEFAULT_READINGS[surface] ?? (t.reading && t.reading !== '*' ? t.reading : undefined);
    if (!reading) throw new Error(`no reading for ${surface} in ${text}`);
    out += tokenRuby(surface, reading, lookup);
  }
  return out;
}

const isPunct = (t: KuromojiToken) => (t.pos === '記号' && t.surface_form !== '々') || /^[\s。、！？!?「」『』（）・…ー～]+$/u.test(t.surface_form);

/** A token has one of the forms "a|b|c" (surface or dictionary form). */
const hasForm = (t: KuromojiToken | undefined, forms: string): boolean => !!t && forms.split('|').some((f) => f === t.surface_form || f === t.basic_form);

/** Is the group conjugating (a verb, an adjective, a noun + する), so that endings attach to it? */
function isVerbal(prev: KuromojiToken[]): boolean {
  const head = prev[0];
  return head.pos === '動詞' || head.pos === '形容詞' || (head.pos === '名詞' && head.pos_detail_1 === 'サ変接続' && prev.length > 1);
}

/** Does token `t` belong to the word started before it (conjugation, auxiliaries, suffixes, する after a noun)? */
function attaches(prev: KuromojiToken[], t: KuromojiToken, afterTarget = false): boolean {
  const head = prev[0];
  const last = prev[prev.length - 1];
  if (afterTarget && !(t.pos === '助動詞' || t.pos === '助詞' || t.pos === '動詞')) return false;
  if (head.pos === '助動詞' && t.pos === '助動詞') return true; // でし + た
  if (head.pos === '助動詞' && head.surface_form === 'で' && prev.length === 1 && t.surface_form === 'は') return true; // で + は + ありません
  if (head.surface_form === 'で' && prev.length === 2 && prev[1].surface_form === 'は' && (t.basic_form === 'ある' || t.basic_form === 'ない')) return true;
  if (head.surface_form === 'で' && prev.length >= 3 && prev[1].surface_form === 'は' && t.pos === '助動詞') return true; // ではありません
  // じゃ (IPADIC: a conjunction) + ない / ありません: the casual negative copula.
  if (head.surface_form === 'じゃ' && prev.length === 1 && (t.basic_form === 'ない' || t.basic_form === 'ある')) return true;
  if (head.surface_form === 'じゃ' && prev.length >= 2 && (t.pos === '助動詞' || (t.pos === '形容詞' && t.basic_form === 'ない'))) return true;
  const verbal = isVerbal(prev);
  if (last.pos === '接頭詞' && !afterTarget) return true; // お + 茶
  if (t.pos === '名詞' && t.pos_detail_1 === '接尾' && head.pos === '名詞') return true; // 田中 + さん, 誕生 + 日 (numbers and their counters are grouped apart)
  // An adjective's stem + さ is a noun (長 + さ: 長さ "length"), not the casual emphasis さ.
  if (t.surface_form === 'さ' && t.pos === '名詞' && t.pos_detail_1 === '接尾' && prev.length === 1 && (head.pos === '形容詞' || head.pos_detail_1 === '形容動詞語幹')) return true;
  if (head.pos === '名詞' && head.pos_detail_1 === 'サ変接続' && t.pos === '動詞' && t.basic_form === 'する' && prev.length === 1) return true; // 勉強 + します
  if (!verbal) return false;
  // The past after a voiced te-stem is だ in IPADIC (遊んだ, 読んだら): the verb's past, not the copula.
  if (t.pos === '助動詞' && t.basic_form === 'だ' && last.pos === '動詞' && last.conjugated_form === '連用タ接続') return true;
  if (t.pos === '助動詞' && !['です', 'でしょ', 'だ', 'だろ', 'らしい', 'みたい'].includes(t.basic_form)) return true; // ます, た, ない, たい, volitional う/よう
  if (t.pos === '助詞' && t.pos_detail_1 === '接続助詞' && (t.surface_form === 'て' || t.surface_form === 'で')) return true;
  if (t.pos === '動詞' && (t.pos_detail_1 === '非自立' || t.pos_detail_1 === '接尾')) return true; // 食べて + いる, 食べ + させる
  if (t.pos === '形容詞' && t.pos_detail_1 === '非自立') return true; // 食べ + にくい
  if (t.surface_form === 'そう' && t.pos_detail_1 === '接尾' && t.pos_detail_2 === '助動詞語幹' && last.conjugated_form.startsWith('連用')) return true; // 降り + そう
  return false;
}

/** Auxiliary verbs after the te-form and what they add ("ongoing / state" for 食べている). */
const TE_AUXILIARIES: ReadonlyArray<[forms: string, hint: string]> = [
  ['いる|てる|でる', 'ongoing / state'],
  ['ある', 'has been done'],
  ['しまう|ちゃう|じゃう|ちまう', 'completely; regrettably'],
  ['みる', 'try (doing)'],
  ['おく|とく|どく', 'in advance; for later'],
  ['くる', 'come and …; has been …ing'],
  ['いく|行く', 'go on …ing; away'],
  ['あげる|くれる|やる', 'for someone'],
  ['もらう|いただく', 'have someone do'],
];

/**
 * The form of a conjugated word in a few words: "polite, past", "negative, te-form: and …". `tokens` are the
 * endings (after the word's own tokens); `extra` are hints of multi-token endings already recognised ("must").
 */
function formHint(tokens: KuromojiToken[], extra: readonly string[] = [], absorbs: readonly string[] = [], endsInTe = false): string {
  const bits: string[] = [];
  const has = (pred: (t: KuromojiToken) => boolean) => tokens.some(pred);
  const aux = (basic: string) => has((t) => t.pos === '助動詞' && t.basic_form === basic);
  if (aux('ます')) bits.push('polite');
  if (aux('ない') || aux('ぬ') || aux('ん') || has((t) => t.pos === '形容詞' && t.basic_form === 'ない')) bits.push('negative');
  const past = tokens.filter((t) => t.pos === '助動詞' && (t.basic_form === 'た' || t.basic_form === 'だ'));
  if (past.some((t) => t.conjugated_form === '仮定形')) bits.push('if; when');
  else if (past.length) bits.push('past');
  if (aux('う') || aux('よう')) bits.push(aux('ます') ? "let's" : "let's; I will");
  if (aux('たい')) bits.push('want to');
  // Auxiliary verbs count only after the te-form (て/で), where they are grammar rather than words.
  tokens.forEach((t, i) => {
    if (t.pos !== '動詞' || i === 0 || !/^[てで]$/.test(tokens[i - 1].surface_form)) return;
    const hit = TE_AUXILIARIES.find(([forms]) => hasForm(t, forms));
    if (hit) bits.push(hit[1]);
  });
  if (aux('れる') || aux('られる') || has((t) => t.pos === '動詞' && t.pos_detail_1 === '接尾' && /^(れる|られる)$/.test(t.basic_form))) bits.push('passive/potential');
  if (aux('せる') || aux('させる') || has((t) => t.pos === '動詞' && t.pos_detail_1 === '接尾' && /^(せる|させる)$/.test(t.basic_form))) bits.push('causative');
  if (has((t) => t.pos === '動詞' && t.basic_form === 'すぎる')) bits.push('too much');
  if (has((t) => t.pos === '形容詞' && t.basic_form === 'やすい')) bits.push('easy to');
  if (has((t) => t.pos === '形容詞' && t.basic_form === 'にくい')) bits.push('hard to');
  if (has((t) => t.surface_form === 'そう' && t.pos_detail_1 === '接尾')) bits.push('looks like; about to');
  bits.push(...extra);
  if (endsInTe) bits.push('te-form: and …');
  const kept = bits.filter((b) => !absorbs.includes(b));
  return kept.length ? ` (${kept.join(', ')})` : '';
}

/** EDICT's language-origin tags ("(por:)", "(eng: coffee, dut: koffie)"), which tell a learner nothing here. */
export function stripOriginTags(meaning: string): string {
  return meaning
    .replace(/\s*\((?:wasei|[a-z]{3}):[^)]*\)/g, '')
    .replace(/\s*;\s*(?=;|$)/g, '')
    .trim();
}

const DIGITS: Readonly<Record<string, number>> = { 〇: 0, 零: 0, 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const UNITS: Readonly<Record<string, number>> = { 十: 10, 百: 100, 千: 1000 };

/** Value of a number written in kanji (二十五, 三百, 二〇二四) or digits; undefined for 何, 数 and the like. */
export function kanjiNumber(s: string): number | undefined {
  if (/^[0-9０-９]+$/.test(s)) return Number(s.replace(/[０-９]/g, (d) => String(d.charCodeAt(0) - 0xff10)));
  let total = 0;
  let section = 0;
  let digit = -1;
  for (const ch of s) {
    if (ch in DIGITS) digit = (digit < 0 ? 0 : digit * 10) + DIGITS[ch];
    else if (ch in UNITS) {
      section += (digit < 0 ? 1 : digit) * UNITS[ch];
      digit = -1;
    } else if (ch === '万') {
      total += (section + Math.max(digit, 0) || 1) * 10000;
      section = 0;
      digit = -1;
    } else return undefined;
  }
  return total + section + Math.max(digit, 0);
}

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const ORDINALS = ['zeroth', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const numberWord = (n: number) => (n <= 12 ? WORDS[n] : n.toLocaleString('en-US'));
function ordinal(n: number): string {
  if (n <= 10) return ORDINALS[n];
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** Suffixes after a number and its counter (一日中, 二時ごろ, 三日前): how they change the gloss. */
const NUMBER_SUFFIXES: Readonly<Record<string, (base: string) => string>> = {
  中: (b) => `all through ${b}`,
  じゅう: (b) => `all through ${b}`,
  ごろ: (b) => `around ${b}`,
  頃: (b) => `around ${b}`,
  ぐらい: (b) => `about ${b}`,
  くらい: (b) => `about ${b}`,
  前: (b) => `${b} ago; ${b} before`,
  後: (b) => `${b} later; after ${b}`,
  間: (b) => `(for) ${b}`,
  目: (b) => `the ${b.replace(/^(\S+)/, '$1')} (in order)`,
  半: (b) => `${b} and a half`,
  以上: (b) => `${b} or more`,
  以内: (b) => `within ${b}`,
};

/**
 * Gloss of a number with its counter (and a suffix): 三時 "three o'clock", 四人 "four people", 五日 いつか
 * "the fifth (day of the month); five days", 一日 ついたち "the first (day of the month)" but いちにち "one day".
 */
export function numberGloss(numberText: string, counter: string | undefined, suffix: string | undefined, pronunciation: string): string | undefined {
  const value = numberText === '何' ? null : kanjiNumber(numberText);
  if (value === undefined) return undefined;
  let base: string | undefined;
  if (!counter) base = value === null ? undefined : numberWord(value);
  else if (counter === '日' && value === 1) base = pronunciation.startsWith('ついたち') ? 'the first (day of the month)' : 'one day; a day';
  else if (counter === '日' && value !== null && value > 31) base = `${numberWord(value)} days`;
  else if (counter === '月' && value !== null && value >= 1 && value <= 12 && /がつ/.test(pronunciation)) base = MONTHS[value - 1];
  else if (counter === '月' && value !== null && /つき/.test(pronunciation)) base = value === 1 ? 'one month' : `${numberWord(value)} months`;
  else {
    const c = COUNTER_PHRASES[counter];
    if (!c) base = value === null ? undefined : `${numberWord(value)} (${COUNTERS[counter] ?? counter})`;
    else if (value === null) base = c.which;
    else if (value === 1 && c.one) base = c.one;
    else base = c.many.replace(/\{n\}/g, numberWord(value)).replace(/\{d\}/g, value.toLocaleString('en-US')).replace(/\{th\}/g, ordinal(value));
  }
  if (!base) return undefined;
  if (!suffix) return base;
  const f = NUMBER_SUFFIXES[suffix];
  return f ? f(base.split('; ')[0]) : undefined;
}

/** Verbs that take a quote with と (…と言う, …と思う); a noun before them is the quote (何と言いますか). */
const QUOTING_VERBS = new Set(['言う', 'いう', '思う', '考える', '答える', '呼ぶ', '叫ぶ', '伝える', '信じる', '感じる', '企てる', '願う', '祈る', '申す', 'おっしゃる', '存じる', '述べる', '説明', '約束', '返事', '主張', '報告', '断る', '誓う', '疑う']);
/** Verbs that take a quote only after a clause (…と聞きました "I heard that", but 友達と話す "talk with a friend"). */
const CLAUSE_QUOTING_VERBS = new Set(['聞く', '書く', '話す', '決める', 'する', '分かる', 'わかる', '知る', '喜ぶ', '驚く', '心配']);

/** Which と: quoting, conditional (after a plain verb, adjective or copula) or "and; with" (after a noun). */
function toGloss(tokens: KuromojiToken[], i: number): string {
  const prev = tokens[i - 1];
  let j = i + 1;
  while (j < tokens.length && tokens[j].surface_form === '、') j++;
  const next = tokens[j];
  const nextWord = next ? (next.basic_form !== '*' ? next.basic_form : next.surface_form) : '';
  if (prev && /[」』]$/.test(prev.surface_form)) return TO_GLOSSES.quoting;
  if (next && QUOTING_VERBS.has(nextWord)) return TO_GLOSSES.quoting;
  const clause = !!prev && (prev.pos === '動詞' || prev.pos === '形容詞' || prev.pos === '助動詞');
  if (clause && next && CLAUSE_QUOTING_VERBS.has(nextWord)) return TO_GLOSSES.quoting;
  if (clause && (prev.basic_form === 'う' || prev.basic_form === 'よう') && prev.pos === '助動詞') return TO_GLOSSES.quoting; // 行こうと決める
  if (clause && next) return TO_GLOSSES.conditional;
  return TO_GLOSSES.noun;
}

/** Set phrases and multi-token endings, longest first so that よろしくお願いします wins over お願いします. */
const PHRASES = [...SET_PHRASES].sort((a, b) => b.tokens.length - a.tokens.length);
const PATTERNS = [...FORM_PATTERNS].sort((a, b) => b.tokens.length - a.tokens.length);

export interface BreakdownInput {
  tokens: KuromojiToken[];
  dictionary: DictionaryLookup;
  /** Character range of the target in the text. */
  target: { start: number; end: number; meaning: string; pronunciation?: string };
  meanings?: Record<string, string>;
  readings?: Record<string, string>;
  /**
   * The sentence's furigana (drafted with DEFAULT_READINGS and the sentence's `readings`, or its checked `ruby`).
   * Pronunciations are read from it, so the breakdown never contradicts the ruby (五日 いつか, not ごにち).
   */
  furigana?: string;
}

interface Group {
  tokens: KuromojiToken[];
  /** Index of the group's first token in the sentence. */
  index: number;
  start: number;
  /** Tokens from here on are the conjugating word (a set phrase's verb, else the whole group). */
  verbFrom: number;
  /** Hints of multi-token endings, and the token positions they stand for (left out of formHint). */
  hints: string[];
  /** Hint words a recognised ending already says ("negative" in ～ないでください "please don't"). */
  absorbs?: string[];
  skip: Set<number>;
  phrase?: SetPhrase;
  /** A number: 'digits' (三, 三百), then 'counter' (三百円), then 'suffix' (一日中). */
  numeric?: 'digits' | 'counter' | 'suffix';
  /** Merged because one ruby covered both parts (昔々, 一日中 drafted 一 + 日中). */
  merged?: boolean;
}

const groupText = (g: Group) => g.tokens.map((t) => t.surface_form).join('');

/** Per-character ruby membership of the furigana, or null when it does not spell the text. */
function rubyMap(furigana: string | undefined, text: string): { rubyAt: number[]; readings: string[] } | null {
  if (!furigana) return null;
  const segs = parseFurigana(furigana);
  if (segs.map((s) => s.text).join('') !== text) return null;
  const rubyAt: number[] = [];
  const readings: string[] = [];
  for (const s of segs) {
    for (let i = 0; i < s.text.length; i++) rubyAt.push(s.reading === undefined ? -1 : readings.length);
    if (s.reading !== undefined) readings.push(toHiragana(s.reading));
  }
  return { rubyAt, readings };
}

/** Word breakdown: tokens grouped into words, each with its hiragana pronunciation and an English meaning. */
export function draftBreakdown(input: BreakdownInput): BreakdownItem[] {
  const tokens = input.tokens;
  const text = tokens.map((t) => t.surface_form).join('');
  const { start: ts, end: te } = input.target;
  const side = (p: number) => (p < ts ? 0 : p < te ? 1 : 2);
  const starts: number[] = [];
  tokens.reduce((o, t) => (starts.push(o), o + t.surface_form.length), 0);
  const endOf = (i: number) => starts[i] + tokens[i].surface_form.length;

  /** A set phrase starting at token i that does not cut through the target (it may contain it whole). */
  const phraseAt = (i: number): SetPhrase | undefined =>
    PHRASES.find((p) => {
      if (i + p.tokens.length > tokens.length) return false;
      if (!p.tokens.every((f, k) => hasForm(tokens[i + k], f) && !isPunct(tokens[i + k]))) return false;
      const ps = starts[i];
      const pe = endOf(i + p.tokens.length - 1);
      return pe <= ts || ps >= te || (ps <= ts && pe >= te);
    });
  const patternAt = (i: number, g: Group): FormPattern | undefined =>
    PATTERNS.find(
      (p) =>
        i + p.tokens.length <= tokens.length &&
        p.tokens.every((f, k) => hasForm(tokens[i + k], f)) &&
        (!p.after || p.after.includes(g.tokens[g.tokens.length - 1].surface_form)),
    );

  const groups: Group[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const start = starts[i];
    const cur = groups[groups.length - 1];
    const contiguous = !!cur && cur.start + groupText(cur).length === start;
    if (isPunct(t)) continue;
    if (t.surface_form === '々') {
      // The repetition mark belongs to the word before it (昔々, 時々).
      if (cur && contiguous) cur.tokens.push(t);
      else groups.push({ tokens: [t], index: i, start, verbFrom: 0, hints: [], skip: new Set() });
      continue;
    }
    // The target stays one word even when kuromoji splits it (日本語 → 日本 + 語).
    const insideTarget = !!cur && contiguous && cur.start >= ts && start < te && cur.start < te;
    const afterTarget = !!cur && cur.start <= ts && start >= te && cur.start < te;
    const verbPart = cur ? cur.tokens.slice(cur.verbFrom) : [];
    if (insideTarget) {
      cur.tokens.push(t);
      continue;
    }
    // An honorific お/ご cut off from the target by the re-tokenising (お + 正月) belongs to it.
    if (cur && contiguous && start === ts && cur.tokens.length === 1 && /^[おご御]$/.test(cur.tokens[0].surface_form)) {
      cur.tokens.push(t);
      continue;
    }
    // Multi-token endings (～なければなりません, ～てもいい, ～てください) attach to the verb with their hint.
    if (cur && contiguous && !cur.numeric && verbPart.length && (isVerbal(verbPart) || verbPart.some((x) => x.pos === '動詞' || x.pos === '形容詞'))) {
      const p = patternAt(i, cur);
      // An ending never swallows the start of the target.
      if (p && !(start <= ts && endOf(i + p.tokens.length - 1) > ts)) {
        for (let k = 0; k < p.tokens.length; k++) {
          cur.skip.add(cur.tokens.length);
          cur.tokens.push(tokens[i + k]);
        }
        cur.hints.push(p.hint);
        if (p.absorbs) cur.absorbs = [...(cur.absorbs ?? []), ...p.absorbs];
        i += p.tokens.length - 1;
        continue;
      }
    }
    // Numbers: digits together, then their counter, then a suffix (二十五日, 三百円, 一日中, 二時ごろ).
    if (cur && contiguous && cur.numeric && side(cur.start) === side(start)) {
      if (cur.numeric === 'digits' && t.pos === '名詞' && t.pos_detail_1 === '数') {
        cur.tokens.push(t);
        continue;
      }
      if (cur.numeric === 'digits' && t.pos === '名詞' && t.pos_detail_1 === '接尾' && t.pos_detail_2 === '助数詞') {
        cur.tokens.push(t);
        cur.numeric = 'counter';
        continue;
      }
      if (cur.numeric === 'counter' && t.pos === '名詞' && t.pos_detail_1 === '接尾' && t.surface_form in NUMBER_SUFFIXES) {
        cur.tokens.push(t);
        cur.numeric = 'suffix';
        continue;
      }
    }
    // Endings of a word (conjugation, auxiliaries, suffixes) before set phrases: 食べ + なかった, not a phrase.
    const last = cur?.tokens[cur.tokens.length - 1];
    const katakanaRun = !!last && /^[\u30a0-\u30ff]+$/.test(last.surface_form) && /^[\u30a0-\u30ff]+$/.test(t.surface_form) && t.pos === '名詞' && last.pos === '名詞';
    // A set phrase takes endings only when it ends in a verb or adjective (気をつけて, ありがとうございます).
    const phraseEnd = cur?.phrase ? cur.tokens[cur.phrase.tokens.length - 1] : undefined;
    const open = !phraseEnd || (!cur!.phrase!.closed && (phraseEnd.pos === '動詞' || phraseEnd.pos === '形容詞' || phraseEnd.basic_form === 'ござる'));
    if (cur && contiguous && open && !cur.numeric && ((katakanaRun && !afterTarget) || attaches(verbPart.length ? verbPart : cur.tokens, t, afterTarget))) {
      cur.tokens.push(t);
      continue;
    }
    const phrase = phraseAt(i);
    if (phrase) {
      const n = phrase.tokens.length;
      groups.push({ tokens: tokens.slice(i, i + n), index: i, start, verbFrom: n - 1, hints: [], skip: new Set(), phrase });
      i += n - 1;
      continue;
    }
    const numeric = t.pos === '名詞' && t.pos_detail_1 === '数' ? ('digits' as const) : undefined;
    groups.push({ tokens: [t], index: i, start, verbFrom: 0, hints: [], skip: new Set(), numeric });
  }

  // One ruby over two groups (a checked `ruby` such as 一日中[いちにちじゅう]) makes them one word.
  const rubies = rubyMap(input.furigana, text);
  if (rubies) {
    const straddles = (p: number) => p > 0 && p < text.length && rubies.rubyAt[p] >= 0 && rubies.rubyAt[p] === rubies.rubyAt[p - 1];
    for (let k = groups.length - 1; k > 0; k--) {
      const a = groups[k - 1];
      const b = groups[k];
      const aEnd = a.start + groupText(a).length;
      if (aEnd !== b.start || !straddles(b.start) || side(a.start) !== side(b.start)) continue;
      groups.splice(k - 1, 2, { ...a, tokens: [...a.tokens, ...b.tokens], merged: true, phrase: undefined, numeric: a.numeric && b.numeric ? a.numeric : undefined });
    }
  }

  /** Pronunciation of a span from the furigana: rubies plus the kana between them, particles は/へ as わ/え. */
  const fromFurigana = (g: Group): string | undefined => {
    if (!rubies) return undefined;
    const end = g.start + groupText(g).length;
    const straddles = (p: number) => p > 0 && p < text.length && rubies.rubyAt[p] >= 0 && rubies.rubyAt[p] === rubies.rubyAt[p - 1];
    if (straddles(g.start) || straddles(end)) return undefined;
    let out = '';
    let lastRuby = -1;
    let o = g.start;
    for (const t of g.tokens) {
      const s = t.surface_form;
      if (t.pos === '助詞' && s === 'は') out += 'わ';
      else if (t.pos === '助詞' && s === 'へ') out += 'え';
      else {
        for (let p = o; p < o + s.length; p++) {
          const r = rubies.rubyAt[p];
          if (r >= 0) {
            if (r !== lastRuby) out += rubies.readings[r];
            lastRuby = r;
          } else if (isKanjiChar(text[p])) return undefined;
          else out += toHiragana(text[p]);
        }
      }
      o += s.length;
    }
    return out;
  };
  const fromTokens = (g: Group): string =>
    g.tokens
      .map((t) => {
        if (t.pos === '助詞' && t.surface_form === 'は') return 'わ';
        if (t.pos === '助詞' && t.surface_form === 'へ') return 'え';
        const r = input.readings?.[t.surface_form] ?? DEFAULT_READINGS[t.surface_form] ?? (t.reading && t.reading !== '*' ? t.reading : t.surface_form);
        return toHiragana(r);
      })
      .join('');

  return groups.map((g) => {
    const word = groupText(g);
    const end = g.start + word.length;
    const isTarget = g.start <= ts && end > ts;
    const pronunciation = fromFurigana(g) ?? fromTokens(g);
    const one = g.tokens.length === 1 ? g.tokens[0] : undefined;
    const head = g.tokens[0].pos === '接頭詞' && g.tokens[1] ? g.tokens[1] : g.tokens[0];
    // Tokens of the target itself are not conjugation (ち + ず of ちず is not a negative).
    let inTarget = 0;
    for (let o = g.start, i = 0; i < g.tokens.length && o < te; o += g.tokens[i].surface_form.length, i++) inTarget = i + 1;
    const endings = (from: number) => g.tokens.filter((_, i) => i >= from && !g.skip.has(i));
    const lastToken = g.tokens[g.tokens.length - 1];
    const endsInTe = g.tokens.length > 1 && lastToken.pos === '助詞' && /^[てで]$/.test(lastToken.surface_form);
    const hint = (from: number, absorbs: readonly string[] = []) => formHint(endings(from), g.hints, [...absorbs, ...(g.absorbs ?? [])], endsInTe);
    const prevToken = tokens[g.index - 1];

    let meaning: string | undefined = input.meanings?.[word];
    if (!meaning && one && one.pos === '助詞' && word === 'と') meaning = toGloss(tokens, g.index);
    if (!meaning && one && word === 'から' && prevToken?.pos === '助詞' && /^[てで]$/.test(prevToken.surface_form)) meaning = 'after (doing)';
    if (!meaning && one && word === 'で' && one.pos === '助動詞' && prevToken?.pos_detail_1 === '形容動詞語幹') meaning = 'is … and (te-form of だ)';
    // よう after a plain verb or ない: purpose (添えるよう "so as to meet"); after の it is part of のように.
    if (!meaning && one && word === 'よう' && one.pos === '名詞' && (prevToken?.pos === '動詞' || prevToken?.pos === '助動詞')) meaning = 'so that; in order to';
    if (!meaning && one && !g.phrase) meaning = particleSense(one, prevToken, tokens[g.index + 1]);
    if (!meaning && !g.phrase) meaning = PARTICLES[word];
    if (!meaning && g.phrase) {
      const phraseHint = hint(g.phrase.tokens.length, g.phrase.absorbs);
      const phraseEnd = endOf(g.index + g.phrase.tokens.length - 1);
      if (g.start === ts && phraseEnd === te) meaning = input.target.meaning + phraseHint;
      else {
        meaning = g.phrase.meaning + phraseHint;
        if (isTarget) {
          // The target inside the phrase keeps its own meaning next to the phrase's (お腹が空きました — 空く).
          const at = g.tokens.find((_, k) => starts[g.index + k] === ts);
          const form = at && at.basic_form !== '*' && at.surface_form.startsWith(text.slice(ts, te)) ? at.basic_form : text.slice(ts, te);
          meaning += ` — ${form}: ${input.target.meaning}`;
        }
      }
    }
    // A date as the target (五日 いつか): the day of the month and the count both, whatever the card's gloss says.
    if (!meaning && isTarget && g.start === ts && end === te && g.tokens.length > 1 && g.tokens.every((t, k) => (k < g.tokens.length - 1 ? t.pos_detail_1 === '数' : t.surface_form === '日'))) {
      meaning = numberGloss(g.tokens.slice(0, -1).map((t) => t.surface_form).join(''), '日', undefined, pronunciation);
    }
    if (!meaning && isTarget) meaning = input.target.meaning + hint(Math.max(1, inTarget));
    if (!meaning && g.numeric && g.numeric !== 'digits') {
      const digits = g.tokens.filter((t) => t.pos_detail_1 === '数').map((t) => t.surface_form).join('');
      const counterToken = g.tokens.find((t) => t.pos_detail_2 === '助数詞');
      const suffix = g.numeric === 'suffix' ? g.tokens[g.tokens.length - 1].surface_form : undefined;
      meaning = (suffix ? input.dictionary.meaning(word, pronunciation) : undefined) ?? numberGloss(digits, counterToken?.surface_form, suffix, pronunciation);
    }
    // A number + counter IPADIC knows as one word with another reading (十分 じゅうぶん "enough"): when the
    // furigana reads it as the count (じゅっぷん), gloss the count.
    if (!meaning && one && !isTarget && one.reading && toHiragana(one.reading) !== pronunciation) {
      const m = /^([〇一二三四五六七八九十百千万]+)(.+)$/u.exec(word);
      if (m && COUNTER_PHRASES[m[2]]) meaning = numberGloss(m[1], m[2], undefined, pronunciation);
    }
    if (!meaning && g.numeric === 'digits' && g.tokens.length > 1) {
      const v = kanjiNumber(word);
      if (v !== undefined) meaning = numberWord(v);
    }
    if (!meaning && (g.merged || word.includes('々'))) meaning = input.dictionary.meaning(word, pronunciation);
    const counter = head.pos === '名詞' && head.pos_detail_2 === '助数詞' ? COUNTERS[head.surface_form] : undefined;
    if (!meaning && counter && one) meaning = counter;
    if (!meaning && one && !isTarget) meaning = COMMON_GLOSSES[word];
    const allKatakana = /^[\u30a0-\u30ff]+$/.test(word);
    const proper = head.pos === '名詞' && head.pos_detail_1 === '固有名詞' && !(allKatakana && g.tokens.length > 1);
    if (!meaning && proper && head.pos_detail_2 === '人名') {
      // IPADIC reads some common nouns as names (森の中 "in the forest" as the surname 森): a name with no title
      // after it that is also an ordinary word is refused until the author says which it is.
      const next = tokens[g.index + g.tokens.length];
      const titled = g.tokens.length > 1 || (next && (next.pos_detail_1 === '接尾' || /^(先生|教授|選手|社長|部長|課長|氏|様|翁)$/.test(next.surface_form)));
      const common = input.dictionary.meaning(word, pronunciation, '名詞');
      if (common && !titled && !input.meanings?.[word]) throw new Error(`kuromoji reads ${word} as a name; if it is the word “${common}”, set its meaning (\`meanings\`)`);
      meaning = head.pos_detail_3 === '名' ? '(given name)' : '(family name)';
    }
    if (!meaning && !isTarget && head.pos === '動詞' && /^[\u3041-\u309f]+$/.test(head.surface_form) && KANA_VERB_GLOSSES[head.basic_form]) {
      meaning = KANA_VERB_GLOSSES[head.basic_form] + hint(1);
    }
    if (!meaning) {
      // The head's reading as the furigana gives it when the head is the whole group (位 read い, not くらい).
      const headReading = one ? pronunciation : toHiragana(head.reading ?? '');
      const grammatical = head.pos === '助詞' || head.pos === '助動詞' || (head.pos === '名詞' && head.pos_detail_1 === '非自立');
      const particle = grammatical ? PARTICLES[head.surface_form] ?? PARTICLES[head.basic_form] : undefined;
      const prefixed = g.tokens[0].pos === '接頭詞' ? input.dictionary.meaning(word, pronunciation, head.pos) : undefined;
      const basic = head.basic_form !== '*' ? head.basic_form : head.surface_form;
      const suffixed = g.tokens.length > 1 && g.tokens[1].pos_detail_1 === '接尾' ? input.dictionary.meaning(word, pronunciation) : undefined;
      const dict =
        prefixed ??
        suffixed ??
        (allKatakana && g.tokens.length > 1 ? input.dictionary.meaning(word, pronunciation) : undefined) ??
        input.dictionary.meaning(basic, headReading, head.pos) ??
        input.dictionary.meaning(word, pronunciation, head.pos) ??
        input.dictionary.meaning(head.surface_form, headReading, head.pos) ??
        (PARTICLES[head.surface_form] || undefined);
      // An adjective + さ that the dictionary lacks as a word (優しさ): the adjective's meaning, made a noun.
      const ness = !suffixed && g.tokens.length === 2 && g.tokens[1].surface_form === 'さ' && g.tokens[1].pos_detail_1 === '接尾' ? ` (+ さ: “-ness”, the noun of ${basic})` : undefined;
      meaning = (particle ?? dict ?? '') + (particle ? '' : ness ?? hint(1));
      if (!dict && !particle && proper) meaning = '(place name)';
    }
    meaning = meaning ? stripOriginTags(meaning) : meaning;
    if (!meaning) throw new Error(`no meaning for "${word}"`);
    return { word, pronunciation, meaning, ...(isTarget ? { vocab: true as const } : {}) };
  });
}

/**
 * kuromoji tokens for a sentence, re-tokenised in three pieces (before, target, after) when the whole-sentence
 * tokens cut through the target, as happens with words in kana (たまごを → たま + ごを).
 */
export function tokenizeAround(tokenize: (t: string) => KuromojiToken[], text: string, start: number, end: number): KuromojiToken[] {
  const tokens = tokenize(text);
  const starts = new Set<number>();
  let o = 0;
  let tokenAtEnd = -1;
  let conjugating = false;
  for (const t of tokens) {
    starts.add(o);
    if (o < end && o + t.surface_form.length > end) {
      tokenAtEnd = o;
      conjugating = t.pos === '動詞' || t.pos === '形容詞';
    }
    o += t.surface_form.length;
  }
  starts.add(o);
  // A target may end inside a verb or adjective token (its stem); anything else means kuromoji glued words together.
  if (starts.has(start) && (starts.has(end) || (tokenAtEnd === start && conjugating))) return tokens;
  return [text.slice(0, start), text.slice(start, end), text.slice(end)].filter(Boolean).flatMap((piece) => tokenize(piece));
}

/** Where the target sits in the text: the given target, the written form, its stem, or its kana. */
export function findTarget(text: string, written: string, reading: string, given?: string): { target: string; start: number } | null {
  const tries = given ? [given] : [written];
  if (!given) {
    // Shorter stems only for words with kanji: 食べ, 食 for 食べる (a kana stem such as あ of ある is too ambiguous).
    const chars = [...written];
    for (let n = chars.length - 1; n > 0; n--) {
      const head = chars.slice(0, n);
      if (!head.some(isKanjiChar) || chars.slice(n).some(isKanjiChar)) continue;
      tries.push(head.join(''));
      if (isKanjiChar(chars[n - 1])) break;
    }
    tries.push(reading);
    // A verb or adjective written in kana, conjugated: its stem (やめ of やめる, なく of なくす) when the word is long
    // enough that the stem is not ambiguous.
    if (written === reading && [...reading].length >= 3 && /[うくぐすつぬぶむるい]$/.test(reading)) tries.push([...reading].slice(0, -1).join(''));
  }
  for (const t of tries) {
    const i = text.indexOf(t);
    if (i >= 0) return { target: t, start: i };
  }
  return null;
}

/**
 * The sense of a particle or auxiliary that has two (issue 29: が "subject marker; but" was shown in 2,747
 * breakdowns whatever the sentence meant), told apart by IPADIC's tags: が and から as case particles (雨が,
 * 駅から) or as conjunctions joining clauses (降っていますが, 寒いから); な as だ before a noun (静かな部屋), as だ
 * before の (好きなんです), as the prohibition after a plain verb (入るな) or an exclamation (いいな); ん as the
 * negative (分からん) or as の of explanation (行くんです). Undefined leaves the PARTICLES entry.
 */
export function particleSense(token: KuromojiToken, prev: KuromojiToken | undefined, next: KuromojiToken | undefined): string | undefined {
  const w = token.surface_form;
  if (w === 'が' && token.pos === '助詞') return token.pos_detail_1 === '格助詞' ? 'subject marker' : token.pos_detail_1 === '接続助詞' ? 'but; and (joins two clauses)' : undefined;
  if (w === 'から' && token.pos === '助詞') return token.pos_detail_1 === '格助詞' ? 'from' : token.pos_detail_1 === '接続助詞' ? 'because; so' : undefined;
  if (w === 'な' && token.pos === '助動詞') return next && /^(ん|の|ので|のに)$/.test(next.surface_form) ? 'is (だ before の)' : '(links a na-adjective to a noun)';
  if (w === 'な' && token.pos === '助詞' && token.pos_detail_1 === '終助詞') {
    const plainVerb = prev && (prev.pos === '動詞' || (prev.pos === '助動詞' && /^(れる|られる|せる|させる)$/.test(prev.basic_form))) && prev.surface_form === prev.basic_form;
    return plainVerb ? "don't (prohibition)" : '(exclamation; wish; seeking agreement)';
  }
  if (w === 'ん' && token.pos === '助動詞') return 'not (negative, casual)';
  if (w === 'ん' && token.pos === '名詞' && token.pos_detail_1 === '非自立') return '(explanatory: it is that …)';
  return undefined;
}
