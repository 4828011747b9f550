import { counterProblems, counterReadings, withCounterReadings, lengthProblem, numberReadings, readingOfSpan, sentenceLengthLimit, unattestedRuby } from './sentence-checks';

describe('sentence length limits', () => {
  it('keeps beginners to short sentences and lets later courses write longer ones', () => {
    expect(sentenceLengthLimit('kana', 1)).toBe(24);
    expect(sentenceLengthLimit('vocab1', 3)).toBe(24);
    expect(sentenceLengthLimit('vocab1', 4)).toBe(28);
    expect(sentenceLengthLimit('vocab2', 9)).toBe(36);
    expect(sentenceLengthLimit('vocab3', 1)).toBe(40);
  });

  it('names the length and the limit when a sentence is too long', () => {
    expect(lengthProblem('今日は天気がいいです。', 'vocab1', 1)).toBeUndefined();
    expect(lengthProblem('あ'.repeat(25), 'vocab1', 2)).toBe('25 characters: vocab1 level 2 allows 24');
  });
});

describe('numbers and counters', () => {
  it('reads numbers written in kanji with their sound changes', () => {
    expect(numberReadings('二十五')).toEqual(['にじゅうご']);
    expect(numberReadings('三百')).toEqual(['さんびゃく']);
    expect(numberReadings('八千六百')).toEqual(['はっせんろっぴゃく']);
    expect(numberReadings('七')).toEqual(['なな', 'しち']);
    expect(numberReadings('十十')).toBeUndefined();
  });

  it('joins a counter to the number as Japanese does', () => {
    expect(counterReadings('三', '匹')).toEqual(['さんびき']);
    expect(counterReadings('一', '本')).toEqual(['いっぽん']);
    expect(counterReadings('四', '本')).toEqual(['よんほん']);
    expect(counterReadings('二十', '本')).toEqual(['にじゅっぽん', 'にじっぽん']);
    expect(counterReadings('十', '分')).toContain('じゅっぷん');
    expect(counterReadings('何', '階')).toEqual(['なんがい', 'なんかい']);
    expect(counterReadings('一', '人')).toEqual(['ひとり']);
    expect(counterReadings('十一', '人')).toEqual(['じゅういちにん']);
    expect(counterReadings('四', '時')).toEqual(['よじ']);
    expect(counterReadings('百', '本')).toBeUndefined();
    expect(counterReadings('三百', '円')).toEqual(['さんびゃくえん']);
    expect(counterReadings('八千', '円')).toEqual(['はっせんえん']);
  });

  it('finds the reading furigana gives a stretch of text, unless a ruby crosses its edges', () => {
    expect(readingOfSpan('犬[いぬ]が三[さん]匹[ひき]います。', 2, 4)).toBe('さんひき');
    expect(readingOfSpan('三日月[みかづき]が見[み]えます。', 0, 2)).toBeUndefined();
    expect(readingOfSpan('ペンが三本[さんぼん]あります。', 3, 5)).toBe('さんぼん');
  });

  it('refuses a counter read without its sound change and accepts the right one', () => {
    expect(counterProblems('犬[いぬ]が三[さん]匹[ひき]います。')).toEqual(['三匹 read さんひき; a number with 匹 is read さんびき']);
    expect(counterProblems('犬[いぬ]が三匹[さんびき]います。')).toEqual([]);
    expect(counterProblems('ビールを一杯[いっぱい]飲[の]みました。')).toEqual([]);
    expect(counterProblems('十分[じゅうぶん]です。')).toEqual([]);
    expect(counterProblems('自分[じぶん]で作[つく]りました。')).toEqual([]);
    expect(counterProblems('二十歳[はたち]になりました。')).toEqual([]);
  });

  it('leaves the target word alone: its reading is the card\'s own', () => {
    expect(counterProblems('一足[ひとあし]先[さき]に帰[かえ]ります。')).toHaveLength(1);
    expect(counterProblems('一足[ひとあし]先[さき]に帰[かえ]ります。', { start: 0, end: 2 })).toEqual([]);
  });

  it('reads the number before a counter that is the target word, and leaves the target as the card reads it', () => {
    // 円 is the card: its own ruby stays, the number is read さんびゃく.
    expect(withCounterReadings('コーヒーは三[さん]百[ひゃく]円[えん]です。', { start: 7, end: 8 })).toBe('コーヒーは三百[さんびゃく]円[えん]です。');
    expect(counterProblems('コーヒーは三[さん]百[ひゃく]円[えん]です。', { start: 7, end: 8 })).toEqual(['三百円 read さんひゃくえん; a number with 円 is read さんびゃくえん']);
    // A counter whose own sound changes (三匹 びき) cannot be fixed without reading the card's word otherwise: left alone.
    expect(withCounterReadings('魚[さかな]を三[さん]匹[ひき]', { start: 3, end: 4 })).toBe('魚[さかな]を三[さん]匹[ひき]');
  });

  it('knows the counters whose numbers geminate: 点, 週間, 種類, and 十 before さい', () => {
    expect(withCounterReadings('七[なな]十[じゅう]点[てん]でした。')).toBe('七十点[ななじゅってん]でした。');
    expect(withCounterReadings('一[いち]週間[しゅうかん]')).toBe('一週間[いっしゅうかん]');
    expect(withCounterReadings('二[に]十[じゅう]種類[しゅるい]')).toBe('二十種類[にじゅっしゅるい]');
    expect(withCounterReadings('九[きゅう]十[じゅう]歳[さい]')).toBe('九十歳[きゅうじゅっさい]');
  });

  it('reads the analyser\'s numbers and counters by the rules, and leaves right ones as they are', () => {
    expect(withCounterReadings('店[みせ]で魚[さかな]を三[さん]匹[ひき]買[か]いました。')).toBe('店[みせ]で魚[さかな]を三匹[さんびき]買[か]いました。');
    expect(withCounterReadings('一[いち]人[にん]で九[きゅう]時[じ]に')).toBe('一人[ひとり]で九時[くじ]に');
    expect(withCounterReadings('三十[さんじゅう]分[ふん]待[ま]ちました。')).toBe('三十分[さんじゅっぷん]待[ま]ちました。');
    expect(withCounterReadings('犬[いぬ]が二匹[にひき]います。')).toBe('犬[いぬ]が二匹[にひき]います。');
  });
});

describe('furigana the dictionaries agree with', () => {
  const witnesses = {
    kanjidic: (run: string, reading: string) => (run === '空' && ['そら', 'から', 'くう', 'あ', 'す'].includes(reading)) || (run === '腹' && reading === 'なか'),
    edict: (written: string, reading: string) => written === '一人' && reading === 'ひとり',
  };

  it('accepts what the analyser drafted, and other readings a dictionary gives', () => {
    expect(unattestedRuby('空[そら]が青[あお]い。', '空[そら]が青[あお]い。', witnesses)).toEqual([]);
    expect(unattestedRuby('お腹[なか]が空[す]きました。', 'お腹[なか]が空[あ]きました。', witnesses)).toEqual([]);
    expect(unattestedRuby('一人[ひとり]で', '一[いち]人[にん]で', witnesses)).toEqual([]);
  });

  it('refuses a reading no dictionary gives unless the sentence confirms it', () => {
    expect(unattestedRuby('空[むな]しい', '空[そら]しい', witnesses)).toEqual([
      '空[むな] is a reading no dictionary gives (IPADIC, KANJIDIC, EDICT); confirm it in `readings` if it is right',
    ]);
    expect(unattestedRuby('空[むな]しい', '空[そら]しい', witnesses, ['空しい'])).toEqual([]);
  });
});
