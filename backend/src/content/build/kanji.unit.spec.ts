import { COMMON_2010, EVERYDAY_2010, JOYO_2010_ADDITIONS } from './authored/joyo-2010';
import { KANKEN_SECONDARY } from './authored/kanken-secondary';
import { candidateReadings, kankenLabel, kankenOf, levelOf, levelSizes, orderKanji, orderKanji2 } from './kanji';
import { RADICAL_NAMES, radicalCharacter, radicalOf } from './radicals';
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

/** Synthetic jōyō entries: `n` kanji of a grade, from code point `base`, newspaper ranks from `rank`. */
const many = (n: number, grade: number, base: number, rank?: number) =>
  Array.from({ length: n }, (_, i) => entry(String.fromCodePoint(base + i), grade, rank === undefined ? undefined : rank + i));

describe('Kanji Kentei levels and level labels', () => {
  it('tests an elementary kanji at the level of its grade and a secondary kanji at its listed level', () => {
    expect(kankenOf({ literal: '一', grade: 1 })).toBe('10級');
    expect(kankenOf({ literal: '胃', grade: 4 })).toBe('7級');
    expect(kankenOf({ literal: '党', grade: 6 })).toBe('5級');
    expect(kankenOf({ literal: '丈', grade: 8 })).toBe('4級');
    expect(kankenOf({ literal: '誰', grade: 8 })).toBe('2級');
    expect(kankenOf({ literal: '𠮟', grade: 8 })).toBe('2級');
    expect(kankenOf({ literal: '亜', grade: 8 })).toBe('準2級');
    expect(kankenOf({ literal: '亜', grade: 9 })).toBeUndefined();
  });

  it('knows the current Kanken split of the 1,110 secondary kanji: 313, 284, 328, 185, 2級 being the 2010 additions', () => {
    const counts = Object.values(KANKEN_SECONDARY).map((chars) => [...chars].length);
    expect(counts).toEqual([313, 284, 328, 185]);
    const prefectures = [...'茨媛岡埼鹿栃奈梨阪阜熊'];
    expect([...KANKEN_SECONDARY['2級']].sort()).toEqual([...JOYO_2010_ADDITIONS].filter((k) => !prefectures.includes(k)).sort());
  });

  it('labels a level with its one Kanken level, or the easiest and hardest present (準2級 between 3級 and 2級)', () => {
    expect(kankenLabel(['10級', '10級'], 1)).toBe('10級');
    expect(kankenLabel(['8級', '9級', '8級'], 3)).toBe('9級–8級');
    expect(kankenLabel(['準2級', '3級', undefined], 5)).toBe('3級–準2級');
    expect(kankenLabel(['2級', '準2級', '4級'], 5)).toBe('4級–2級');
    expect(kankenLabel([undefined], 7)).toBe('Level 7');
  });

  it('gives each Kanji I level the Kanken levels of the grades it holds', () => {
    // The 2020 grade sizes: 80, 160, 200, 202, 193, 191.
    const sizes = [80, 160, 200, 202, 193, 191];
    let base = 0x4e00;
    const entries = sizes.flatMap((n, g) => {
      const list = many(n, g + 1, base, 1 + base - 0x4e00);
      base += n;
      return list;
    });
    const k1 = orderKanji(entries);
    const labels = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((l) => k1.find((k) => k.level === l)!.levelLabel);
    expect(labels).toEqual(['10級', '9級', '9級–8級', '8級', '8級–7級', '7級–6級', '6級', '6級–5級', '5級']);
    for (const k of k1) expect(k.levelLabel).toBe(kankenLabel(k1.filter((o) => o.level === k.level).map((o) => o.kanken), k.level));
  });
});

describe('orderKanji2: the 2010 additions', () => {
  // 1,110 secondary kanji ranked 1001…, with the listed 2010 kanji ranked last or not at all, as KANJIDIC2 has them.
  const listed = [...EVERYDAY_2010, ...COMMON_2010];
  const ranked = many(1110 - listed.length, 8, 0x3400, 1001); // CJK extension A: none of them is listed
  const additions = listed.map((ch, i) => entry(ch, 8, i % 2 ? undefined : 2400 + i));
  const order = orderKanji2([...additions, ...ranked]).map((e) => e.literal);
  const levels = new Map(orderKanji([...additions, ...ranked]).map((k) => [k.entry.literal, k.level]));
  const level = (ch: string) => levels.get(ch);

  it('spreads the everyday 2010 kanji over levels 2–3 in the authored order, and the common ones over levels 4–6', () => {
    for (const ch of '誰頃俺箸挨拶喉貼') expect(level(ch)).toBe(2);
    for (const ch of EVERYDAY_2010) expect([2, 3]).toContain(level(ch));
    for (const ch of COMMON_2010) expect([4, 5, 6]).toContain(level(ch));
    const everyday = order.filter((ch) => EVERYDAY_2010.includes(ch));
    expect(everyday.join('')).toBe(EVERYDAY_2010);
    expect(order.indexOf('誰')).toBeLessThan(order.indexOf('頃'));
  });

  it('keeps level 1 and the frequency order of the other kanji', () => {
    expect(order.slice(0, 110)).toEqual(ranked.slice(0, 110).map((e) => e.literal));
    const others = order.filter((ch) => !listed.includes(ch));
    expect(others).toEqual(ranked.map((e) => e.literal));
    expect(order).toHaveLength(1110);
  });

  it('never moves a listed kanji back: one already frequent enough stays where its rank puts it', () => {
    const frequent = [entry('誰', 8, 1), ...ranked.slice(0, 1109)];
    expect(orderKanji2(frequent)[0].literal).toBe('誰');
  });
});

describe('radicals', () => {
  it('names all 214 Kangxi radicals and writes each as a kanji', () => {
    expect(RADICAL_NAMES).toHaveLength(214);
    expect(new Set(RADICAL_NAMES).size).toBe(214);
    expect(radicalOf(85)).toEqual({ number: 85, character: '水', name: 'water (氵)' });
    expect([1, 9, 30, 64, 149, 214].map(radicalCharacter)).toEqual(['一', '人', '口', '手', '言', '龠']);
    // Japanese shapes where the Kangxi block normalises to a traditional one.
    expect([63, 174, 203].map(radicalCharacter)).toEqual(['戸', '青', '黒']);
    for (let n = 1; n <= 214; n++) expect(radicalCharacter(n)).toMatch(/^\p{Script=Han}$/u);
    expect(() => radicalCharacter(215)).toThrow(RangeError);
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
