import type { KanjiReading } from './alignment';
import { TO_GLOSSES } from './authored/particles';
import { draftBreakdown, type DictionaryLookup, findTarget, kanjiNumber, numberGloss, parseFurigana, particleSense, stripFurigana, stripOriginTags, tokenRuby } from './sentences';
import type { KuromojiToken } from './tokenizer';

const READINGS: Record<string, KanjiReading[]> = {
  勉: [{ kind: 'on', reading: 'ベン' }],
  強: [{ kind: 'on', reading: 'キョウ' }],
  食: [{ kind: 'kun', reading: 'た.べる' }],
  茶: [{ kind: 'on', reading: 'チャ' }],
};
const lookup = (k: string): KanjiReading[] | undefined => READINGS[k];

describe('furigana helpers', () => {
  it('places ruby per kanji run, with okurigana outside', () => {
    expect(tokenRuby('勉強', 'ベンキョウ', lookup)).toBe('勉強[べんきょう]');
    expect(tokenRuby('食べ', 'タベ', lookup)).toBe('食[た]べ');
    expect(tokenRuby('お茶', 'オチャ', lookup)).toBe('お茶[ちゃ]');
    expect(tokenRuby('お土産', 'オミヤゲ', lookup)).toBe('お土産[みやげ]');
  });

  it('parses and strips ruby', () => {
    expect(parseFurigana('日本[にほん]語[ご]を')).toEqual([{ text: '日本', reading: 'にほん' }, { text: '語', reading: 'ご' }, { text: 'を' }]);
    expect(stripFurigana('日本[にほん]語[ご]を勉強[べんきょう]します。')).toBe('日本語を勉強します。');
  });
});

describe('findTarget', () => {
  it('finds the word, its stem, or its kana', () => {
    expect(findTarget('朝ご飯を食べました。', '食べる', 'たべる')).toEqual({ target: '食べ', start: 4 });
    expect(findTarget('すしがたべたい', '食べる', 'たべる')).toBeNull();
    expect(findTarget('すしをたべる', '食べる', 'たべる')).toEqual({ target: 'たべる', start: 3 });
    expect(findTarget('机の上に本があります。', 'ある', 'ある')).toBeNull();
    expect(findTarget('机の上に本があります。', 'ある', 'ある', 'あります')).toEqual({ target: 'あります', start: 6 });
  });
});

/**
 * Breakdown fixtures: tokens as kuromoji (IPADIC) gives them for these sentences, written out so the tests pin the
 * generator's rules without loading the dictionary. tok(surface, "pos,detail1,detail2", reading, basic, conjugated form).
 */
function tok(surface: string, pos: string, reading = '', basic = surface, conj = '*'): KuromojiToken {
  const [p, d1 = '*', d2 = '*', d3 = '*'] = pos.split(',');
  return {
    word_id: 0,
    word_type: 'KNOWN',
    word_position: 0,
    surface_form: surface,
    pos: p,
    pos_detail_1: d1,
    pos_detail_2: d2,
    pos_detail_3: d3,
    conjugated_type: '*',
    conjugated_form: conj,
    basic_form: basic,
    reading: reading || undefined,
  };
}
const WA = tok('は', '助詞,係助詞', 'ハ');
const NI = tok('に', '助詞,格助詞,一般', 'ニ');
const GA = tok('が', '助詞,格助詞,一般', 'ガ');
const WO = tok('を', '助詞,格助詞,一般', 'ヲ');
const TO = tok('と', '助詞,格助詞,引用', 'ト');
const TE = tok('て', '助詞,接続助詞', 'テ');
const MASU = tok('ます', '助動詞', 'マス', 'ます', '基本形');
const MASHI = tok('まし', '助動詞', 'マシ', 'ます', '連用形');
const TA = tok('た', '助動詞', 'タ', 'た', '基本形');
const DESU = tok('です', '助動詞', 'デス', 'です', '基本形');
const COMMA = tok('、', '記号,読点', '、');

const DICT: Record<string, string> = {
  春: 'spring',
  なる: 'to become',
  桜: 'cherry blossom',
  咲く: 'to bloom',
  晴れる: 'to be sunny',
  思う: 'to think',
  友達: 'friend',
  映画: 'movie',
  見る: 'to see',
  遊ぶ: 'to play',
  後: 'after',
  行く: 'to go',
  つける: 'to attach',
  気: 'spirit',
  お腹: 'belly',
  空く: 'to be empty',
  一日中: 'all day long',
  今日: 'today',
  パン: 'bread (por:); pastries',
  起きる: 'to get up',
  早く: 'early',
  休み: 'day off',
  最下: 'the lowest',
  長い: 'long',
  長さ: 'length',
  優しい: 'kind; gentle',
  森: 'forest',
  中: 'inside',
  家: 'house',
  小屋: 'hut',
  先生: 'teacher',
};
const dictionary: DictionaryLookup = { meaning: (basic, reading) => (basic === '位' ? (reading === 'い' ? 'rank; place' : 'throne') : DICT[basic]) };
const draft = (tokens: KuromojiToken[], target: string, meaning: string, furigana?: string, offset = 0) => {
  const text = tokens.map((t) => t.surface_form).join('');
  const start = text.indexOf(target, offset);
  return draftBreakdown({ tokens, dictionary, furigana, target: { start, end: start + target.length, meaning } });
};
const item = (items: ReturnType<typeof draftBreakdown>, word: string) => items.find((i) => i.word === word);

describe('draftBreakdown: と', () => {
  it('glosses と after a plain verb before a clause as conditional (春になると、桜が咲きます)', () => {
    const tokens = [tok('春', '名詞,一般', 'ハル'), NI, tok('なる', '動詞,自立', 'ナル', 'なる', '基本形'), TO, COMMA, tok('桜', '名詞,一般', 'サクラ'), GA, tok('咲き', '動詞,自立', 'サキ', '咲く', '連用形'), MASU];
    expect(item(draft(tokens, '桜', 'cherry blossom', '春[はる]になると、桜[さくら]が咲[さ]きます'), 'と')!.meaning).toBe(TO_GLOSSES.conditional);
  });

  it('glosses と before 思う/言う, or after a quote, as quoting', () => {
    const think = [tok('晴れる', '動詞,自立', 'ハレル', '晴れる', '基本形'), TO, tok('思い', '動詞,自立', 'オモイ', '思う', '連用形'), MASU];
    expect(item(draft(think, '思い', 'to think'), 'と')!.meaning).toBe(TO_GLOSSES.quoting);
    const what = [tok('何', '名詞,代名詞,一般', 'ナン'), TO, tok('言い', '動詞,自立', 'イイ', '言う', '連用形'), MASU];
    expect(item(draft(what, '何', 'what'), 'と')!.meaning).toBe(TO_GLOSSES.quoting);
    const quote = [tok('「', '記号,括弧開'), tok('はい', '感動詞', 'ハイ'), tok('」', '記号,括弧閉'), TO, tok('歌い', '動詞,自立', 'ウタイ', '歌う', '連用形'), MASU];
    expect(item(draft(quote, 'はい', 'yes'), 'と')!.meaning).toBe(TO_GLOSSES.quoting);
  });

  it('glosses と after a noun as "and; with" (友達と映画を見ました)', () => {
    const tokens = [tok('友達', '名詞,一般', 'トモダチ'), TO, tok('映画', '名詞,一般', 'エイガ'), WO, tok('見', '動詞,自立', 'ミ', '見る', '連用形'), MASHI, TA];
    expect(item(draft(tokens, '映画', 'movie'), 'と')!.meaning).toBe(TO_GLOSSES.noun);
  });
});

describe('draftBreakdown: verb forms', () => {
  it('keeps the voiced past だ with its verb and calls it past (遊んだ後は)', () => {
    const tokens = [tok('遊ん', '動詞,自立', 'アソン', '遊ぶ', '連用タ接続'), tok('だ', '助動詞', 'ダ', 'だ', '基本形'), tok('後', '名詞,非自立,副詞可能', 'アト'), WA];
    const items = draft(tokens, '後', 'after');
    expect(items[0]).toEqual({ word: '遊んだ', pronunciation: 'あそんだ', meaning: 'to play (past)' });
  });

  it('reads たら as a condition, not the past (行ったら)', () => {
    const tokens = [tok('行っ', '動詞,自立', 'イッ', '行く', '連用タ接続'), tok('たら', '助動詞', 'タラ', 'た', '仮定形'), tok('春', '名詞,一般', 'ハル')];
    expect(draft(tokens, '春', 'spring')[0].meaning).toBe('to go (if; when)');
  });

  it('describes ～てください as "please" and a bare te-form as te-form', () => {
    const please = [tok('起き', '動詞,自立', 'オキ', '起きる', '連用形'), TE, tok('ください', '動詞,非自立', 'クダサイ', 'くださる', '命令ｉ')];
    expect(draft(please, '起き', 'to get up')[0]).toMatchObject({ word: '起きてください', meaning: 'to get up (please)' });
    const te = [tok('起き', '動詞,自立', 'オキ', '起きる', '連用形'), TE, tok('春', '名詞,一般', 'ハル')];
    expect(draft(te, '春', 'spring')[0].meaning).toBe('to get up (te-form: and …)');
  });

  it('takes ～なければなりません as one ending: must, polite', () => {
    const tokens = [
      tok('早く', '形容詞,自立', 'ハヤク', '早い', '連用テ接続'),
      tok('起き', '動詞,自立', 'オキ', '起きる', '未然形'),
      tok('なけれ', '助動詞', 'ナケレ', 'ない', '仮定形'),
      tok('ば', '助詞,接続助詞', 'バ'),
      tok('なり', '動詞,非自立', 'ナリ', 'なる', '連用形'),
      tok('ませ', '助動詞', 'マセ', 'ます', '未然形'),
      tok('ん', '助動詞', 'ン', 'ん', '基本形'),
    ];
    const items = draft(tokens, '早く', 'early');
    expect(items[1]).toMatchObject({ word: '起きなければなりません', meaning: 'to get up (must, polite)' });
  });
});

describe('draftBreakdown: set phrases', () => {
  it('makes 気をつけてください one word with one meaning', () => {
    const tokens = [tok('気', '名詞,一般', 'キ'), WO, tok('つけ', '動詞,自立', 'ツケ', 'つける', '連用形'), TE, tok('ください', '動詞,非自立', 'クダサイ', 'くださる', '命令ｉ'), tok('。', '記号,句点')];
    const items = draft(tokens, '。', '(full stop)', '気[き]をつけてください。');
    expect(items[0]).toEqual({ word: '気をつけてください', pronunciation: 'きをつけてください', meaning: 'to be careful; to watch out (please)' });
  });

  it('keeps a target inside a phrase flagged, with its own meaning after the phrase (お腹が空きました)', () => {
    const tokens = [tok('お腹', '名詞,一般', 'オナカ'), GA, tok('空き', '動詞,自立', 'アキ', '空く', '連用形'), MASHI, TA];
    const items = draft(tokens, '空', 'to be empty', 'お腹[なか]が空[す]きました');
    expect(items).toEqual([{ word: 'お腹が空きました', pronunciation: 'おなかがすきました', meaning: 'to get hungry (polite, past) — 空く: to be empty', vocab: true }]);
  });
});

describe('draftBreakdown: numbers, counters and dates', () => {
  it('reads a date from the furigana and glosses the day of the month (五日 いつか, not ごにち)', () => {
    const tokens = [tok('五', '名詞,数', 'ゴ'), tok('日', '名詞,接尾,助数詞', 'ニチ'), NI, tok('起き', '動詞,自立', 'オキ', '起きる', '連用形'), MASU];
    const items = draft(tokens, '起き', 'to get up', '五日[いつか]に起[お]きます');
    expect(items[0]).toEqual({ word: '五日', pronunciation: 'いつか', meaning: 'the fifth (day of the month); five days' });
    // As the target it keeps the vocab flag and gets the same gloss, whatever the card's definition says.
    expect(draft(tokens, '五日', 'fifth day', '五日[いつか]に起[お]きます')[0]).toEqual({ word: '五日', pronunciation: 'いつか', meaning: 'the fifth (day of the month); five days', vocab: true });
  });

  it('tells 一日 ついたち from 一日 いちにち, and reads 二人 ふたり', () => {
    const one = [tok('一', '名詞,数', 'イチ'), tok('日', '名詞,接尾,助数詞', 'ニチ'), WA, tok('休み', '名詞,一般', 'ヤスミ')];
    expect(draft(one, '休み', 'day off', '一日[ついたち]は休[やす]み')[0]).toMatchObject({ pronunciation: 'ついたち', meaning: 'the first (day of the month)' });
    expect(draft(one, '休み', 'day off', '一日[いちにち]は休[やす]み')[0]).toMatchObject({ pronunciation: 'いちにち', meaning: 'one day; a day' });
    const two = [tok('二', '名詞,数', 'ニ'), tok('人', '名詞,接尾,助数詞', 'ニン'), tok('で', '助詞,格助詞,一般', 'デ'), tok('休み', '名詞,一般', 'ヤスミ')];
    expect(draft(two, '休み', 'day off', '二人[ふたり]で休[やす]み')[0]).toEqual({ word: '二人', pronunciation: 'ふたり', meaning: 'two people' });
  });

  it('merges words one ruby covers (一日中[いちにちじゅう]) and takes that reading', () => {
    const tokens = [tok('今日', '名詞,副詞可能', 'キョウ'), WA, tok('一', '名詞,数', 'イチ'), tok('日中', '名詞,副詞可能', 'ニッチュウ'), DESU];
    const items = draft(tokens, '今日', 'today', '今日[きょう]は一日中[いちにちじゅう]です');
    expect(items[2]).toEqual({ word: '一日中', pronunciation: 'いちにちじゅう', meaning: 'all day long' });
  });

  it('values and glosses numbers', () => {
    expect(kanjiNumber('二十五')).toBe(25);
    expect(kanjiNumber('三百')).toBe(300);
    expect(kanjiNumber('二〇二四')).toBe(2024);
    expect(kanjiNumber('何')).toBeUndefined();
    expect(numberGloss('三', '時', undefined, 'さんじ')).toBe("three o'clock");
    expect(numberGloss('三百', '円', undefined, 'さんびゃくえん')).toBe('300 yen');
    expect(numberGloss('二十五', '日', undefined, 'にじゅうごにち')).toBe('the 25th (day of the month); 25 days');
    expect(numberGloss('何', '人', undefined, 'なんにん')).toBe('how many people');
    expect(numberGloss('二', '時', 'ごろ', 'にじごろ')).toBe("around two o'clock");
  });
});

describe('draftBreakdown: meanings', () => {
  it('drops EDICT origin tags', () => {
    expect(stripOriginTags('coffee (eng: coffee, dut: koffie)')).toBe('coffee');
    expect(stripOriginTags('bread (por:); pastries')).toBe('bread; pastries');
    expect(stripOriginTags('dress (wasei: one-piece)')).toBe('dress');
    const items = draft([tok('パン', '名詞,一般', 'パン'), WO, tok('見', '動詞,自立', 'ミ', '見る', '連用形'), MASU], '見', 'to see');
    expect(items[0].meaning).toBe('bread; pastries');
  });

  it('takes the pronunciation from the furigana, not from kuromoji (位 い in 最下位)', () => {
    const tokens = [tok('最下', '名詞,一般', 'サイカ'), tok('位', '名詞,一般', 'クライ'), DESU];
    const items = draft(tokens, '最下', 'the lowest', '最下[さいか]位[い]です');
    expect(items[1]).toEqual({ word: '位', pronunciation: 'い', meaning: 'rank; place' });
  });
});

describe('draftBreakdown: words kuromoji splits or misnames (issue 17 checks)', () => {
  it('keeps an adjective stem + さ together as the noun: 長さ "length", 優しさ from 優しい', () => {
    const SA = tok('さ', '名詞,接尾,特殊', 'サ');
    const nagasa = draft([tok('長', '形容詞,自立', 'ナガ', '長い', 'ガル接続'), SA, WO, tok('測り', '動詞,自立', 'ハカリ', '測る', '連用形'), MASHI, TA], '測り', 'to measure');
    expect(nagasa[0]).toMatchObject({ word: '長さ', meaning: 'length' });
    const yasashisa = draft([tok('優し', '形容詞,自立', 'ヤサシ', '優しい', 'ガル接続'), SA, GA, tok('好き', '名詞,形容動詞語幹', 'スキ'), DESU], '好き', 'liked');
    expect(yasashisa[0]).toMatchObject({ word: '優しさ', meaning: 'kind; gentle (+ さ: “-ness”, the noun of 優しい)' });
  });

  it('refuses a common noun kuromoji reads as a family name (森の中), unless the author gives its meaning; a titled name is a name', () => {
    const mori = [tok('森', '名詞,固有名詞,人名,姓', 'モリ'), tok('の', '助詞,連体化', 'ノ'), tok('中', '名詞,非自立', 'ナカ'), NI, tok('小屋', '名詞,一般', 'コヤ'), GA, tok('あり', '動詞,自立', 'アリ', 'ある', '連用形'), MASU];
    expect(() => draft(mori, '小屋', 'hut')).toThrow(/reads 森 as a name/);
    const text = mori.map((t) => t.surface_form).join('');
    const start = text.indexOf('小屋');
    const items = draftBreakdown({ tokens: mori, dictionary, meanings: { 森: 'forest; woods' }, target: { start, end: start + 2, meaning: 'hut' } });
    expect(items[0]).toMatchObject({ word: '森', meaning: 'forest; woods' });
    const sensei = draft([tok('森', '名詞,固有名詞,人名,姓', 'モリ'), tok('先生', '名詞,一般', 'センセイ'), WA, tok('家', '名詞,一般', 'イエ'), DESU], '家', 'house');
    expect(sensei[0]).toMatchObject({ word: '森', meaning: '(family name)' });
  });
});

describe('draftBreakdown: the sense a particle has in its sentence (issue 29)', () => {
  const MASU_END = tok('ます', '助動詞', 'マス');
  it('tells が the subject marker from が "but" joining two clauses', () => {
    const tokens = [tok('雨', '名詞,一般', 'アメ'), GA, tok('降り', '動詞,自立', 'フリ', '降る', '連用形'), MASU_END, tok('が', '助詞,接続助詞', 'ガ'), tok('行き', '動詞,自立', 'イキ', '行く', '連用形'), MASU_END];
    const items = draft(tokens, '雨', 'rain');
    expect(items.filter((i) => i.word === 'が').map((i) => i.meaning)).toEqual(['subject marker', 'but; and (joins two clauses)']);
  });

  it('tells から "from" from から "because"', () => {
    const from = [tok('駅', '名詞,一般', 'エキ'), tok('から', '助詞,格助詞,一般', 'カラ'), tok('歩き', '動詞,自立', 'アルキ', '歩く', '連用形'), MASU_END];
    expect(item(draft(from, '駅', 'station'), 'から')!.meaning).toBe('from');
    const because = [tok('寒い', '形容詞,自立', 'サムイ'), tok('から', '助詞,接続助詞', 'カラ'), tok('着', '動詞,自立', 'キ', '着る', '連用形'), MASU_END];
    expect(item(draft(because, '寒い', 'cold'), 'から')!.meaning).toBe('because; so');
  });

  it('tells the な of a na-adjective from the prohibition and from な before の', () => {
    const adjective = [tok('静か', '名詞,形容動詞語幹', 'シズカ'), tok('な', '助動詞', 'ナ', 'だ'), tok('家', '名詞,一般', 'イエ')];
    expect(item(draft(adjective, '静か', 'quiet'), 'な')!.meaning).toBe('(links a na-adjective to a noun)');
    const dont = [tok('入る', '動詞,自立', 'ハイル', '入る', '基本形'), tok('な', '助詞,終助詞', 'ナ')];
    expect(item(draft(dont, '入る', 'to enter'), 'な')!.meaning).toBe("don't (prohibition)");
    const wish = [tok('いい', '形容詞,自立', 'イイ'), tok('な', '助詞,終助詞', 'ナ')];
    expect(item(draft(wish, 'いい', 'good'), 'な')!.meaning).toBe('(exclamation; wish; seeking agreement)');
    const explaining = [tok('好き', '名詞,形容動詞語幹', 'スキ'), tok('な', '助動詞', 'ナ', 'だ'), tok('ん', '名詞,非自立,一般', 'ン'), tok('です', '助動詞', 'デス')];
    const items = draft(explaining, '好き', 'liked');
    expect(item(items, 'な')!.meaning).toBe('is (だ before の)');
    expect(item(items, 'ん')!.meaning).toBe('(explanatory: it is that …)');
  });

  it('glosses ん after a verb stem as the negative (分からん), where it stands alone', () => {
    const stem = tok('分から', '動詞,自立', 'ワカラ', '分かる', '未然形');
    expect(particleSense(tok('ん', '助動詞', 'ン'), stem, tok('です', '助動詞', 'デス'))).toBe('not (negative, casual)');
    expect(particleSense(tok('ん', '名詞,非自立,一般', 'ン'), tok('行く', '動詞,自立', 'イク'), undefined)).toBe('(explanatory: it is that …)');
    expect(particleSense(tok('の', '助詞,格助詞,連体化', 'ノ'), undefined, undefined)).toBeUndefined();
  });
});
