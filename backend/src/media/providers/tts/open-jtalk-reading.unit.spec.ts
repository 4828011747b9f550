import {
  checkSegmentReadings,
  foldReading,
  kanaSegments,
  parseFurigana,
  parseOpenJTalkTrace,
  readingMismatches,
  sameReading,
  stripFurigana,
  withKanaFor,
  wordReadingMismatch,
} from './open-jtalk-reading';

/**
 * The "[Text analysis result]" of real open_jtalk traces (Debian open-jtalk 1.11, naist-jdic, voice
 * nitech-jp-atr503-m001), captured with `open_jtalk -x … -m … -ow out.wav -ot trace.txt in.txt`, keyed by the
 * text fed. The one of 昨日、… keeps the start of the next section, as open_jtalk writes it.
 */
const TRACES: Record<string, string> = {
  '一日に行きます。': `[Text analysis result]
一日,名詞,副詞可能,*,*,*,*,一日,イチニチ,イチニチ,4/4,*,0
に,助詞,格助詞,一般,*,*,*,に,ニ,ニ,0/1,動詞%F5/形容詞%F1/名詞%F1,1
行き,動詞,自立,*,*,五段・カ行促音便,連用形,行く,イキ,イキ,3/2,*,0
ます,助動詞,*,*,*,特殊・マス,基本形,ます,マス,マス’,1/2,動詞%F4@1/助詞%F2@1,1
。,記号,句点,*,*,*,*,。,、,、,0/0,*,0`,
  '今日の日本': `[Text analysis result]
今日,名詞,副詞可能,*,*,*,*,今日,キョウ,キョー,1/2,C3,-1
の,助詞,連体化,*,*,*,*,の,ノ,ノ,0/1,動詞%F2@0/形容詞%F1,1
日本,名詞,固有名詞,地域,国,*,*,日本,ニッポン,ニッポン,3/4,C1,0`,
  '三匹の犬がいます。': `[Text analysis result]
三,名詞,数,*,*,*,*,三,サン,サン,2/2,C3,0
匹,名詞,接尾,助数詞,*,*,*,匹,ヒキ,ビキ,2/2,C3,1
の,助詞,連体化,*,*,*,*,の,ノ,ノ,0/1,動詞%F2@0/形容詞%F1,1
犬,名詞,一般,*,*,*,*,犬,イヌ,イヌ,2/2,C3,0
が,助詞,格助詞,一般,*,*,*,が,ガ,ガ,0/1,名詞%F1,1
い,動詞,自立,*,*,一段,連用形,いる,イ,イ,2/1,*,0
ます,助動詞,*,*,*,特殊・マス,基本形,ます,マス,マス’,1/2,動詞%F4@1/助詞%F2@1,1
。,記号,句点,*,*,*,*,。,、,、,0/0,*,0`,
  '昨日、友達と寿司を食べました。': `[Text analysis result]
昨日,名詞,副詞可能,*,*,*,*,昨日,キノウ,キノー,2/3,C2,-1
、,記号,読点,*,*,*,*,、,、,、,0/0,*,0
友達,名詞,一般,*,*,*,*,友達,トモダチ,トモダチ’,0/4,C2,0
と,助詞,並立助詞,*,*,*,*,と,ト,ト,0/1,形容詞%F1/動詞%F1,1
寿司,名詞,一般,*,*,*,*,寿司,スシ,スシ,2/2,C3,0
を,助詞,格助詞,一般,*,*,*,を,ヲ,ヲ,0/1,動詞%F5/名詞%F1,1
食べ,動詞,自立,*,*,一段,連用形,食べる,タベ,タベ,3/2,*,0
まし,助動詞,*,*,*,特殊・マス,連用形,ます,マシ,マシ’,1/2,動詞%F4@1/助詞%F2@1,1
た,助動詞,*,*,*,特殊・タ,基本形,た,タ,タ,0/1,動詞%F2@1/形容詞%F4@-2,1
。,記号,句点,*,*,*,*,。,、,、,0/0,*,0

[Output label]
0 3100000 xx^xx-sil+k=i/A:xx+xx+xx/B:xx-xx_xx/C:xx_xx+xx/D:02+xx_xx/E:xx_xx!xx_xx-xx/F:xx_xx#xx_xx@xx_xx|xx_xx/G:3_2%0_xx_xx/H:xx_xx/I:xx-xx@xx+xx&xx-xx|xx+xx/J:1_3/K:2+4-16
`,
  '一日': `[Text analysis result]
一日,名詞,副詞可能,*,*,*,*,一日,イチニチ,イチニチ,4/4,*,0`,
  '今日': `[Text analysis result]
今日,名詞,副詞可能,*,*,*,*,今日,キョウ,キョー,1/2,C3,-1`,
  '今日は。': `[Text analysis result]
今日,名詞,副詞可能,*,*,*,*,今日,キョウ,キョー,1/2,C3,-1
は,助詞,係助詞,*,*,*,*,は,ハ,ワ,0/1,名詞%F1/動詞%F2@0/形容詞%F2@0,1
。,記号,句点,*,*,*,*,。,、,、,0/0,*,0`,
  'はは': `[Text analysis result]
は,助詞,係助詞,*,*,*,*,は,ハ,ワ,0/1,名詞%F1/動詞%F2@0/形容詞%F2@0,-1
は,助詞,係助詞,*,*,*,*,は,ハ,ワ,0/1,名詞%F1/動詞%F2@0/形容詞%F2@0,1`,
  '母': `[Text analysis result]
母,名詞,一般,*,*,*,*,母,ハハ,ハハ,1/2,C3,-1`,
  '社長に、お礼を申し上げました。': `[Text analysis result]
社長,名詞,一般,*,*,*,*,社長,シャチョウ,シャチョー,0/3,C2,-1
に,助詞,格助詞,一般,*,*,*,に,ニ,ニ,0/1,動詞%F5/形容詞%F1/名詞%F1,1
、,記号,読点,*,*,*,*,、,、,、,0/0,*,0
お礼,名詞,サ変接続,*,*,*,*,お礼,オレイ,オレー,0/3,C2,0
を,助詞,格助詞,一般,*,*,*,を,ヲ,ヲ,0/1,動詞%F5/名詞%F1,1
申し上げ,動詞,自立,*,*,一段,連用形,申し上げる,モウシアゲ,モーシアゲ,6/5,*,0
まし,助動詞,*,*,*,特殊・マス,連用形,ます,マシ,マシ’,1/2,動詞%F4@1/助詞%F2@1,1
た,助動詞,*,*,*,特殊・タ,基本形,た,タ,タ,0/1,動詞%F2@1/形容詞%F4@-2,1
。,記号,句点,*,*,*,*,。,、,、,0/0,*,0`,
  '大きい通りを歩きます。': `[Text analysis result]
大きい,形容詞,自立,*,*,形容詞・イ段,基本形,大きい,オオキイ,オーキイ,3/4,*,-1
通り,名詞,一般,*,*,*,*,通り,トオリ,トーリ,3/3,C2,0
を,助詞,格助詞,一般,*,*,*,を,ヲ,ヲ,0/1,動詞%F5/名詞%F1,1
歩き,動詞,自立,*,*,五段・カ行イ音便,連用形,歩く,アルキ,アルキ,4/3,*,0
ます,助動詞,*,*,*,特殊・マス,基本形,ます,マス,マス’,1/2,動詞%F4@1/助詞%F2@1,1
。,記号,句点,*,*,*,*,。,、,、,0/0,*,0`,
  '何の本ですか。': `[Text analysis result]
何,名詞,代名詞,一般,*,*,*,何,ナニ,ナニ,1/2,C3,-1
の,助詞,連体化,*,*,*,*,の,ノ,ノ,0/1,動詞%F2@0/形容詞%F1,1
本,名詞,一般,*,*,*,*,本,ホン,ホン,1/2,C3,0
です,助動詞,*,*,*,特殊・デス,基本形,です,デス,デス’,1/2,名詞%F2@1/動詞%F1/形容詞%F2@0,1
か,助詞,副助詞／並立助詞／終助詞,*,*,*,*,か,カ,カ,0/1,名詞%F1/動詞%F2@0/形容詞%F2@0,1
。,記号,句点,*,*,*,*,。,、,、,0/0,*,0`,
  'Tシャツを買いました。': `[Text analysis result]
Ｔシャツ,名詞,一般,*,*,*,*,Ｔシャツ,ティーシャツ,ティーシャツ,0/4,C2,-1
を,助詞,格助詞,一般,*,*,*,を,ヲ,ヲ,0/1,動詞%F5/名詞%F1,1
買い,動詞,自立,*,*,五段・ワ行促音便,連用形,買う,カイ,カイ,3/2,*,0
まし,助動詞,*,*,*,特殊・マス,連用形,ます,マシ,マシ’,1/2,動詞%F4@1/助詞%F2@1,1
た,助動詞,*,*,*,特殊・タ,基本形,た,タ,タ,0/1,動詞%F2@1/形容詞%F4@-2,1
。,記号,句点,*,*,*,*,。,、,、,0/0,*,0`,
  '10時に来ます。': `[Text analysis result]
十,名詞,数,*,*,*,*,十,ジュウ,ジュー,2/2,*,0
時,名詞,接尾,助数詞,*,*,*,時,ジ,ジ,1/1,C3,1
に,助詞,格助詞,一般,*,*,*,に,ニ,ニ,0/1,動詞%F5/形容詞%F1/名詞%F1,1
来,動詞,自立,*,*,カ変・来ル,連用形,来る,キ,キ,2/1,*,0
ます,助動詞,*,*,*,特殊・マス,基本形,ます,マス,マス’,1/2,動詞%F4@1/助詞%F2@1,1
。,記号,句点,*,*,*,*,。,、,、,0/0,*,0`,
  '3匹の猫': `[Text analysis result]
三,名詞,数,*,*,*,*,三,サン,サン,2/2,C3,0
匹,名詞,接尾,助数詞,*,*,*,匹,ヒキ,ビキ,2/2,C3,1
の,助詞,連体化,*,*,*,*,の,ノ,ノ,0/1,動詞%F2@0/形容詞%F1,1
猫,名詞,一般,*,*,*,*,猫,ネコ,ネコ,1/2,C3,0`,
  'さんびきの猫': `[Text analysis result]
三,名詞,数,*,*,*,*,三,サン,サン,2/2,C3,0
びき,名詞,接尾,助数詞,*,*,*,びき,ビキ,ビキ,0/2,C3,1
の,助詞,連体化,*,*,*,*,の,ノ,ノ,0/1,動詞%F2@0/形容詞%F1,1
猫,名詞,一般,*,*,*,*,猫,ネコ,ネコ,1/2,C3,0`,
  '六百円です。': `[Text analysis result]
六,名詞,数,*,*,*,*,六,ロク,ロッ,4/2,C3,0
百,名詞,数,*,*,*,*,百,ヒャク,ピャク,2/2,C3,1
円,名詞,接尾,助数詞,*,*,*,円,エン,エン,1/2,C3,1
です,助動詞,*,*,*,特殊・デス,基本形,です,デス,デス’,1/2,名詞%F2@1/動詞%F1/形容詞%F2@0,1
。,記号,句点,*,*,*,*,。,、,、,0/0,*,0`,
  '一本の鉛筆': `[Text analysis result]
一,名詞,数,*,*,*,*,一,イチ,イッ,2/2,C3,0
本,名詞,接尾,助数詞,*,*,*,本,ホン,ポン,1/2,C3,1
の,助詞,連体化,*,*,*,*,の,ノ,ノ,0/1,動詞%F2@0/形容詞%F1,1
鉛筆,名詞,一般,*,*,*,*,鉛筆,エンピツ,エンピ’ツ,0/4,C2,0`,
  'ツイタチに行きます。': `[Text analysis result]
ツイタチ,名詞,副詞可能,*,*,*,*,ツイタチ,ツイタチ,ツイタチ,0/4,C2,-1
に,助詞,格助詞,一般,*,*,*,に,ニ,ニ,0/1,動詞%F5/形容詞%F1/名詞%F1,1
行き,動詞,自立,*,*,五段・カ行促音便,連用形,行く,イキ,イキ,3/2,*,0
ます,助動詞,*,*,*,特殊・マス,基本形,ます,マス,マス’,1/2,動詞%F4@1/助詞%F2@1,1
。,記号,句点,*,*,*,*,。,、,、,0/0,*,0`,
  'コンニチのニホン': `[Text analysis result]
コンニチ,名詞,副詞可能,*,*,*,*,コンニチ,コンニチ,コンニチ,1/4,C1,-1
の,助詞,連体化,*,*,*,*,の,ノ,ノ,0/1,動詞%F2@0/形容詞%F1,1
ニホン,名詞,固有名詞,地域,国,*,*,ニホン,ニホン,ニホン,2/3,*,0`,
  'ナンの本ですか。': `[Text analysis result]
ナン,名詞,一般,*,*,*,*,ナン,ナン,ナン,1/2,C3,-1
の,助詞,連体化,*,*,*,*,の,ノ,ノ,0/1,動詞%F2@0/形容詞%F1,1
本,名詞,一般,*,*,*,*,本,ホン,ホン,1/2,C3,0
です,助動詞,*,*,*,特殊・デス,基本形,です,デス,デス’,1/2,名詞%F2@1/動詞%F1/形容詞%F2@0,1
か,助詞,副助詞／並立助詞／終助詞,*,*,*,*,か,カ,カ,0/1,名詞%F1/動詞%F2@0/形容詞%F2@0,1
。,記号,句点,*,*,*,*,。,、,、,0/0,*,0`,
  'コンニチは。': `[Text analysis result]
コンニチ,名詞,副詞可能,*,*,*,*,コンニチ,コンニチ,コンニチ,1/4,C1,-1
は,助詞,係助詞,*,*,*,*,は,ハ,ワ,0/1,名詞%F1/動詞%F2@0/形容詞%F2@0,1
。,記号,句点,*,*,*,*,。,、,、,0/0,*,0`,
  'ハハ': `[Text analysis result]
ハハ,フィラー,*,*,*,*,*,ハハ,ハハ,ハハ,1/2,*,-1`,
  'ツイタチ': `[Text analysis result]
ツイタチ,名詞,副詞可能,*,*,*,*,ツイタチ,ツイタチ,ツイタチ,0/4,C2,-1`,
  '箱の中は空でした。': `[Text analysis result]
箱,名詞,一般,*,*,*,*,箱,ハコ,ハコ,0/2,C3,-1
の,助詞,連体化,*,*,*,*,の,ノ,ノ,0/1,動詞%F2@0/形容詞%F1,1
中,名詞,非自立,副詞可能,*,*,*,中,ナカ,ナカ,1/2,C4,0
は,助詞,係助詞,*,*,*,*,は,ハ,ワ,0/1,名詞%F1/動詞%F2@0/形容詞%F2@0,1
空,名詞,一般,*,*,*,*,空,ソラ,ソラ,1/2,C3,0
でし,助動詞,*,*,*,特殊・デス,連用形,です,デシ,デシ’,1/2,形容詞%F2@-1/動詞%F2@0/動詞%F2@0,1
た,助動詞,*,*,*,特殊・タ,基本形,た,タ,タ,0/1,動詞%F2@1/形容詞%F4@-2,1
。,記号,句点,*,*,*,*,。,、,、,0/0,*,0`,
  '箱の中はからでした。': `[Text analysis result]
箱,名詞,一般,*,*,*,*,箱,ハコ,ハコ,0/2,C3,-1
の,助詞,連体化,*,*,*,*,の,ノ,ノ,0/1,動詞%F2@0/形容詞%F1,1
中は,名詞,一般,*,*,*,*,中は,チュウハ,チューハ,1/3,C1,0
から,助詞,格助詞,一般,*,*,*,から,カラ,カラ,2/2,名詞%F1,1
でし,助動詞,*,*,*,特殊・デス,連用形,です,デシ,デシ’,1/2,形容詞%F2@-1/動詞%F2@0/動詞%F2@0,1
た,助動詞,*,*,*,特殊・タ,基本形,た,タ,タ,0/1,動詞%F2@1/形容詞%F4@-2,1
。,記号,句点,*,*,*,*,。,、,、,0/0,*,0`,
  '箱の中はカラでした。': `[Text analysis result]
箱,名詞,一般,*,*,*,*,箱,ハコ,ハコ,0/2,C3,-1
の,助詞,連体化,*,*,*,*,の,ノ,ノ,0/1,動詞%F2@0/形容詞%F1,1
中,名詞,非自立,副詞可能,*,*,*,中,ナカ,ナカ,1/2,C4,0
は,助詞,係助詞,*,*,*,*,は,ハ,ワ,0/1,名詞%F1/動詞%F2@0/形容詞%F2@0,1
カラ,名詞,一般,*,*,*,*,カラ,カラ,カラ,2/2,C3,0
でし,助動詞,*,*,*,特殊・デス,連用形,です,デシ,デシ’,1/2,形容詞%F2@-1/動詞%F2@0/動詞%F2@0,1
た,助動詞,*,*,*,特殊・タ,基本形,た,タ,タ,0/1,動詞%F2@1/形容詞%F4@-2,1
。,記号,句点,*,*,*,*,。,、,、,0/0,*,0`,
  'ではない': `[Text analysis result]
で,助動詞,*,*,*,特殊・ダ,連用形,だ,デ,デ,1/1,名詞%F1,-1
は,助詞,係助詞,*,*,*,*,は,ハ,ワ,0/1,名詞%F1/動詞%F2@0/形容詞%F2@0,1
ない,形容詞,自立,*,*,形容詞・アウオ段,基本形,ない,ナイ,ナイ,1/2,*,0`,
  'こういう': `[Text analysis result]
こういう,連体詞,*,*,*,*,*,こういう,コウイウ,コーユウ,0/4,*,-1`,
  'はえ': `[Text analysis result]
は,助詞,係助詞,*,*,*,*,は,ハ,ワ,0/1,名詞%F1/動詞%F2@0/形容詞%F2@0,-1
え,フィラー,*,*,*,*,*,え,エ,エ,1/1,C3,0`,
};

const tokensOf = (text: string) => {
  const trace = TRACES[text];
  if (!trace) throw new Error(`no captured trace for ${text}`);
  return parseOpenJTalkTrace(trace);
};

/** The check of one run: the ruby of `furigana` against Open JTalk's words for its text. */
const check = (furigana: string) => readingMismatches(stripFurigana(furigana), furigana, tokensOf(stripFurigana(furigana)));

/** The second run: the text with katakana for the mismatched runs, checked against the trace of that text. */
const secondRun = (furigana: string) => {
  const first = check(furigana);
  const text = withKanaFor(furigana, first);
  return { first, text, second: checkSegmentReadings(text, kanaSegments(parseFurigana(furigana), first), tokensOf(text)) };
};

describe('parseOpenJTalkTrace', () => {
  it('reads the text analysis lines: surface, part of speech, reading (field 9) and pronunciation (field 10)', () => {
    const tokens = tokensOf('昨日、友達と寿司を食べました。');
    expect(tokens.map((t) => t.surface)).toEqual(['昨日', '、', '友達', 'と', '寿司', 'を', '食べ', 'まし', 'た', '。']);
    expect(tokens[0]).toEqual({ surface: '昨日', pos: '名詞', reading: 'キノウ', pronunciation: 'キノー' });
    // Accent marks are not part of the pronunciation; the next section ([Output label]) is not read as words.
    expect(tokens[2]).toEqual({ surface: '友達', pos: '名詞', reading: 'トモダチ', pronunciation: 'トモダチ' });
    expect(tokens[9]).toEqual({ surface: '。', pos: '記号', reading: '、', pronunciation: '、' });
  });

  it('gives the sound-changed pronunciation next to the dictionary reading (三匹: ヒキ read, ビキ spoken)', () => {
    const [san, hiki] = tokensOf('三匹の犬がいます。');
    expect(san).toMatchObject({ surface: '三', reading: 'サン', pronunciation: 'サン' });
    expect(hiki).toMatchObject({ surface: '匹', reading: 'ヒキ', pronunciation: 'ビキ' });
  });

  it('answers no words for a trace without a text analysis', () => {
    expect(parseOpenJTalkTrace('')).toEqual([]);
    expect(parseOpenJTalkTrace('[Output label]\n0 100 xx^xx-sil+xx=xx')).toEqual([]);
  });
});

describe('comparing readings', () => {
  it('folds long vowels, ぢ/づ/を, いう/ゆう and punctuation, on both sides alike', () => {
    expect(foldReading('きょう')).toBe(foldReading('キョー'));
    expect(foldReading('せんせい')).toBe(foldReading('センセー'));
    expect(foldReading('おおきい')).toBe(foldReading('オーキイ'));
    expect(foldReading('はなぢ')).toBe(foldReading('ハナジ'));
    expect(foldReading('、キノー。')).toBe('きのー');
    expect(foldReading('こういう')).toBe(foldReading('コーユウ'));
    expect(foldReading('ぁ')).toBe('あ'); // the kana card ァ, said あ
    expect(foldReading('てぃ')).toBe('てぃ');
    expect(sameReading('キョー', 'きょう')).toBe(true);
    expect(sameReading('イチニチ', 'ついたち')).toBe(false);
    expect(sameReading('キョー', 'こんにち')).toBe(false);
  });

  it('lets a final は/へ be said わ/え (こんにちは, あるいは), not は alone', () => {
    expect(sameReading('コンニチワ', 'こんにちは')).toBe(true);
    expect(sameReading('アルイワ', 'あるいは')).toBe(true);
    // The kana は or へ alone (a kana card) is not a particle.
    expect(sameReading('ワ', 'は')).toBe(false);
    expect(sameReading('エ', 'へ')).toBe(false);
    // 母 written in kana and read as two particles: the first は must not pass for わ.
    expect(sameReading('ワワ', 'はは')).toBe(false);
    expect(sameReading('', '')).toBe(false);
  });
});

describe('readingMismatches and withKanaFor', () => {
  it('一日[ついたち]: Open JTalk says いちにち, so the second run speaks ツイタチ, and says it', () => {
    const { first, text, second } = secondRun('一日[ついたち]に行[い]きます。');
    expect(first).toEqual([{ segment: 0, text: '一日', reading: 'ついたち', span: '一日', expected: 'ついたち', heard: 'いちにち' }]);
    expect(text).toBe('ツイタチに行きます。');
    expect(second).toEqual([]);
  });

  it('今日[こんにち]の日本[にほん]: both runs read otherwise (きょう, にっぽん), both written in kana', () => {
    const { first, text, second } = secondRun('今日[こんにち]の日本[にほん]');
    expect(first.map((m) => [m.text, m.reading, m.heard])).toEqual([
      ['今日', 'こんにち', 'きょー'],
      ['日本', 'にほん', 'にっぽん'],
    ]);
    expect(text).toBe('コンニチのニホン');
    expect(second).toEqual([]);
  });

  it('何[なん]の本: なに → ナン', () => {
    const { first, text, second } = secondRun('何[なん]の本[ほん]ですか。');
    expect(first.map((m) => [m.text, m.heard])).toEqual([['何', 'なに']]);
    expect(text).toBe('ナンの本ですか。');
    expect(second).toEqual([]);
  });

  it('今日[こんにち]は (the greeting): コンニチは, said こんにちわ, agrees', () => {
    const { first, text, second } = secondRun('今日[こんにち]は。');
    expect(first.map((m) => [m.text, m.heard])).toEqual([['今日', 'きょー']]);
    expect(text).toBe('コンニチは。');
    expect(second).toEqual([]);
  });

  it('writes the kana in katakana: hiragana would run into the particle and change the neighbour (中は → ちゅうは)', () => {
    const { first, text, second } = secondRun('箱[はこ]の中[なか]は空[から]でした。');
    expect(first.map((m) => [m.text, m.heard])).toEqual([['空', 'そら']]);
    expect(text).toBe('箱の中はカラでした。');
    expect(second).toEqual([]);
    // The same substitution in hiragana: Open JTalk reads 中は as one word, ちゅうは.
    const hiragana = [{ text: '箱', reading: 'はこ' }, { text: 'の' }, { text: '中', reading: 'なか' }, { text: 'は' }, { text: 'から', reading: 'から' }, { text: 'でした。' }];
    expect(checkSegmentReadings('箱の中はからでした。', hiragana, tokensOf('箱の中はからでした。')).map((m) => [m.text, m.span, m.heard])).toEqual([['中', '中は', 'ちゅーは']]);
  });

  it('counters agree through the sound changes Open JTalk speaks (三匹 さんびき, 六百円, 一本)', () => {
    expect(check('三匹[さんびき]の犬[いぬ]がいます。')).toEqual([]);
    expect(check('六百円[ろっぴゃくえん]です。')).toEqual([]);
    expect(check('一本[いっぽん]の鉛筆[えんぴつ]')).toEqual([]);
    // Per-kanji ruby: 三 and 匹 are separate words for Open JTalk too; still compared as one stretch when needed.
    expect(check('三[さん]匹[びき]の犬[いぬ]がいます。')).toEqual([]);
    // A card that wrote the reading without the sound change is not what the clip says.
    expect(check('三匹[さんひき]の犬[いぬ]がいます。')).toEqual([{ segment: 0, text: '三匹', reading: 'さんひき', span: '三匹', expected: 'さんひき', heard: 'さんびき' }]);
  });

  it('a sentence that already agrees changes nothing (long vowels, okurigana across two ruby runs)', () => {
    for (const furigana of [
      '昨日[きのう]、友達[ともだち]と寿司[すし]を食[た]べました。',
      '社長[しゃちょう]に、お礼[れい]を申[もう]し上[あ]げました。',
      '大[おお]きい通[とお]りを歩[ある]きます。',
    ]) {
      const mismatches = check(furigana);
      expect({ furigana, mismatches }).toEqual({ furigana, mismatches: [] });
      expect(withKanaFor(furigana, mismatches)).toBe(stripFurigana(furigana));
    }
  });

  it('compares a kanji run with the whole words around it: 申し上げ against もう+し+あ+げ', () => {
    const wrong = check('社長[しゃちょう]に、お礼[れい]を申[さる]し上[あ]げました。');
    expect(wrong.map((m) => [m.segment, m.text, m.span, m.expected, m.heard])).toEqual([
      [4, '申', '申し上げ', 'さるしあげ', 'もーしあげ'],
      [6, '上', '申し上げ', 'さるしあげ', 'もーしあげ'],
    ]);
    expect(withKanaFor('社長[しゃちょう]に、お礼[れい]を申[さる]し上[あ]げました。', wrong)).toBe('社長に、お礼をサルしアげました。');
  });

  it('lines up what Open JTalk rewrites: Ｔ widened, digits as numerals, kana numerals as kanji', () => {
    expect(check('Tシャツを買[か]いました。')).toEqual([]);
    expect(check('10時[じ]に来[き]ます。')).toEqual([]);
    expect(check('3匹[びき]の猫[ねこ]')).toEqual([]);
    expect(check('3匹[ひき]の猫[ねこ]').map((m) => [m.text, m.heard])).toEqual([['匹', 'びき']]);
    // さんびき fed in kana comes back as 三 + びき: still the kana of the text.
    const segments = [{ text: 'さんびき', reading: 'さんびき' }, { text: 'の' }, { text: '猫', reading: 'ねこ' }];
    expect(checkSegmentReadings('さんびきの猫', segments, tokensOf('さんびきの猫'))).toEqual([]);
  });

  it('checks the kana of a second run too: はは alone is two particles, said わわ (ハハ is said はは)', () => {
    const segments = kanaSegments(parseFurigana('母[はは]'), [{ segment: 0 }]);
    expect(segments).toEqual([{ text: 'ハハ', reading: 'はは' }]);
    expect(checkSegmentReadings('ハハ', segments, tokensOf('ハハ'))).toEqual([]);
    const hiragana = [{ text: 'はは', reading: 'はは' }];
    expect(checkSegmentReadings('はは', hiragana, tokensOf('はは'))).toEqual([{ segment: 0, text: 'はは', reading: 'はは', span: 'はは', expected: 'はは', heard: 'わわ' }]);
  });

  it('counts a run no word of the trace lines up with as a mismatch', () => {
    // The trace of another sentence: nothing of it lines up with 今日.
    expect(readingMismatches('今日は。', '今日[きょう]は。', tokensOf('一日'))).toEqual([
      { segment: 0, text: '今日', reading: 'きょう', span: '今日', expected: 'きょう', heard: '' },
    ]);
    expect(() => readingMismatches('明日は。', '今日[きょう]は。', tokensOf('今日は。'))).toThrow('the furigana are not of this text');
  });
});

describe('wordReadingMismatch (a lone word with its reading)', () => {
  it('一日 ついたち: Open JTalk says いちにち; ツイタチ is said ついたち', () => {
    expect(wordReadingMismatch(tokensOf('一日'), 'ついたち')).toEqual({ expected: 'ついたち', heard: 'いちにち' });
    expect(wordReadingMismatch(tokensOf('一日'), 'いちにち')).toBeNull();
    expect(wordReadingMismatch(tokensOf('ツイタチ'), 'ついたち')).toBeNull();
  });

  it('今日: きょう agrees, こんにち does not', () => {
    expect(wordReadingMismatch(tokensOf('今日'), 'きょう')).toBeNull();
    expect(wordReadingMismatch(tokensOf('今日'), 'こんにち')).toEqual({ expected: 'こんにち', heard: 'きょー' });
  });

  it('takes a reading as kana spell it: ではない (said でわない), こういう (said こーゆう)', () => {
    expect(wordReadingMismatch(tokensOf('ではない'), 'ではない')).toBeNull();
    expect(wordReadingMismatch(tokensOf('こういう'), 'こういう')).toBeNull();
    // …but no word starts with a particle: はえ (a fly) said わえ is wrong.
    expect(wordReadingMismatch(tokensOf('はえ'), 'はえ')).toEqual({ expected: 'はえ', heard: 'わえ' });
  });

  it('母 はは agrees; はは in hiragana does not (わわ), ハハ does', () => {
    expect(wordReadingMismatch(tokensOf('母'), 'はは')).toBeNull();
    expect(wordReadingMismatch(tokensOf('はは'), 'はは')).toEqual({ expected: 'はは', heard: 'わわ' });
    expect(wordReadingMismatch(tokensOf('ハハ'), 'はは')).toBeNull();
  });
});
