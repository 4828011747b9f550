import { isKana, isKanaOnly, isKatakana, KATAKANA_FIRST, KATAKANA_LAST } from './kana';

describe('kana detection by code point', () => {
  it('covers code points 12448 to 12543', () => {
    expect(KATAKANA_FIRST).toBe(12448);
    expect(KATAKANA_LAST).toBe(12543);
    expect(isKatakana(String.fromCodePoint(12448))).toBe(true);
    expect(isKatakana(String.fromCodePoint(12543))).toBe(true);
    expect(isKatakana(String.fromCodePoint(12544))).toBe(false);
    expect(isKana('ア')).toBe(true);
    expect(isKana('ン')).toBe(true);
  });
  it('treats hiragana as kana and kanji or latin as not', () => {
    expect(isKana('あ')).toBe(true);
    expect(isKana('日')).toBe(false);
    expect(isKana('a')).toBe(false);
  });
  it('knows words written only in kana', () => {
    expect(isKanaOnly('テレビ')).toBe(true);
    expect(isKanaOnly('ひらがな')).toBe(true);
    expect(isKanaOnly('日本')).toBe(false);
    expect(isKanaOnly('')).toBe(false);
  });
});
