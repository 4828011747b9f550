import { KANA_ROWS, type KanaEntry } from '../catalogue/content.schemas';

/**
 * Checks of the kana course (kana.json) beyond its schema: the rows of both charts, the level of every card, the
 * cards katakana words need (ー, the small vowels, ヴ, デュ and the katakana twin of every hiragana yōon), and
 * that a katakana card's example word can be read with the kana taught so far.
 */

/** Rows both charts have (SPEC §9); katakana adds the rows only loanwords need. */
export const SHARED_ROWS = KANA_ROWS.slice(0, KANA_ROWS.indexOf('small_tsu') + 1);
export const KATAKANA_ONLY_ROWS = ['small_vowel', 'long_vowel', 'v'] as const satisfies readonly KanaEntry['row'][];

/** Katakana cards the words of levels 5–8 need beyond the basic rows and the yōon (issue 12). */
export const REQUIRED_KATAKANA = ['ー', 'ァ', 'ィ', 'ゥ', 'ェ', 'ォ', 'ヴ', 'デュ'] as const;

const I_COLUMN = new Set([...'きしちにひみりぎじぢびぴキシチニヒミリギジヂビピ']);
const SMALL_Y = new Set([...'ゃゅょャュョ']);

/** A yōon: an i-column kana + a small ya/yu/yo (きゃ, ギョ). Other two-kana cards are loanword sounds (ファ, デュ). */
export function isYoon(kana: string): boolean {
  const chars = [...kana];
  return chars.length === 2 && I_COLUMN.has(chars[0]) && SMALL_Y.has(chars[1]);
}

const isHiragana = (ch: string) => ch >= '\u3041' && ch <= '\u309f';
const isKatakana = (ch: string) => ch >= '\u30a0' && ch <= '\u30ff';
const toKatakana = (s: string) => s.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));

/** The level of every card, by its kana (a single kana, or a combination such as キョ, デュ). */
export function taughtLevels(kana: readonly KanaEntry[]): Map<string, number> {
  return new Map(kana.map((k) => [k.kana, k.level]));
}

/**
 * The units a learner reads in a word: a kana with a following small ゃ/ゅ/ょ is read as one combination (キョ,
 * デュ) and needs that card; every other kana, small vowel (ァ), ー and ッ included, needs its own card.
 */
export function readingUnits(word: string): string[] {
  const chars = [...word];
  const units: string[] = [];
  for (let i = 0; i < chars.length; i++) {
    if (i + 1 < chars.length && SMALL_Y.has(chars[i + 1])) units.push(chars[i] + chars[++i]);
    else units.push(chars[i]);
  }
  return units;
}

/**
 * Units of the card's example word taught after the card's level (or by no card), the card's own kana excepted.
 * Compared by level, not position: a level is learned as one set, and the first card of a level could not have a
 * word made of itself alone.
 */
export function unreadableKana(card: Pick<KanaEntry, 'kana' | 'level' | 'vocab_reading'>, taught: Map<string, number>): string[] {
  const out: string[] = [];
  for (const unit of new Set(readingUnits(card.vocab_reading))) {
    if (unit === card.kana || (unit.length === 1 && card.kana.includes(unit))) continue;
    const level = taught.get(unit);
    if (level === undefined) out.push(`${unit} (no card)`);
    else if (level > card.level) out.push(`${unit} (level ${level})`);
  }
  return out;
}

export function kanaProblems(kana: readonly KanaEntry[]): string[] {
  const problems: string[] = [];
  const byKana = new Map(kana.map((k) => [k.kana, k]));

  for (const script of ['hiragana', 'katakana'] as const) {
    const rows = new Set<string>(kana.filter((k) => k.script === script).map((k) => k.row));
    const expected: readonly string[] = script === 'hiragana' ? SHARED_ROWS : [...SHARED_ROWS, ...KATAKANA_ONLY_ROWS];
    for (const r of expected) if (!rows.has(r)) problems.push(`${script}: row ${r} missing`);
  }
  if (!kana.some((k) => k.row === 'combo' && k.level === 9)) problems.push('no combination kana at level 9');

  for (const k of kana) {
    const chars = [...k.kana];
    if (!chars.every(k.script === 'hiragana' ? isHiragana : isKatakana)) problems.push(`${k.kana}: not written in ${k.script}`);
    if (k.script === 'hiragana' && (KATAKANA_ONLY_ROWS as readonly string[]).includes(k.row)) problems.push(`${k.kana}: row ${k.row} is katakana only`);
    if (k.row === 'combo' && chars.length !== 2) problems.push(`${k.kana}: a combination is two kana`);
    // Hiragana 1–4, Katakana 5–8 (its loanword sounds included), Combinations 9 = the yōon of both scripts.
    const [min, max] = k.row === 'combo' && isYoon(k.kana) ? [9, 9] : k.script === 'hiragana' ? [1, 4] : [5, 8];
    if (k.level < min || k.level > max) problems.push(`${k.kana}: level ${k.level} does not fit ${k.script} ${k.row === 'combo' ? (isYoon(k.kana) ? 'yōon' : 'loanword sound') : k.row}`);
    if (!k.vocab_reading.includes(k.kana)) problems.push(`${k.kana}: example word ${k.vocab_reading} does not contain it`);
    if (![...k.vocab_reading].every((ch) => isHiragana(ch) || isKatakana(ch))) problems.push(`${k.kana}: example word ${k.vocab_reading} is not written in kana`);
  }

  for (const k of kana) {
    if (k.script !== 'hiragana' || !isYoon(k.kana)) continue;
    const twin = toKatakana(k.kana);
    if (!byKana.has(twin)) problems.push(`katakana yōon ${twin} (twin of ${k.kana}) missing`);
  }
  for (const required of REQUIRED_KATAKANA) if (!byKana.has(required)) problems.push(`katakana ${required} missing`);

  // Katakana and the yōon come after all hiragana, so their example words can be read with what was taught.
  // Hiragana levels 1–4 are exempt: their examples are native words a learner meets whole, with their meaning,
  // and words made only of the twenty kana of level 1 would be poor examples (いぬ, うみ need ぬ, み).
  const taught = taughtLevels(kana);
  for (const k of kana) {
    if (k.script === 'hiragana' && k.level <= 4) continue;
    const late = unreadableKana(k, taught);
    if (late.length) problems.push(`${k.kana} (level ${k.level}): example word ${k.vocab_reading} uses kana taught later: ${late.join(', ')}`);
  }
  return problems;
}
