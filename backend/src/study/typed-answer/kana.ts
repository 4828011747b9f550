import * as wanakana from 'wanakana';
import { romajiToKana } from '#contract/romaji';
import { toHiragana } from '../../content';

/**
 * The kana side of a typed answer: the kana a reading is compared in. Romaji → kana is the contract's one rule
 * (contract/romaji.ts), which the answer box converts with too.
 */
export { romajiToKana };

/**
 * A typed or stored reading in the one form readings are compared in: hiragana, ー kept, no spaces, dots
 * (okurigana marks), dashes of affix readings or punctuation; romaji left in it converted first.
 */
export function normalizeReading(text: string): string {
  // The apostrophe and the dash are romaji (n', ー): removed only once converted.
  const plain = text.normalize('NFKC').replace(/[\s.。、・,，!?！？()（）「」]+/gu, '');
  return toHiragana(romajiToKana(plain)).replace(/['’]/g, '');
}

/** A stored reading (KANJIDIC style, ひと.つ, -び) as the readings it may be typed as: the whole, and its stem. */
export function readingForms(stored: string): string[] {
  const bare = stored.replace(/^-+|-+$/g, '');
  const whole = normalizeReading(bare.replace('.', ''));
  const stem = normalizeReading(bare.split('.')[0]);
  return whole === stem ? [whole] : [whole, stem];
}

// ---- the slips a reading can have: each is a way of writing two readings alike ----

const VOWEL_KANA: Record<string, string> = { あ: 'a', い: 'i', う: 'u', え: 'e', お: 'o' };
const SMALL_TO_BIG: Record<string, string> = { ゃ: 'や', ゅ: 'ゆ', ょ: 'よ', ぁ: 'あ', ぃ: 'い', ぅ: 'う', ぇ: 'え', ぉ: 'お', ゎ: 'わ' };
const N_ROW: Record<string, string> = { a: 'な', i: 'に', u: 'ぬ', e: 'ね', o: 'の' };
const N_YOON: Record<string, string> = { や: 'にゃ', ゆ: 'にゅ', よ: 'にょ' };
const HANDAKUTEN = new Set([...'ぱぴぷぺぽ']);
const DAKUTEN = new Set([...'がぎぐげござじずぜぞだぢづでどばびぶべぼゔ']);

/** The vowel a kana ends on (a yōon ends on its small kana's vowel); undefined for ん, っ, ー and non-kana. */
export function vowelOf(kana: string): string | undefined {
  if (SMALL_TO_BIG[kana]) return VOWEL_KANA[SMALL_TO_BIG[kana]] ?? (kana === 'ゃ' ? 'a' : kana === 'ゅ' ? 'u' : kana === 'ょ' ? 'o' : undefined);
  if (kana === 'ん' || kana === 'っ' || kana === 'ー') return undefined;
  const romaji = wanakana.toRomaji(kana);
  const last = romaji[romaji.length - 1];
  return last && 'aiueo'.includes(last) ? last : undefined;
}

/** Does `vowel` kana lengthen a mora ending on `before` (ああ, いい, うう, えい/ええ, おう/おお)? */
function lengthens(before: string | undefined, vowelKana: string): boolean {
  const v = VOWEL_KANA[vowelKana];
  if (!before || !v) return false;
  return v === before || (before === 'e' && v === 'i') || (before === 'o' && v === 'u');
}

/** Long vowels dropped: ー and a vowel kana that holds the vowel before it (おばあさん → おばさん). */
export function withoutLongVowels(s: string): string {
  let out = '';
  let vowel: string | undefined;
  for (const ch of s) {
    if (ch === 'ー' || lengthens(vowel, ch)) continue;
    out += ch;
    vowel = vowelOf(ch);
  }
  return out;
}

export function withoutSokuon(s: string): string {
  return s.replace(/[っ]/g, '');
}

/** Dakuten and handakuten taken off (が → か, ぱ → は). */
export function unvoiced(s: string): string {
  return [...s.normalize('NFD')].filter((c) => c !== '\u3099' && c !== '\u309a').join('').normalize('NFC');
}

export function bigKana(s: string): string {
  return [...s].map((c) => SMALL_TO_BIG[c] ?? c).join('');
}

/** ん written alike with what a learner types for it: ん + vowel as the n-syllable (かんい ~ かに), ん before an n-syllable dropped. */
export function nMerged(s: string): string {
  const chars = [...s];
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    const next = chars[i + 1];
    if (c === 'ん' && next !== undefined) {
      if (VOWEL_KANA[next]) {
        out += N_ROW[VOWEL_KANA[next]];
        i++;
        continue;
      }
      if (N_YOON[next]) {
        out += N_YOON[next];
        i++;
        continue;
      }
      if ('なにぬねのん'.includes(next)) continue;
    }
    out += c;
  }
  return out;
}

export type SlipKind = 'voicing' | 'n' | 'small' | 'sokuon' | 'long';
const SLIPS: Array<[SlipKind, (s: string) => string]> = [
  ['voicing', unvoiced],
  ['n', nMerged],
  ['small', bigKana],
  ['sokuon', withoutSokuon],
  ['long', withoutLongVowels],
];

function skeleton(s: string, except?: SlipKind): string {
  return SLIPS.reduce((acc, [kind, f]) => (kind === except ? acc : f(acc)), s);
}

/** What tells `typed` from `target` when only slips do, as diagnosis codes; null when they differ otherwise. */
export function slipsBetween(typed: string, target: string): string[] | null {
  if (typed === target) return [];
  if (skeleton(typed) !== skeleton(target)) return null;
  const codes: string[] = [];
  for (const [kind] of SLIPS) {
    const t = skeleton(typed, kind);
    const a = skeleton(target, kind);
    if (t === a) continue;
    if (kind === 'voicing') codes.push(...voicingCodes(t, a));
    else if (kind === 'n') codes.push('n_confusion');
    else if (kind === 'small') codes.push('small_kana');
    else if (kind === 'sokuon') codes.push(count(t, 'っ') < count(a, 'っ') ? 'small_tsu_missing' : 'small_tsu_extra');
    else codes.push([...t].length < [...a].length ? 'long_vowel_missing' : [...t].length > [...a].length ? 'long_vowel_extra' : a.includes('ー') ? 'long_vowel_mark_wanted' : 'long_vowel_kana_wanted');
  }
  return codes.length ? codes : ['close'];
}

function voicingCodes(typed: string, target: string): string[] {
  const t = [...typed];
  const a = [...target];
  const codes = new Set<string>();
  for (let i = 0; i < Math.min(t.length, a.length); i++) {
    if (t[i] === a[i]) continue;
    if (HANDAKUTEN.has(t[i]) || HANDAKUTEN.has(a[i])) codes.add('handakuten');
    if (DAKUTEN.has(t[i]) || DAKUTEN.has(a[i])) codes.add('dakuten');
  }
  return codes.size ? [...codes] : ['dakuten'];
}

function count(s: string, ch: string): number {
  return [...s].filter((c) => c === ch).length;
}
