import { parseEdictLine } from './edict';
import { buildCandidates, mergeReadingVariants, shortDefinition, stripOrigin, trimGloss } from './vocab-candidates';

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

describe('buildCandidates: one word per meaning', () => {
  const parse = (rows: string[]) => rows.map((t, i) => parseEdictLine(t, i + 1)!);

  it('merges the readings of one spelling (言う いう/ゆう) and keeps the cheaper one as main', () => {
    const lines = parse([
      '言う [いう] /(v5u) (1) to say/to utter/(P)/',
      '言う [ゆう] /(v5u) (1) to say/to utter/(P)/',
      '悪口 [あっこう] /(n,vs) slander/bad-mouthing/(P)/',
      '悪口 [わるくち] /(n,vs) slander/bad-mouthing/(P)/',
    ]);
    const cost = (w: string, r: string) => ({ 'いう': 10, 'ゆう': 20, 'わるくち': 5, 'あっこう': 50 })[r];
    const cands = buildCandidates(lines, { cost });
    expect(cands.map((c) => c.key).sort()).toEqual(['悪口|わるくち', '言う|いう']);
    expect(cands.find((c) => c.written === '言う')!.otherForms).toEqual([{ written: '言う', reading: 'ゆう' }]);
  });

  it('merges kana spellings a sound apart (メイン/メーン) and katakana spellings of native words (マジメ)', () => {
    const cands = buildCandidates(
      parse([
        'メイン /(adj-no) (1) main/principal/(P)/',
        'メーン /(adj-no) (1) main/principal/(P)/',
        '真面目 [まじめ] /(adj-na,n) serious/honest/sober/(P)/',
        'マジメ /(adj-na,n) serious/honest/sober/(P)/',
        'ウソ /(n,adj-no) (1) lie/fib/(P)/',
        '嘘 [うそ] /(n) (1) lie/fib/falsehood/(P)/',
      ]),
    );
    expect(cands.map((c) => c.written).sort()).toEqual(['メイン', '嘘', '真面目'].sort());
    expect(cands.find((c) => c.written === '真面目')!.otherForms).toEqual([{ written: 'マジメ', reading: 'まじめ' }]);
  });

  it('keeps spellings listed as separate apart (早い "early" and 速い "fast")', () => {
    const lines = parse(['早い [はやい] /(adj-i) fast/quick/early/(P)/', '速い [はやい] /(adj-i) fast/quick/early/(P)/']);
    expect(buildCandidates(lines)).toHaveLength(1);
    expect(buildCandidates(lines, { separate: new Set(['早い', '速い']) })).toHaveLength(2);
  });

  it('drops misspellings marked ik and derogatory-only entries, and remembers offensive senses for a note', () => {
    const cands = buildCandidates(
      parse([
        'こんにちわ /(ik) (int) (col) hello/(P)/',
        '部落 [ぶらく] /(n) (1) (sens) hamlet/(n) (2) (sens) burakumin area/(P)/',
        '野郎 [やろう] /(n) (1) guy/fellow/(n) (2) (derog) bastard/(P)/',
      ]),
    );
    expect(cands.map((c) => c.written)).toEqual(['野郎']);
    expect(cands[0].senses).toHaveLength(1);
    expect(cands[0].sensitive).toEqual([{ tag: 'derog', gloss: 'bastard' }]);
  });

  it('strips loanword origin tags from glosses', () => {
    expect(stripOrigin('bread (por: pão)')).toBe('bread');
    expect(stripOrigin('coffee (eng: coffee, dut: koffie)')).toBe('coffee');
    expect(stripOrigin('Western dog (wasei: come here)')).toBe('Western dog');
    expect(stripOrigin('there (place relatively near listener)')).toBe('there (place relatively near listener)');
  });

  it('folds a reading EDICT lists on its own into its main word (明日 あす → あした)', () => {
    const cands = buildCandidates(parse(['明日 [あした] /(n-t) tomorrow/(P)/', '明日 [あす] /(n-t) (1) tomorrow/(n-t) (2) near future/(P)/']));
    const out = mergeReadingVariants(cands, new Map([['明日|あす', 'あした']]));
    expect(out.map((c) => c.key)).toEqual(['明日|あした']);
    expect(out[0].otherForms).toContainEqual({ written: '明日', reading: 'あす' });
  });
});
