// Kana detection by code point. SPEC §5 names the range 12448–12543 (U+30A0–U+30FF, the katakana block);
// the hiragana block just below it (12352–12447, U+3040–U+309F) is kana too.

export const KATAKANA_FIRST = 12448;
export const KATAKANA_LAST = 12543;
const HIRAGANA_FIRST = 12352;
const HIRAGANA_LAST = 12447;

export function isKatakana(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code >= KATAKANA_FIRST && code <= KATAKANA_LAST;
}

export function isHiragana(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code >= HIRAGANA_FIRST && code <= HIRAGANA_LAST;
}

export function isKana(char: string): boolean {
  return isHiragana(char) || isKatakana(char);
}

/** True when every character is kana (such words need no separate reading or furigana). */
export function isKanaOnly(text: string): boolean {
  const chars = Array.from(text);
  return chars.length > 0 && chars.every(isKana);
}

/** Characters that take furigana: CJK ideographs and the iteration/abbreviation marks used inside words. */
export function isKanjiLike(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0x20000 && code <= 0x2ffff) ||
    char === '々' ||
    char === '〆' ||
    char === 'ヶ' ||
    char === 'ヵ'
  );
}
