import { CONTEXTUAL_READINGS } from './authored/contextual-readings';
import {
  contextualReadingProblems,
  counterProblems,
  counterReadings,
  fractionReadings,
  lengthProblem,
  numberReadings,
  readingOfSpan,
  sentenceLengthLimit,
  unattestedRuby,
  withCounterReadings,
} from './sentence-checks';

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

describe('days, nights and years (counters IPADIC reads apart)', () => {
  it('reads the first ten days and the twentieth as native words, and the others with にち', () => {
    expect(counterReadings('三', '日')).toEqual(['みっか']);
    expect(counterReadings('八', '日')).toEqual(['ようか']);
    expect(counterReadings('十', '日')).toEqual(['とおか']);
    expect(counterReadings('二十', '日')).toContain('はつか');
    expect(counterReadings('十四', '日')).toEqual(['じゅうよっか']);
    expect(counterReadings('十一', '日')).toEqual(['じゅういちにち']);
    expect(counterReadings('二十五', '日')).toEqual(['にじゅうごにち']);
    expect(counterReadings('何', '日')).toEqual(['なんにち']);
    expect(counterReadings('百', '日')).toEqual(['ひゃくにち']);
  });

  it('lets 一日 be いちにち "one day" or ついたち "the 1st": only the meaning tells them apart', () => {
    expect(counterProblems('一日[いちにち]に三回[さんかい]、薬[くすり]を飲[の]みます。')).toEqual([]);
    expect(counterProblems('四月一日[ついたち]は入学式[にゅうがくしき]です。')).toEqual([]);
  });

  it('refuses 三日 さんにち and 一晩 いちばん, and fixes the analyser\'s draft', () => {
    expect(counterProblems('荷物[にもつ]は三日[さんにち]で届[とど]きます。')).toEqual(['三日 read さんにち; a number with 日 is read みっか']);
    expect(withCounterReadings('荷物[にもつ]は三[さん]日[にち]で届[とど]きます。')).toBe('荷物[にもつ]は三日[みっか]で届[とど]きます。');
    expect(counterProblems('山小屋[やまごや]に一晩[いちばん]泊[と]まりました。')).toEqual(['一晩 read いちばん; a number with 晩 is read ひとばん']);
    expect(withCounterReadings('山小屋[やまごや]に一[いち]晩[ばん]泊[と]まりました。')).toBe('山小屋[やまごや]に一晩[ひとばん]泊[と]まりました。');
    expect(withCounterReadings('四[よん]年[ねん]前[まえ]')).toBe('四年[よねん]前[まえ]');
  });

  it('leaves a longer word that starts with the number alone (三日月 みかづき, 二日酔い ふつかよい)', () => {
    expect(counterProblems('きれいな三日月[みかづき]が見[み]えます。')).toEqual([]);
    expect(counterProblems('二日酔[ふつかよ]いで頭[あたま]が痛[いた]いです。')).toEqual([]);
  });

  it('still reads 一人 and 二人 as words and 十一人 with にん', () => {
    expect(counterReadings('二', '人')).toEqual(['ふたり']);
    expect(counterReadings('十二', '人')).toEqual(['じゅうににん']);
    expect(counterReadings('二十', '歳')).toContain('はたち');
  });
});

describe('fractions: number + 分 + の + number', () => {
  it('reads the denominator with ぶん (三分の二 さんぶんのに, 十分の一 じゅうぶんのいち)', () => {
    expect(fractionReadings('三')).toEqual(['さんぶん']);
    expect(fractionReadings('四')).toEqual(['よんぶん']);
    expect(fractionReadings('百')).toEqual(['ひゃくぶん']);
    expect(counterProblems('ケーキの三分[さんぶん]の二[に]を食[た]べました。')).toEqual([]);
    expect(counterProblems('四分[よんぶん]の三[さん]が賛成[さんせい]です。')).toEqual([]);
    expect(counterProblems('十分[じゅうぶん]の一[いち]に減[へ]りました。')).toEqual([]);
    // The analyser's draft (分の is one token, ぶんの) is kept as it is, not made minutes.
    expect(withCounterReadings('三[さん]分[ぶん]の二[に]')).toBe('三[さん]分[ぶん]の二[に]');
  });

  it('refuses minutes in a fraction, and keeps minutes where の does not start a number', () => {
    expect(counterProblems('三分[さんぷん]の二[に]')).toEqual(['三分 read さんぷん; a fraction (三分の…) is read さんぶん']);
    expect(counterProblems('五分[ごふん]の休憩[きゅうけい]をとりましょう。')).toEqual([]);
    expect(counterProblems('五分[ごぶん]の休憩[きゅうけい]をとりましょう。')).toEqual(['五分 read ごぶん; a number with 分 is read ごふん']);
  });
});

describe('readings the context decides (authored/contextual-readings.ts)', () => {
  const problems = (furigana: string, options?: Parameters<typeof contextualReadingProblems>[2]) => contextualReadingProblems(furigana, CONTEXTUAL_READINGS, options);
  const refuses = (furigana: string, word: string, found: string, expected: string) =>
    expect(problems(furigana)).toEqual([expect.stringMatching(new RegExp(`^${word} read ${found} in “[^”]+”; it is read ${expected} here: `, 'u'))]);

  it('gives every rule a reason and a reading to use or a request to confirm', () => {
    for (const rule of CONTEXTUAL_READINGS) {
      expect(rule.reason.length).toBeGreaterThan(10);
      expect('confirm' in rule || rule.read.length > 0).toBe(true);
    }
  });

  it('names the word, the reading found, the reading expected and where it is', () => {
    expect(problems('長[なが]い間[ま]迷[まよ]いました。')).toEqual([
      '間 read ま in “長い間迷い”; it is read あいだ here: after an adjective (長い間, 短い間) 間 "a while" is あいだ; IPADIC reads 長い間 ながいま',
    ]);
  });

  it('reads 間 あいだ after の and after an adjective, and ま in 間に合う, いつの間に, あっという間', () => {
    refuses('冬[ふゆ]の間[ま]はスキーをします。', '間', 'ま', 'あいだ');
    refuses('兄弟[きょうだい]の間[ま]で争[あらそ]いが起[お]きました。', '間', 'ま', 'あいだ');
    expect(problems('冬[ふゆ]の間[あいだ]はスキーをします。')).toEqual([]);
    expect(problems('長[なが]い間[あいだ]迷[まよ]いました。')).toEqual([]);
    expect(problems('走[はし]って、電車[でんしゃ]に間[ま]に合[あ]いました。')).toEqual([]);
    expect(problems('それは私[わたし]の間違[まちが]いです。')).toEqual([]);
    expect(problems('いつの間[ま]にか寝[ね]ていました。')).toEqual([]);
    expect(problems('休[やす]みはあっという間[ま]に終[お]わりました。')).toEqual([]);
    expect(problems('毎日[まいにち]一時間[いちじかん]歩[ある]きます。')).toEqual([]);
    expect(problems('同[おな]じ人間[にんげん]です。')).toEqual([]);
  });

  it('asks the writer which この間 is meant: このあいだ "the other day" or the written このかん', () => {
    expect(problems('この間[かん]はありがとうございました。')).toEqual([expect.stringMatching(/^間 read かん in “この間はあ”: この間 is このあいだ .*; say which in `readings`$/u)]);
    expect(problems('この間[あいだ]はありがとうございました。', { confirmed: ['間'] })).toEqual([]);
  });

  it('reads 後 あと after a past verb and after の, and leaves 後ろ, 後ほど, 後に and 三年後 alone', () => {
    refuses('失敗[しっぱい]した後[のち]は、気持[きも]ちを切[き]り替[か]えます。', '後', 'のち', 'あと');
    refuses('台風[たいふう]の後[のち]、町[まち]はひどい有[あ]り様[さま]でした。', '後', 'のち', 'あと');
    refuses('この後[のち]、会議[かいぎ]があります。', '後', 'のち', 'あと');
    expect(problems('食[た]べた後[あと]で歯[は]を磨[みが]きます。')).toEqual([]);
    expect(problems('その後[ご]、彼[かれ]に会[あ]っていません。')).toEqual([]);
    expect(problems('車[くるま]の後[うし]ろに座[すわ]ります。')).toEqual([]);
    expect(problems('では、また後[のち]ほど連絡[れんらく]します。')).toEqual([]);
    expect(problems('彼[かれ]は後[のち]に有名[ゆうめい]な画家[がか]になりました。')).toEqual([]);
    expect(problems('十年[じゅうねん]後[ご]に会[あ]いましょう。')).toEqual([]);
  });

  it('reads 時 after kana とき or どき, and leaves the hour after a number alone', () => {
    refuses('そろそろ仕事[しごと]の切[き]り上[あ]げ時[じ]です。', '時', 'じ', 'とき or どき');
    expect(problems('そろそろ仕事[しごと]の切[き]り上[あ]げ時[どき]です。')).toEqual([]);
    expect(problems('小[ちい]さい時[とき]、犬[いぬ]を飼[か]っていました。')).toEqual([]);
    expect(problems('三時[さんじ]に駅[えき]で会[あ]いましょう。')).toEqual([]);
    expect(problems('朝[あさ]の3時[じ]に起[お]きました。')).toEqual([]);
    expect(problems('ピーク時[じ]は電車[でんしゃ]が混[こ]みます。')).toEqual([]);
  });

  it('reads 中 じゅう in 一晩中 and 世界中, and ちゅう in 授業中', () => {
    refuses('彼[かれ]は一晩[ひとばん]中[ちゅう]働[はたら]きました。', '中', 'ちゅう', 'じゅう');
    refuses('日本[にほん]中[ちゅう]で人気[にんき]があります。', '中', 'ちゅう', 'じゅう');
    expect(problems('彼[かれ]は一晩[ひとばん]中[じゅう]働[はたら]きました。')).toEqual([]);
    expect(problems('今日[きょう]は一日中[いちにちじゅう]雨[あめ]でした。')).toEqual([]);
    expect(problems('授業[じゅぎょう]中[ちゅう]に寝[ね]てしまいました。')).toEqual([]);
  });

  it('refuses 夜中 やちゅう, 角 かく and 米 べい on their own, and leaves their compounds alone', () => {
    refuses('夜中[やちゅう]に目[め]が覚[さ]めました。', '夜中', 'やちゅう', 'よなか');
    refuses('二[ふた]つ目[め]の角[かく]を右[みぎ]に曲[ま]がってください。', '角', 'かく', 'かど or つの');
    refuses('今年[ことし]は米[べい]の作付[さくづ]けが増[ふ]えました。', '米', 'べい', 'こめ');
    expect(problems('夜中[よなか]に目[め]が覚[さ]めました。')).toEqual([]);
    expect(problems('真[ま]夜中[よなか]に電話[でんわ]が鳴[な]りました。')).toEqual([]);
    expect(problems('三角[さんかく]の形[かたち]をしています。')).toEqual([]);
    expect(problems('角[かく]度[ど]を測[はか]ります。')).toEqual([]);
    expect(problems('米[べい]大統領[だいとうりょう]が来日[らいにち]しました。')).toEqual([]);
  });

  it('refuses 入り口 いりくち: the word is いりぐち (four committed sentences had it)', () => {
    refuses('警察官[けいさつかん]が入[い]り口[くち]を見張[みは]っています。', '入り口', 'いりくち', 'いりぐち');
    expect(problems('警察官[けいさつかん]が入[い]り口[ぐち]を見張[みは]っています。')).toEqual([]);
  });

  it('reads 降 ふ when rain, snow or ash falls, and leaves おりる for frost, vehicles and stairs (two committed sentences had 降[お])', () => {
    refuses('山[やま]が噴火[ふんか]して、町[まち]に灰[はい]が降[お]りました。', '降', 'お', 'ふ');
    refuses('冬[ふゆ]の初[はじ]めに冷[つめ]たい時雨[しぐれ]が降[お]りました。', '降', 'お', 'ふ');
    expect(problems('町[まち]に灰[はい]が降[ふ]りました。')).toEqual([]);
    expect(problems('庭[にわ]に霜[しも]が降[お]りていました。')).toEqual([]);
    expect(problems('父[ちち]は車[くるま]から降[お]りました。')).toEqual([]);
    expect(problems('一[ひと]つ手前[てまえ]の駅[えき]で電車[でんしゃ]を降[お]りました。')).toEqual([]);
  });

  it('reads 何 なん before です, でも and の, and leaves なに before か, を and が', () => {
    refuses('この野菜[やさい]は何[なに]ですか。', '何', 'なに', 'なん');
    refuses('気兼[きが]ねしないで、何[なに]でも言[い]ってください。', '何', 'なに', 'なん');
    refuses('それは何[なに]の本[ほん]ですか。', '何', 'なに', 'なん');
    expect(problems('この野菜[やさい]は何[なん]ですか。')).toEqual([]);
    expect(problems('何[なに]か飲[の]みますか。')).toEqual([]);
    expect(problems('昼[ひる]は何[なに]を食[た]べましたか。')).toEqual([]);
  });

  it('makes the writer say whether 辛い is からい or つらい, whichever the furigana gives', () => {
    expect(problems('このカレーは辛[つら]いです。')).toEqual([expect.stringMatching(/^辛 read つら in “レーは辛いで”: 辛い is からい "spicy" or つらい "hard" .*say which in `readings`$/u)]);
    expect(problems('このカレーは辛[から]いです。')).toHaveLength(1);
    expect(problems('このカレーは辛[から]いです。', { confirmed: ['辛い'] })).toEqual([]);
    expect(problems('別[わか]れは辛[つら]かったです。', { confirmed: 'all' })).toEqual([]);
    expect(problems('もう少[すこ]し辛抱[しんぼう]してください。')).toEqual([]);
  });

  it('leaves the target word alone: its reading is the card\'s own', () => {
    expect(problems('長[なが]い間[ま]迷[まよ]いました。', { skip: { start: 2, end: 3 } })).toEqual([]);
  });
});
