import type { KanaEntry } from '../catalogue/content.schemas';
import { buildKana } from '../build/kana';
import { isYoon, kanaProblems, readingUnits, taughtLevels, unreadableKana } from './kana-checks';

const course = (): KanaEntry[] => buildKana().map((k) => ({ ...k }));
const edit = (kana: KanaEntry[], char: string, change: Partial<KanaEntry>) => {
  const k = kana.find((x) => x.kana === char);
  if (!k) throw new Error(`no ${char}`);
  Object.assign(k, change);
  return kana;
};

describe('isYoon', () => {
  it('is an i-column kana with a small ya/yu/yo, in either script', () => {
    expect(['きゃ', 'ぎょ', 'ミュ', 'ピョ'].map(isYoon)).toEqual([true, true, true, true]);
    expect(['ファ', 'デュ', 'ティ', 'キ', 'きゃく'].map(isYoon)).toEqual([false, false, false, false, false]);
  });
});

describe('kanaProblems', () => {
  it('accepts the authored course', () => {
    expect(kanaProblems(course())).toEqual([]);
  });

  it('reports a katakana example word that uses kana taught after the card', () => {
    // ソファー as the example of ソ (level 5): フ is taught in level 6, the small ァ in level 6 too.
    const problems = kanaProblems(edit(course(), 'ソ', { vocab_reading: 'ソファー' }));
    expect(problems).toEqual(['ソ (level 5): example word ソファー uses kana taught later: フ (level 6), ァ (level 6)']);
  });

  it('reports a katakana example word that needs a yōon of level 9', () => {
    expect(kanaProblems(edit(course(), 'ジ', { vocab_reading: 'ジュース' }))).toEqual(['ジ (level 7): example word ジュース uses kana taught later: ジュ (level 9)']);
  });

  it('does not hold the hiragana of levels 1–4 to it (native words, met whole)', () => {
    expect(kanaProblems(edit(course(), 'い', { vocab_reading: 'いぬ' }))).toEqual([]);
  });

  it('reports missing katakana yōon twins and missing loanword cards', () => {
    const kana = course().filter((k) => !['キョ', 'ー', 'デュ'].includes(k.kana));
    const problems = kanaProblems(kana.map((k, i) => ({ ...k, position: i + 1 })));
    expect(problems).toContain('katakana yōon キョ (twin of きょ) missing');
    expect(problems).toContain('katakana ー missing');
    expect(problems).toContain('katakana デュ missing');
    // Words written with ー now use a mark no card teaches.
    expect(problems).toContain('ケ (level 5): example word ケーキ uses kana taught later: ー (no card)');
  });

  it('reports levels that do not fit: a loanword sound among the yōon, a yōon in katakana, a katakana row in hiragana', () => {
    const kana = edit(edit(edit(course(), 'ファ', { level: 9 }), 'キャ', { level: 8 }), 'あ', { row: 'v' });
    const problems = kanaProblems(kana);
    expect(problems).toContain('ファ: level 9 does not fit katakana loanword sound');
    expect(problems).toContain('キャ: level 8 does not fit katakana yōon');
    expect(problems).toContain('あ: row v is katakana only');
  });

  it('reports an example word that does not contain its kana', () => {
    expect(kanaProblems(edit(course(), 'ア', { vocab_reading: 'イースター' }))).toContain('ア: example word イースター does not contain it');
  });
});

describe('unreadableKana', () => {
  it('compares by level and skips the card own kana', () => {
    const taught = taughtLevels(course());
    expect(unreadableKana({ kana: 'ア', level: 5, vocab_reading: 'アイス' }, taught)).toEqual([]); // イ, ス: same level
    expect(unreadableKana({ kana: 'ヴ', level: 7, vocab_reading: 'ヴァイオリン' }, taught)).toEqual([]);
    expect(unreadableKana({ kana: 'ト', level: 5, vocab_reading: 'トマト' }, taught)).toEqual(['マ (level 6)']);
    // A small ュ is read with the kana before it: デュ (level 8) does not teach キュ (level 9); フュ has no card.
    expect(unreadableKana({ kana: 'デュ', level: 8, vocab_reading: 'バーベキュー' }, taught)).toEqual(['キュ (level 9)']);
    expect(unreadableKana({ kana: 'フ', level: 6, vocab_reading: 'フュージョン' }, taught)).toEqual(['フュ (no card)', 'ジョ (level 9)']);
  });

  it('splits words into reading units', () => {
    expect(readingUnits('マトリョーシカ')).toEqual(['マ', 'ト', 'リョ', 'ー', 'シ', 'カ']);
    expect(readingUnits('ソファー')).toEqual(['ソ', 'フ', 'ァ', 'ー']);
  });
});
