import type { BreakdownItem } from '../catalogue/content.schemas';
import { alignReading, type ReadingLookup, rubyFromAlignment } from './alignment';
import { COMMON_GLOSSES, COUNTERS, PARTICLES } from './authored/particles';
import type { KuromojiToken } from './tokenizer';
import { hasKanji, isKanjiChar, toHiragana } from './text';

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

/** Splits furigana into segments: plain text, or a kanji run with its reading. */
export function parseFurigana(furigana: string): Array<{ text: string; reading?: string }> {
  const out: Array<{ text: string; reading?: string }> = [];
  let plain = '';
  const re = /\[([^\]]*)\]/g;
  let last = 0;
  for (let m = re.exec(furigana); m; m = re.exec(furigana)) {
    const before = [...furigana.slice(last, m.index)];
    let k = before.length;
    while (k > 0 && isKanjiChar(before[k - 1])) k--;
    plain += before.slice(0, k).join('');
    if (plain) out.push({ text: plain });
    plain = '';
    out.push({ text: before.slice(k).join(''), reading: m[1] });
    last = m.index + m[0].length;
  }
  plain += furigana.slice(last);
  if (plain) out.push({ text: plain });
  return out;
}

/** The text without ruby. */
export function stripFurigana(furigana: string): string {
  return furigana.replace(/\[[^\]]*\]/g, '');
}

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

const isPunct = (t: KuromojiToken) => t.pos === '記号' || /^[\s。、！？!?「」『』（）・…ー～]+$/u.test(t.surface_form);

/** Does token `t` belong to the word started before it (conjugation, auxiliaries, suffixes, する after a noun)? */
function attaches(prev: KuromojiToken[], t: KuromojiToken, afterTarget = false): boolean {
  const head = prev[0];
  const last = prev[prev.length - 1];
  if (afterTarget && !(t.pos === '助動詞' || t.pos === '助詞' || t.pos === '動詞')) return false;
  if (head.pos === '助動詞' && t.pos === '助動詞') return true; // でし + た
  if (head.pos === '助動詞' && head.surface_form === 'で' && prev.length === 1 && t.surface_form === 'は') return true; // で + は + ありません
  if (head.surface_form === 'で' && prev.length === 2 && prev[1].surface_form === 'は' && (t.basic_form === 'ある' || t.basic_form === 'ない')) return true;
  if (head.surface_form === 'で' && prev.length >= 3 && prev[1].surface_form === 'は' && t.pos === '助動詞') return true; // ではありません
  const verbal = head.pos === '動詞' || head.pos === '形容詞' || (head.pos === '名詞' && head.pos_detail_1 === 'サ変接続' && prev.length > 1);
  if (last.pos === '接頭詞' && !afterTarget) return true; // お + 茶
  if (t.pos === '名詞' && t.pos_detail_1 === '接尾' && head.pos === '名詞' && !['時', '分', '円', '人', '年', '月', '日', '回', '歳', '本', '枚', '匹', '台', '階', '個', '冊'].includes(t.surface_form)) return true; // 田中 + さん
  if (head.pos === '名詞' && head.pos_detail_1 === 'サ変接続' && t.pos === '動詞' && t.basic_form === 'する' && prev.length === 1) return true; // 勉強 + します
  if (!verbal && !(head.pos === '名詞' && head.pos_detail_1 === 'サ変接続' && prev.length > 1)) return false;
  if (t.pos === '助動詞' && !['です', 'でしょ', 'だ', 'だろ', 'らしい', 'みたい', 'よう'].includes(t.basic_form)) return true; // ます, た, ない, たい
  if (t.pos === '助詞' && t.pos_detail_1 === '接続助詞' && (t.surface_form === 'て' || t.surface_form === 'で')) return true;
  if (t.pos === '動詞' && (t.pos_detail_1 === '非自立' || t.pos_detail_1 === '接尾')) return true; // 食べて + いる, 食べ + させる
  if (t.pos === '形容詞' && t.pos_detail_1 === '非自立') return true; // 食べ + にくい
  return false;
}

function formHint(group: KuromojiToken[], skip = 1): string {
  const bits: string[] = [];
  const forms = group.slice(skip).map((t) => t.basic_form);
  if (forms.includes('ます')) bits.push('polite');
  if (forms.includes('ない') || forms.includes('ぬ') || (forms.includes('ん') && forms.includes('ます'))) bits.push('negative');
  if (forms.includes('た') || forms.includes('だ')) bits.push('past');
  if (forms.includes('たい')) bits.push('want to');
  if (group.slice(skip).some((t) => t.pos === '動詞' && t.basic_form === 'いる')) bits.push('ongoing');
  if (forms.includes('れる') || forms.includes('られる')) bits.push('passive/potential');
  if (forms.includes('せる') || forms.includes('させる')) bits.push('causative');
  if (!bits.length && group.length > skip && group[group.length - 1].surface_form.match(/^[てで]$/)) bits.push('te-form');
  return bits.length ? ` (${bits.join(', ')})` : '';
}

export interface BreakdownInput {
  tokens: KuromojiToken[];
  dictionary: DictionaryLookup;
  /** Character range of the target in the text. */
  target: { start: number; end: number; meaning: string; pronunciation?: string };
  meanings?: Record<string, string>;
  readings?: Record<string, string>;
}

/** Word breakdown: tokens grouped into words, each with its hiragana pronunciation and an English meaning. */
export function draftBreakdown(input: BreakdownInput): BreakdownItem[] {
  const groups: Array<{ tokens: KuromojiToken[]; start: number }> = [];
  let offset = 0;
  for (const t of input.tokens) {
    const start = offset;
    offset += t.surface_form.length;
    if (isPunct(t)) continue;
    const cur = groups[groups.length - 1];
    const contiguous = cur && cur.start + cur.tokens.reduce((a, x) => a + x.surface_form.length, 0) === start;
    // The target stays one word even when kuromoji splits it (日本語 → 日本 + 語).
    const insideTarget = cur && cur.start >= input.target.start && start < input.target.end && cur.start < input.target.end;
    // Loanwords kuromoji does not know come out in pieces (スマート + フォン).
    const last = cur?.tokens[cur.tokens.length - 1];
    const katakanaRun = !!last && /^[\u30a0-\u30ff]+$/.test(last.surface_form) && /^[\u30a0-\u30ff]+$/.test(t.surface_form) && t.pos === '名詞' && last.pos === '名詞';
    const afterTarget = !!cur && cur.start <= input.target.start && start >= input.target.end && cur.start < input.target.end;
    if (cur && contiguous && (insideTarget || (katakanaRun && !afterTarget) || attaches(cur.tokens, t, afterTarget))) cur.tokens.push(t);
    else groups.push({ tokens: [t], start });
  }
  return groups.map((g) => {
    const word = g.tokens.map((t) => t.surface_form).join('');
    const isTarget = g.start <= input.target.start && g.start + word.length > input.target.start;
    // Tokens of the target itself are not conjugation (ち + ず of ちず is not a negative).
    let inTarget = 0;
    for (let o = g.start, i = 0; i < g.tokens.length && o < input.target.end; o += g.tokens[i].surface_form.length, i++) inTarget = i + 1;
    const pronunciation = g.tokens
      .map((t) => {
        if (t.pos === '助詞' && t.surface_form === 'は') return 'わ';
        if (t.pos === '助詞' && t.surface_form === 'へ') return 'え';
        const r = input.readings?.[t.surface_form] ?? DEFAULT_READINGS[t.surface_form] ?? (t.reading && t.reading !== '*' ? t.reading : t.surface_form);
        return toHiragana(r);
      })
      .join('');
    const head = g.tokens[0].pos === '接頭詞' && g.tokens[1] ? g.tokens[1] : g.tokens[0];
    let meaning: string | undefined = input.meanings?.[word] ?? PARTICLES[word];
    if (!meaning && isTarget) meaning = input.target.meaning + formHint(g.tokens, Math.max(1, inTarget));
    const counter = head.pos === '名詞' && head.pos_detail_2 === '助数詞' ? COUNTERS[head.surface_form] : undefined;
    if (!meaning && counter && g.tokens.length === 1) meaning = counter;
    if (!meaning && g.tokens.length === 1 && !isTarget) meaning = COMMON_GLOSSES[word];
    const allKatakana = /^[\u30a0-\u30ff]+$/.test(word);
    const proper = head.pos === '名詞' && head.pos_detail_1 === '固有名詞' && !(allKatakana && g.tokens.length > 1);
    if (!meaning && proper && head.pos_detail_2 === '人名') meaning = head.pos_detail_3 === '名' ? '(given name)' : '(family name)';
    if (!meaning) {
      const grammatical = head.pos === '助詞' || head.pos === '助動詞' || (head.pos === '名詞' && head.pos_detail_1 === '非自立');
      const particle = grammatical ? PARTICLES[head.surface_form] ?? PARTICLES[head.basic_form] : undefined;
      const prefixed = g.tokens[0].pos === '接頭詞' ? input.dictionary.meaning(word, pronunciation, head.pos) : undefined;
      const basic = head.basic_form !== '*' ? head.basic_form : head.surface_form;
      const suffixed = g.tokens.length > 1 && g.tokens[1].pos_detail_1 === '接尾' ? input.dictionary.meaning(word, pronunciation) : undefined;
      const dict =
        prefixed ??
        suffixed ??
        (allKatakana && g.tokens.length > 1 ? input.dictionary.meaning(word, pronunciation) : undefined) ??
        input.dictionary.meaning(basic, toHiragana(head.reading ?? ''), head.pos) ??
        input.dictionary.meaning(word, pronunciation, head.pos) ??
        input.dictionary.meaning(head.surface_form, toHiragana(head.reading ?? ''), head.pos) ??
        (PARTICLES[head.surface_form] || undefined);
      meaning = (particle ?? dict ?? '') + (particle ? '' : formHint(g.tokens));
      if (!dict && !particle && proper) meaning = '(place name)';
    }
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
  }
  for (const t of tries) {
    const i = text.indexOf(t);
    if (i >= 0) return { target: t, start: i };
  }
  return null;
}
