import { candidateReadings, levelOf, levelSizes, orderKanji } from './kanji';
import type { KanjidicEntry } from './kanjidic';
import { stableId } from './hash';
import { tabOf } from './text';
import { assignIds } from './vocab';

const entry = (literal: string, grade: number, freq: number | undefined, kun: string[] = [], on: string[] = []): KanjidicEntry => ({
  literal,
  grade,
  freq,
  strokes: 5,
  on,
  kun,
  meanings: ['x'],
});

describe('candidateReadings', () => {
  it('drops dashes, voiced duplicates, noun forms and bare stems of other readings', () => {
    const r = (kun: string[]) => candidateReadings(entry('x', 1, 1, kun)).map((k) => k.reading);
    expect(r(['ひ', '-び', '-か'])).toEqual(['ひ', 'か']);
    expect(r(['あ.げる', '-あ.げる', 'あ.がる', 'あ.がり', '-あ.がり'])).toEqual(['あ.げる', 'あ.がる']);
    expect(r(['で.る', '-で', 'だ.す'])).toEqual(['で.る', 'だ.す']);
    expect(r(['う.まれる', 'うま.れる', 'うまれ', 'う.む'])).toEqual(['う.まれる', 'う.む']);
    expect(r(['はな.す', 'はなし'])).toEqual(['はな.す']);
  });
});

describe('orderKanji', () => {
  it('orders Kanji I by grade then frequency, Kanji II by frequency, and splits levels', () => {
    const k = orderKanji([entry('b', 2, 5), entry('a', 1, 50), entry('c', 1, 10), entry('z', 8, 900), entry('y', 8, 100), entry('w', 8, undefined)]);
    expect(k.filter((x) => x.course === 'kanji1').map((x) => x.entry.literal)).toEqual(['c', 'a', 'b']);
    expect(k.filter((x) => x.course === 'kanji2').map((x) => x.entry.literal)).toEqual(['y', 'z', 'w']);
    expect(k.find((x) => x.entry.literal === 'y')!.grade).toBe(7);
  });

  it('level sizes: first level as given, the rest even', () => {
    expect(levelSizes(1026, 80)).toEqual([80, 119, 119, 118, 118, 118, 118, 118, 118]);
    expect(levelSizes(1026, 80).reduce((a, b) => a + b)).toBe(1026);
    expect(levelOf(0, [2, 3])).toBe(1);
    expect(levelOf(2, [2, 3])).toBe(2);
  });
});

describe('ids and tabs', () => {
  it('derives stable 31-bit ids and resolves collisions deterministically', () => {
    expect(stableId('vocab:食べる|たべる')).toBe(stableId('vocab:食べる|たべる'));
    expect(stableId('a')).toBeLessThan(2 ** 31);
    const ids = assignIds(['b', 'a', 'c'], 'ns');
    expect(new Set(ids.values()).size).toBe(3);
    expect(assignIds(['c', 'a', 'b'], 'ns')).toEqual(ids);
  });

  it('puts a word in the tab of its first kana row', () => {
    expect(tabOf('がっこう')).toBe('ka');
    expect(tabOf('ぱん')).toBe('ha');
    expect(tabOf('りんご')).toBe('ra');
    expect(tabOf('テレビ')).toBe('ta');
    expect(tabOf('をかし')).toBe('wa');
  });
});
