import { parseEdictLine } from './edict';
import type { OrderedKanji } from './kanji';
import { buildCandidates, type VocabCandidate } from './vocab-candidates';
import { coarseFamilyBonus, coarseness, heuristicScore, rankVocab, VOCAB_COURSE_SIZES } from './vocab';

const word = (row: string) => buildCandidates([parseEdictLine(row, 1)!])[0];

// Two suru-nouns of the same shape (two kanji, n + vs, two senses). UniDic gives the everyday one a coarse score
// (迷惑 0.72: nothing competes with it in UniDic's model) and the specialist one a slightly better one (出頭 0.63).
const MEIWAKU = word('迷惑 [めいわく] /(n,adj-na) (1) trouble/bother/annoyance/(vs) (2) to be troubled (by)/(P)/');
const SHUTTOU = word('出頭 [しゅっとう] /(n,vs) (1) appearance/attendance/(n,vs) (2) surrender (e.g. to the police)/(P)/');
const FREQUENCY = new Map([
  [MEIWAKU.key, 0.7237],
  [SHUTTOU.key, 0.6289],
]);

// All four kanji equally hard, so only the blend decides.
const kanji = new Map<string, OrderedKanji>(
  [...'迷惑出頭'].map((literal, i) => [
    literal,
    {
      entry: { literal, grade: 5, strokes: 10, freq: 800, on: [], kun: [], meanings: [] },
      course: 'kanji1',
      level: 8,
      levelLabel: '4級',
      position: 900 + i,
      grade: 5,
      teachIndex: 900,
    },
  ]),
);

const score = (c: VocabCandidate, family: number, frequency: number | undefined) => heuristicScore(c, kanji, family, true, 0.5, frequency);

describe('easiest-first score where UniDic frequency is coarse', () => {
  it('ranks an everyday suru-noun with a coarse frequency and a large word family before a rare kango', () => {
    // 迷惑 heads 25 EDICT headwords (迷惑メール, 迷惑をかける …), 出頭 two.
    expect(score(MEIWAKU, 25, 0.7237)).toBeLessThan(score(SHUTTOU, 2, 0.6289));
  });

  it('owes that order to the family: with no family either way, the better frequency score still wins', () => {
    expect(score(SHUTTOU, 0, 0.6289)).toBeLessThan(score(MEIWAKU, 0, 0.7237));
  });

  it('lets frequency lead below the coarse band, however large the family', () => {
    expect(coarseness(0.45)).toBe(0);
    expect(score(SHUTTOU, 0, 0.2)).toBeLessThan(score(MEIWAKU, 60, 0.45));
  });

  it('fades the family in across the band and caps it', () => {
    expect(coarseness(0.5)).toBe(0);
    expect(coarseness(0.65)).toBeCloseTo(0.5);
    expect(coarseness(0.8)).toBe(1);
    expect(coarseness(1)).toBe(1);
    expect(coarseFamilyBonus(0.79, 0)).toBe(0);
    expect(coarseFamilyBonus(0.79, 25)).toBeGreaterThan(coarseFamilyBonus(0.6, 25));
    expect(coarseFamilyBonus(0.79, 500)).toBe(coarseFamilyBonus(0.79, 63));
  });

  it('gives no family bonus to loanwords or kana words (their families are loanword phrases and expressions)', () => {
    const down = word('ダウン /(n,vs) (1) down (opposite of up)/becoming lower/(P)/');
    const gap = score(down, 0, 0.75) - score(down, 60, 0.75);
    expect(gap).toBeCloseTo(0.03 * Math.log2(16)); // only the small family term every word has
  });

  it('is not applied by the first list heuristic (no frequency table)', () => {
    const gap = score(MEIWAKU, 0, undefined) - score(MEIWAKU, 25, undefined);
    expect(gap).toBeCloseTo(0.03 * Math.log2(16));
  });

  it('orders the word list that way: rankVocab counts the family from EDICT headwords', () => {
    const filler = word('ぬ /(n) filler/(P)/');
    const fillers: VocabCandidate[] = Array.from({ length: VOCAB_COURSE_SIZES.vocab1 + VOCAB_COURSE_SIZES.vocab2 + VOCAB_COURSE_SIZES.vocab3 }, (_, i) => ({
      ...filler,
      key: `ぬ${i}|ぬ`,
      written: `ぬ${i}`,
    }));
    const headwords = ['迷惑', '出頭', ...Array.from({ length: 25 }, (_, i) => `迷惑${i}号`), '出頭命令'];
    const ranked = rankVocab({
      candidates: [SHUTTOU, ...fillers, MEIWAKU],
      kanji,
      core: [],
      allHeadwords: headwords,
      inDictionary: () => true,
      frequency: (c) => FREQUENCY.get(c.key) ?? 1,
    });
    const at = (c: VocabCandidate) => ranked.findIndex((v) => v.candidate.key === c.key);
    expect(at(MEIWAKU)).toBe(0);
    expect(at(SHUTTOU)).toBe(1);
  });
});
