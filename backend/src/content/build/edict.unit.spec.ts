import { parseEdictLine } from './edict';
import { buildCandidates, shortDefinition, trimGloss } from './vocab-candidates';

describe('parseEdictLine', () => {
  it('reads headword, reading, senses with parts of speech, and the common mark', () => {
    const l = parseEdictLine('食べる [たべる] /(v1,vt) (1) to eat/(v1,vt) (2) to live on (e.g. a salary)/to live off/(P)/')!;
    expect(l.headword).toBe('食べる');
    expect(l.reading).toBe('たべる');
    expect(l.common).toBe(true);
    expect(l.senses).toHaveLength(2);
    expect(l.senses[0]).toMatchObject({ pos: ['v1', 'vt'], glosses: ['to eat'] });
    expect(l.senses[1].glosses).toEqual(['to live on (e.g. a salary)', 'to live off']);
  });

  it('keeps explanatory parentheses that are not tags, and separates headword tags', () => {
    const l = parseEdictLine('喰べる [たべる] /(iK) (v1,vt) (1) to eat/(n) (2) (someone\'s) thing/')!;
    expect(l.headTags).toEqual(['iK']);
    expect(l.senses[1].glosses).toEqual(["(someone's) thing"]);
    expect(l.common).toBe(false);
  });

  it('reads kana-only lines and misc tags', () => {
    const l = parseEdictLine('あかん /(exp) (ksb:) no good/(P)/')!;
    expect(l.reading).toBe('あかん');
    expect(l.senses[0].dialects).toEqual(['ksb:']);
    const u = parseEdictLine('有難う [ありがとう] /(int) (uk) (abbr) thank you/thanks/(P)/')!;
    expect(u.senses[0].misc).toEqual(['uk', 'abbr']);
  });
});

describe('buildCandidates', () => {
  const lines = [
    '有難う [ありがとう] /(int) (uk) thank you/thanks/(P)/',
    '有り難う [ありがとう] /(int) (uk) thank you/thanks/(P)/',
    '聴く [きく] /(v5k,vt) to hear/to listen/(P)/',
    '聞く [きく] /(v5k,vt) to hear/to listen/(P)/',
    '鯣 [するめ] /(n) (sl) thing that grows on one/(P)/',
    'は /(prt) topic marker particle/(P)/',
    '在る [ある] /(v5r-i,vi) (1) (uk) to be/to exist/(v5r-i,vi) (2) (uk) to have/(P)/',
    '或る [ある] /(adj-pn) (uk) a certain .../(P)/',
  ].map((t, i) => parseEdictLine(t, i + 1)!);
  const rank: Record<string, number> = { 聞: 100, 聴: 1500, 有: 300, 在: 400, 或: Infinity, 難: 1800 };
  const cands = buildCandidates(lines, (ch) => rank[ch] ?? 1000);

  it('merges spelling variants and shows usually-kana words in kana', () => {
    const thanks = cands.filter((c) => c.reading === 'ありがとう');
    expect(thanks).toHaveLength(1);
    expect(thanks[0].written).toBe('ありがとう');
    expect(thanks[0].variants.sort()).toEqual(['有り難う', '有難う'].sort());
  });

  it('prefers the spelling with the easier kanji', () => {
    expect(cands.find((c) => c.reading === 'きく')!.written).toBe('聞く');
  });

  it('drops slang-only and particle-only entries', () => {
    expect(cands.find((c) => c.reading === 'するめ')).toBeUndefined();
    expect(cands.find((c) => c.reading === 'は')).toBeUndefined();
  });

  it('keeps two words that would both be written ある: the richer one in kana, the other in kanji', () => {
    const aru = cands.filter((c) => c.reading === 'ある').map((c) => c.written).sort();
    expect(aru).toEqual(['ある', '或る'].sort());
  });

  it('writes short definitions without encyclopaedic notes', () => {
    expect(shortDefinition(cands.find((c) => c.reading === 'きく')!)).toBe('to hear; to listen');
    expect(trimGloss('dog (Canis (lupus) familiaris)')).toBe('dog');
    expect(trimGloss('water (esp. cool, fresh water)')).toBe('water');
    expect(trimGloss('there (place relatively near listener)')).toBe('there (place relatively near listener)');
  });
});
