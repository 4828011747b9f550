import { kanjiumAccents, kanjiumPitch } from './pitch-table';

describe('Kanjium pitch accents', () => {
  it('reads plain accents, several of them in order', () => {
    expect(kanjiumAccents('3')).toEqual([3]);
    expect(kanjiumAccents('0,2')).toEqual([0, 2]);
  });

  it("keeps the accents of the word's own part of speech where Kanjium tags them", () => {
    expect(kanjiumAccents('(名)1,(副)0', ['adv'])).toEqual([0]);
    expect(kanjiumAccents('(名)1,(副)0', ['n'])).toEqual([1]);
    // A tag applies to every number up to the next tag; several tags can share numbers.
    expect(kanjiumAccents('(名)1,3,(形動)0,3', ['adj-na', 'n'])).toEqual([1, 3, 0]);
    expect(kanjiumAccents('(名;形動)0,(副)1', ['adj-na'])).toEqual([0]);
    // No matching tag: all of them.
    expect(kanjiumAccents('(名)1,(副)0', ['int'])).toEqual([1, 0]);
  });

  it('finds a kana word under its kanji spelling, the written form first (issue 29: ちょうど, 必ず, 休み)', () => {
    const table = new Map([
      ['丁度|ちょうど', '0'],
      ['必ず|かならず', '0'],
      ['休み|やすみ', '3'],
      ['屹度|きっと', '0,1'],
    ]);
    expect(kanjiumPitch(table, ['ちょうど', '丁度'], 'ちょうど', ['adv'])).toEqual([0]);
    expect(kanjiumPitch(table, ['必ず'], 'かならず', ['adv'])).toEqual([0]);
    expect(kanjiumPitch(table, ['休み'], 'やすみ', ['n'])).toEqual([3]);
    expect(kanjiumPitch(table, ['きっと', '屹度'], 'きっと', ['adv'])).toEqual([0, 1]);
    expect(kanjiumPitch(table, ['猫'], 'ねこ', ['n'])).toBeUndefined();
  });
});
