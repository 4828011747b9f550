// The contract's romaji → kana (contract/romaji.ts, shared with the answer box) against wanakana's toKana, which
// both sides used before it: the same kana for every input of a table of thousands — every string of up to three
// letters from the romaji alphabet, the spellings learners type, and random strings with case, punctuation and kana.
import * as wanakana from 'wanakana';
import { toKana } from '#contract/romaji';
import { romajiToKana } from './kana';

const LETTERS = [...'abcdefghijklmnopqrstuvwxyz', "'", '-'];

function allStrings(alphabet: string[], maxLength: number): string[] {
  let level = [''];
  const out: string[] = [];
  for (let n = 1; n <= maxLength; n++) {
    level = level.flatMap((s) => alphabet.map((c) => s + c));
    out.push(...level);
  }
  return out;
}

/** A small seeded generator (mulberry32): the same random table on every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'konnichiha', 'konnichiwa', 'gakkou', 'matcha', 'kitte', 'zasshi', 'shinbun', 'shimbun', "kin'en", 'kinen', 'hon\'ya',
  'tsukue', 'chotto', 'jisho', 'jyuusho', 'ryokou', 'kyou', 'byouin', 'depa-to', 'KO-HI-', 'TAKUSHI-', 'onaji BUTTSUUJI',
  'ONAJI buttsuuji', 'fairu', 'wikipedia', 'vaiorin', 'thi', 'dhi', 'twu', 'kwa', 'xtu', 'ltsu', 'xya', 'lka', 'xn',
  'nn', 'nnn', 'n', "n'", 'tcha', 'ccha', 'wwa', 'yya', 'jja', 'qqa', 'ffu', 'vvu', 'hhi', 'sokode.', 'sou?', 'ii!',
  'a,b', '(kakko)', '[ka]', '{ka}', '~', '/', ':', '“ka”', '‘ka’', 'がっこう', 'gaっkou', '学校gakkou', 'Kanji', 'KaNa',
  'ŞİR', 'straße', '', ' ', 'k a', 'SHI', 'ShI', 'CHI', 'TSU', 'N', 'NN', "N'", 'KYA', 'kyA',
];

describe('contract romaji → kana is wanakana toKana', () => {
  it('for every string of up to three romaji letters', () => {
    const differing = allStrings(LETTERS, 3).filter((s) => toKana(s) !== wanakana.toKana(s));
    expect(differing).toEqual([]);
  });

  it('for the spellings learners type, in either case', () => {
    const inputs = WORDS.flatMap((w) => [w, w.toUpperCase()]);
    expect(inputs.map((s) => [s, toKana(s)])).toEqual(inputs.map((s) => [s, wanakana.toKana(s)]));
  });

  it('for 20,000 random strings of letters (both cases), punctuation, digits, spaces and kana', () => {
    const next = random(31);
    const pool = [...'aiueokstnhmyrwgzdbpvfjcqlx', ...'AIUEOKSTNHMYRWGZDBPVFJCQLX', ...".,:/!?~-‘’“”[](){}'", ...' 0123あかっん学ー'];
    const differing: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const length = 1 + Math.floor(next() * 12);
      const s = Array.from({ length }, () => pool[Math.floor(next() * pool.length)]).join('');
      if (toKana(s) !== wanakana.toKana(s)) differing.push(s);
    }
    expect(differing).toEqual([]);
  });

  it('romajiToKana adds the typed-answer rules before it: nn, tch', () => {
    expect(romajiToKana('konnichiha')).toBe('こんにちは');
    expect(romajiToKana('sannnin')).toBe('さんにん');
    expect(romajiToKana('hon')).toBe('ほん');
    expect(romajiToKana('matcha')).toBe('まっちゃ');
    expect(romajiToKana('MATCHA')).toBe('マッチャ');
    expect(romajiToKana('HON')).toBe('ホン');
  });
});
