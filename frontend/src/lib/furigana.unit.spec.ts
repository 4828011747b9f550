import { parseFurigana, plainText } from './furigana';

describe('parseFurigana', () => {
  it('puts a reading over the run of kanji right before the bracket', () => {
    expect(parseFurigana('私は日本語[にほんご]を話[はな]します')).toEqual([
      { text: '私は' },
      { text: '日本語', reading: 'にほんご' },
      { text: 'を' },
      { text: '話', reading: 'はな' },
      { text: 'します' },
    ]);
  });

  it('takes the whole word after a space (Anki style) and drops the space', () => {
    expect(parseFurigana('私は 食べ物[たべもの]が好き')).toEqual([{ text: '私は' }, { text: '食べ物', reading: 'たべもの' }, { text: 'が好き' }]);
  });

  it('handles a reading at the very start and iteration marks', () => {
    expect(parseFurigana('時々[ときどき]行く')).toEqual([{ text: '時々', reading: 'ときどき' }, { text: '行く' }]);
  });

  it('keeps text without notation as it is, and unmatched brackets as text', () => {
    expect(parseFurigana('こんにちは')).toEqual([{ text: 'こんにちは' }]);
    expect(parseFurigana('A[')).toEqual([{ text: 'A[' }]);
  });

  it('gives the plain text without readings', () => {
    expect(plainText('毎日[まいにち]走[はし]ります')).toBe('毎日走ります');
  });
});
