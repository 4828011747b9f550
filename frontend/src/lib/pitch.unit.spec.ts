import { describePitch, ordinal, pitchPattern, splitMorae } from './pitch';

const hl = (reading: string, downstep: number) => {
  const p = pitchPattern(splitMorae(reading).length, downstep);
  return p.high.map((h) => (h ? 'H' : 'L')).join('') + (p.particleHigh ? '+H' : '+L');
};

describe('splitMorae', () => {
  it('joins small ゃゅょ and small vowels to the kana before them', () => {
    expect(splitMorae('きょう')).toEqual(['きょ', 'う']);
    expect(splitMorae('じゅぎょう')).toEqual(['じゅ', 'ぎょ', 'う']);
    expect(splitMorae('ふぁいる')).toEqual(['ふぁ', 'い', 'る']);
    expect(splitMorae('ティー')).toEqual(['ティ', 'ー']);
  });

  it('counts っ, ん and ー as morae of their own', () => {
    expect(splitMorae('がっこう')).toEqual(['が', 'っ', 'こ', 'う']);
    expect(splitMorae('しんぶん')).toEqual(['し', 'ん', 'ぶ', 'ん']);
    expect(splitMorae('こーひー')).toEqual(['こ', 'ー', 'ひ', 'ー']);
    expect(splitMorae('きっぷ')).toHaveLength(3);
  });

  it('keeps a small kana at the start as its own mora rather than dropping it', () => {
    expect(splitMorae('ゃ')).toEqual(['ゃ']);
    expect(splitMorae('')).toEqual([]);
  });
});

describe('pitchPattern', () => {
  it('flat (heiban): low first mora, then high to the end and on the particle', () => {
    expect(hl('さくら', 0)).toBe('LHH+H');
    expect(hl('はし', 0)).toBe('LH+H'); // 端
    expect(pitchPattern(3, 0).drop).toBe(0);
  });

  it('accent on the first mora (atamadaka): high first mora, low after it', () => {
    expect(hl('はし', 1)).toBe('HL+L'); // 箸
    expect(hl('き', 1)).toBe('H+L'); // 木
    expect(pitchPattern(2, 1).drop).toBe(1);
  });

  it('accent in the middle (nakadaka): low, high up to the kernel, low after', () => {
    expect(hl('たべる', 2)).toBe('LHL+L');
    expect(hl('にちようび', 3)).toBe('LHHLL+L');
  });

  it('accent on the last mora (odaka): flat inside the word, the particle falls', () => {
    expect(hl('はし', 2)).toBe('LH+L'); // 橋
    expect(pitchPattern(2, 2).drop).toBe(2);
  });

  it('a one-mora flat word is low with the particle high', () => {
    expect(hl('ひ', 0)).toBe('L+H'); // 日
  });

  it('counts combined kana as one mora when placing the kernel', () => {
    // きょう (今日) is accented on きょ: H L.
    expect(hl('きょう', 1)).toBe('HL+L');
    // がっこう (学校) is flat: L H H H.
    expect(hl('がっこう', 0)).toBe('LHHH+H');
  });

  it('reads a kernel past the end as falling at the end, and nonsense as flat', () => {
    expect(pitchPattern(2, 5)).toEqual({ high: [false, true], drop: 2, particleHigh: false });
    expect(pitchPattern(2, -1).drop).toBe(0);
    expect(pitchPattern(0, 1)).toEqual({ high: [], drop: 0, particleHigh: true });
  });
});

describe('describePitch', () => {
  it('says where the pitch falls, or that it is flat', () => {
    expect(describePitch(0)).toBe('flat');
    expect(describePitch(1)).toBe('falls after the 1st mora');
    expect(describePitch(2)).toBe('falls after the 2nd mora');
    expect(describePitch(3)).toBe('falls after the 3rd mora');
    expect(describePitch(4)).toBe('falls after the 4th mora');
  });

  it('writes English ordinals', () => {
    expect([11, 12, 13, 21, 22, 23, 101].map(ordinal)).toEqual(['11th', '12th', '13th', '21st', '22nd', '23rd', '101st']);
  });
});
