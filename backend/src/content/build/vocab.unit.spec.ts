import { parseEdictLine } from './edict';
import type { OrderedKanji } from './kanji';
import { buildCandidates, type VocabCandidate } from './vocab-candidates';
import { coarseFamilyBonus, coarseness, type CoarseItem, rankVocab, reorderCoarseKanjiWords, VOCAB_TOTAL } from './vocab';

const word = (row: string) => buildCandidates([parseEdictLine(row, 1)!])[0];

// Two suru-nouns of the same shape (two kanji, n + vs, two senses). UniDic gives the everyday one a coarse score
// (迷惑 0.72: nothing competes with it in UniDic's model) and the specialist one a slightly better one (出頭 0.63).
const MEIWAKU = word('迷惑 [めいわく] /(n,adj-na) (1) trouble/bother/annoyance/(vs) (2) to be troubled (by)/(P)/');
const SHUTTOU = word('出頭 [しゅっとう] /(n,vs) (1) appearance/attendance/(n,vs) (2) surrender (e.g. to the police)/(P)/');
// A loanword and a native adverb whose UniDic scores are middling too.
const STRESS = word('ストレス /(n) stress/(P)/');
const SHIKKARI = word('しっかり /(adv,vs) (1) tightly/firmly/(adv,vs) (2) steadily/(P)/');
const FREQUENCY = new Map([
  [MEIWAKU.key, 0.7237],
  [SHUTTOU.key, 0.6289],
  [STRESS.key, 0.5163],
  [SHIKKARI.key, 0.5428],
]);

// All four kanji equally hard, so only frequency and family decide.
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

const fillers = (n: number): VocabCandidate[] => {
  const filler = word('ぬ /(n) filler/(P)/');
  return Array.from({ length: n }, (_, i) => ({ ...filler, key: `ぬ${i}|ぬ`, written: `ぬ${i}` }));
};
const TOTAL = VOCAB_TOTAL;

/** The word list for these four words plus fillers that rank last; `compounds` EDICT headwords contain 迷惑. */
function rank(compounds: number) {
  const ranked = rankVocab({
    candidates: [SHUTTOU, STRESS, SHIKKARI, ...fillers(TOTAL), MEIWAKU],
    kanji,
    core: [],
    allHeadwords: ['迷惑', '出頭', '出頭命令', ...Array.from({ length: compounds }, (_, i) => `迷惑${i}号`)],
    inDictionary: () => true,
    frequency: (c) => FREQUENCY.get(c.key) ?? 1,
  });
  return ranked.slice(0, 4).map((v) => v.written);
}

describe('ranking the words whose UniDic frequency is coarse', () => {
  it('puts an everyday suru-noun with a coarse frequency and a large word family before a rare kango', () => {
    // 迷惑 heads 25 EDICT headwords (迷惑メール, 迷惑をかける …), 出頭 two.
    const order = rank(25);
    expect(order.indexOf('迷惑')).toBeLessThan(order.indexOf('出頭'));
  });

  it('owes that order to the family: without it the better frequency score wins', () => {
    const order = rank(0);
    expect(order.indexOf('出頭')).toBeLessThan(order.indexOf('迷惑'));
  });

  it('swaps places among kanji words only: the loanword and the adverb keep theirs', () => {
    const without = rank(0);
    const withFamily = rank(25);
    expect(withFamily.indexOf('ストレス')).toBe(without.indexOf('ストレス'));
    expect(withFamily.indexOf('しっかり')).toBe(without.indexOf('しっかり'));
  });

});

describe('reorderCoarseKanjiWords', () => {
  const item = (key: string, score: number, frequency: number | undefined, family: number, kanjiWord = true): CoarseItem => ({ key, score, frequency, family, kanjiWord });

  it('gives the group its own scores back, ordered by score less the family bonus', () => {
    const out = reorderCoarseKanjiWords([item('rare', 0.7, 0.63, 2), item('everyday', 0.8, 0.72, 25), item('loan', 0.75, 0.52, 50, false)]);
    expect(out.get('everyday')).toBe(0.7);
    expect(out.get('rare')).toBe(0.8);
    expect(out.has('loan')).toBe(false);
  });

  it('reorders nothing without the frequency table (the first list heuristic)', () => {
    expect(reorderCoarseKanjiWords([item('a', 0.8, undefined, 25), item('b', 0.7, undefined, 0)]).size).toBe(0);
  });

  it('leaves words with a trustworthy frequency score out of the group', () => {
    const out = reorderCoarseKanjiWords([item('clear', 0.3, 0.2, 0), item('coarse', 0.9, 0.79, 60)]);
    expect(out.has('clear')).toBe(false);
    expect(out.get('coarse')).toBe(0.9);
  });

  it('fades the family in across the coarse band and caps it', () => {
    expect(coarseness(0.4)).toBe(0);
    expect(coarseness(0.6)).toBeCloseTo(0.5);
    expect(coarseness(0.8)).toBe(1);
    expect(coarseness(1)).toBe(1);
    expect(coarseFamilyBonus(0.79, 0)).toBe(0);
    expect(coarseFamilyBonus(0.79, 25)).toBeGreaterThan(coarseFamilyBonus(0.6, 25));
    expect(coarseFamilyBonus(0.79, 500)).toBe(coarseFamilyBonus(0.79, 63));
  });
});
