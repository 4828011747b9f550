import { breakdownMeaningProblems, breakdownReadingProblems, ORIGIN_TAG_RE } from './validate-content';

/** Small bad fixtures for the two breakdown checks: pronunciation = furigana of the span, no EDICT origin tag. */
const item = (word: string, pronunciation: string, meaning = 'x') => ({ word, pronunciation, meaning });

describe('breakdownReadingProblems', () => {
  it('accepts pronunciations that equal the furigana of their span, particles は/へ read わ/え', () => {
    const breakdown = [item('五日', 'いつか'), item('に', 'に'), item('日本', 'にほん'), item('へ', 'え'), item('行きます', 'いきます')];
    expect(breakdownReadingProblems('五日に日本へ行きます。', '五日[いつか]に日本[にほん]へ行[い]きます。', breakdown)).toEqual([]);
    const copula = [item('私', 'わたし'), item('は', 'わ'), item('学生', 'がくせい'), item('ではありません', 'でわありません')];
    expect(breakdownReadingProblems('私は学生ではありません。', '私[わたし]は学生[がくせい]ではありません。', copula)).toEqual([]);
    const katakana = [item('コーヒー', 'こーひー'), item('を', 'を'), item('ください', 'ください')];
    expect(breakdownReadingProblems('コーヒーをください。', 'コーヒーをください。', katakana)).toEqual([]);
  });

  it('reports a date or counter read against the furigana (五日 ごにち under いつか, 二人 ににん)', () => {
    const date = [item('五日', 'ごにち'), item('に', 'に')];
    expect(breakdownReadingProblems('五日に', '五日[いつか]に', date).join()).toMatch(/"五日" is pronounced "ごにち" but the furigana reads "いつか"/);
    // Split under one ruby: the two words are compared together.
    const split = [item('二', 'に'), item('人', 'にん'), item('で', 'で')];
    expect(breakdownReadingProblems('二人で', '二人[ふたり]で', split).join()).toMatch(/"二 \+ 人" is pronounced "ににん" but the furigana reads "ふたり"/);
    expect(breakdownReadingProblems('二人で', '二人[ふたり]で', [item('二', 'ふ'), item('人', 'たり'), item('で', 'で')])).toEqual([]);
  });

  it('reports kana words read otherwise, は read わ where it is no particle, and words out of order', () => {
    expect(breakdownReadingProblems('はい。', 'はい。', [item('はい', 'わい')]).join()).toMatch(/pronounced "わい"/);
    expect(breakdownReadingProblems('母は', '母[はは]は', [item('母', 'わわ'), item('は', 'わ')]).join()).toMatch(/"母" is pronounced "わわ"/);
    expect(breakdownReadingProblems('犬と猫', '犬[いぬ]と猫[ねこ]', [item('猫', 'ねこ'), item('犬', 'いぬ')]).join()).toMatch(/not in the text after/);
  });

  it('reports a word that a ruby straddles at the edge of the sentence words', () => {
    // The ruby 昔々 covers both characters, the breakdown stops after the first and never resumes.
    expect(breakdownReadingProblems('昔々', '昔々[むかしむかし]', [item('昔', 'むかし')]).join()).toMatch(/straddles/);
  });
});

describe('breakdownMeaningProblems', () => {
  it('reports EDICT language-origin tags', () => {
    expect(breakdownMeaningProblems([item('コーヒー', 'こーひー', 'coffee (eng: coffee, dut: koffie)')])).toHaveLength(1);
    expect(breakdownMeaningProblems([item('パン', 'ぱん', 'bread (por:); pastries')])).toHaveLength(1);
    expect(breakdownMeaningProblems([item('ワンピース', 'わんぴーす', 'dress (wasei: one-piece)')])).toHaveLength(1);
    expect(breakdownMeaningProblems([item('ズボン', 'ずぼん', 'trousers (fre: jupon)'), item('アルバイト', 'あるばいと', 'part-time job (ger: Arbeit)')])).toHaveLength(2);
  });

  it('accepts ordinary parentheses', () => {
    expect(breakdownMeaningProblems([item('書きます', 'かきます', 'to write (polite)'), item('医者', 'いしゃ', '(medical) doctor')])).toEqual([]);
    expect(ORIGIN_TAG_RE.test('when; if (conditional)')).toBe(false);
  });
});
