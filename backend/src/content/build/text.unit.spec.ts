import { toHiragana } from './text';

describe('toHiragana', () => {
  it('turns katakana into hiragana, long-vowel mark and ヴ included', () => {
    expect(toHiragana('カタカナ')).toBe('かたかな');
    expect(toHiragana('コーヒー')).toBe('こーひー');
    expect(toHiragana('ヴァ')).toBe('ゔぁ');
  });

  it('reads the counter mark ヶ/ヵ as か, not as a small katakana (issue 29: 一ヶ月 いっかげつ)', () => {
    expect(toHiragana('イッヶゲツ')).toBe('いっかげつ');
    expect(toHiragana('サンヵショ')).toBe('さんかしょ');
  });
});
