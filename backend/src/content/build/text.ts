import * as wanakana from 'wanakana';

/** Small, dependency-light helpers for Japanese text used across the content build. */

const KANJI_RE = /[\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\u3005\u3006\u3007\u{20000}-\u{2FFFF}]/u;

/** A character written as a kanji (CJK ideograph, 々, 〆, 〇). */
export function isKanjiChar(ch: string): boolean {
  return KANJI_RE.test(ch);
}

export function isHiraganaChar(ch: string): boolean {
  const c = ch.codePointAt(0) ?? 0;
  return c >= 0x3041 && c <= 0x309f;
}

/** Katakana block as the product spec counts it (code points 12448–12543, U+30A0–U+30FF). */
export function isKatakanaChar(ch: string): boolean {
  const c = ch.codePointAt(0) ?? 0;
  return c >= 0x30a0 && c <= 0x30ff;
}

export function isKanaChar(ch: string): boolean {
  return isHiraganaChar(ch) || isKatakanaChar(ch);
}

export function hasKanji(s: string): boolean {
  return [...s].some(isKanjiChar);
}

/** Only kana (and the long-vowel mark). */
export function isAllKana(s: string): boolean {
  return s.length > 0 && [...s].every(isKanaChar);
}

/**
 * Katakana → hiragana, keeping ー as is (a loanword's reading stays readable: ラーメン → らーめん).
 * ヴ and the small ヵヶ have hiragana twins, so the conversion is a plain code point shift.
 */
export function toHiragana(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    // ヶ and ヵ are the counter mark of 一ヶ月 and 三ヵ所, read か: not the small katakana ケ and カ (ゖ, ゕ).
    if (ch === 'ヶ' || ch === 'ヵ') out += 'か';
    else out += c >= 0x30a1 && c <= 0x30f4 ? String.fromCodePoint(c - 0x60) : ch;
  }
  return out;
}

export function toKatakana(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    out += c >= 0x3041 && c <= 0x3096 ? String.fromCodePoint(c + 0x60) : ch;
  }
  return out;
}

export function toRomaji(s: string): string {
  return wanakana.toRomaji(s);
}

const SMALL = new Set([...'ゃゅょぁぃぅぇぉゎャュョァィゥェォヮ']);

/** Mora count: small ya/yu/yo and small vowels do not start a mora; っ, ん and ー do. */
export function moraCount(reading: string): number {
  let n = 0;
  for (const ch of reading) if (!SMALL.has(ch)) n++;
  return n;
}

export const VOCAB_TABS = ['a', 'ka', 'sa', 'ta', 'na', 'ha', 'ma', 'ya', 'ra', 'wa'] as const;
export type VocabTab = (typeof VOCAB_TABS)[number];

const TAB_ROWS: Record<VocabTab, string> = {
  a: 'あいうえおぁぃぅぇぉゔ',
  ka: 'かきくけこがぎぐげごゕゖ',
  sa: 'さしすせそざじずぜぞ',
  ta: 'たちつてとだぢづでどっ',
  na: 'なにぬねの',
  ha: 'はひふへほばびぶべぼぱぴぷぺぽ',
  ma: 'まみむめも',
  ya: 'やゆよゃゅょ',
  ra: 'らりるれろ',
  wa: 'わゐゑをんゎ',
};

/** The dictionary tab of a word: the gojūon row of its reading's first kana (voiced kana go to their row). */
export function tabOf(reading: string): VocabTab {
  const first = toHiragana(reading)[0] ?? '';
  for (const tab of VOCAB_TABS) if (TAB_ROWS[tab].includes(first)) return tab;
  return 'a';
}

const RENDAKU: Record<string, string[]> = {
  か: ['が'], き: ['ぎ'], く: ['ぐ'], け: ['げ'], こ: ['ご'],
  さ: ['ざ'], し: ['じ'], す: ['ず'], せ: ['ぜ'], そ: ['ぞ'],
  た: ['だ'], ち: ['ぢ', 'じ'], つ: ['づ', 'ず'], て: ['で'], と: ['ど'],
  は: ['ば', 'ぱ'], ひ: ['び', 'ぴ'], ふ: ['ぶ', 'ぷ'], へ: ['べ', 'ぺ'], ほ: ['ぼ', 'ぽ'],
};

/** Voiced (and, for the h-row, half-voiced) forms of a reading's first kana: し → じ, ほ → ぼ/ぽ. */
export function rendakuForms(reading: string): string[] {
  const first = reading[0];
  const alts = first ? RENDAKU[first] : undefined;
  return alts ? alts.map((a) => a + reading.slice(1)) : [];
}

/** The unvoiced kana a voiced kana comes from (び → ひ), or the kana itself. */
export function unvoice(ch: string): string {
  for (const [plain, voiced] of Object.entries(RENDAKU)) if (voiced.includes(ch)) return plain;
  return ch;
}

const ROWS = ['あいうえお', 'かきくけこ', 'がぎぐげご', 'さしすせそ', 'ざじずぜぞ', 'たちつてと', 'だぢづでど', 'なにぬねの', 'はひふへほ', 'ばびぶべぼ', 'ぱぴぷぺぽ', 'まみむめも', 'やゆよ', 'らりるれろ', 'わを'];

/** Consonant row of a hiragana (か and こ share a row), used for godan conjugation matching. */
export function consonantRow(ch: string): string | undefined {
  return ROWS.find((r) => r.includes(ch));
}

/** Vowel of the kana (for renjō: 反応 はん+のう). */
export function vowelOf(ch: string): string | undefined {
  for (const r of ROWS) {
    const i = r.indexOf(ch);
    if (i >= 0) return r.length === 5 ? 'aiueo'[i] : r === 'やゆよ' ? 'auo'[i] : 'ao'[i];
  }
  return undefined;
}

/** A piece of furigana notation: plain text, or a kanji run with its reading. */
export interface FuriganaSegment {
  text: string;
  reading?: string;
}

/**
 * Splits furigana (ruby after each kanji run: 一日[ついたち]に行[い]きます) into segments. Here, in the
 * dependency-light helpers, so the speech worker reads furigana the way the content build writes it.
 */
export function parseFurigana(furigana: string): FuriganaSegment[] {
  const out: FuriganaSegment[] = [];
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
