import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildWordIndex, loadTokenizer, type CatalogueWord, type Tokenizer } from '../../content';
import { baseReading, chunks, CHUNK_MAX, classify, furiganaOf, potentialToPlain, segment, tokenizeText, type Learner } from './analyse-text';

// Issue 32 item 4 and 6: real sentences against the real catalogue (backend/content/vocab.json, the 10,000 course
// words) through real kuromoji. Each row: a text, a token of it, and the dictionary form the courses teach for it
// (the word the reader links to), or `null` for a token that is not counted (a name, a number, grammar).

const vocab = JSON.parse(readFileSync(join(__dirname, '../../../content/vocab.json'), 'utf8')) as Array<CatalogueWord & { variants?: CatalogueWord['variants'] }>;
const index = buildWordIndex(
  vocab.map((v) => ({ ...v, variants: v.variants ?? [], definition: v.definition ?? null })),
  [],
);
const nobody: Learner = { cards: new Map(), knownKanji: new Set(), fullAccess: true };

let tokenizer: Tokenizer;
beforeAll(async () => {
  tokenizer = await loadTokenizer();
});

function analyse(text: string, learner: Learner = nobody) {
  return classify(segment(text, tokenizeText(tokenizer, text), index), learner);
}

/** The dictionary form the text's token `surface` counts as; null when not counted; undefined when no such token. */
function formOf(text: string, surface: string): string | null | undefined {
  const a = analyse(text);
  const token = a.tokens.find((t) => t.text === surface);
  if (!token) return undefined;
  return token.word === null ? null : a.words[token.word].word;
}

const TABLE: Array<[text: string, token: string, form: string | null]> = [
  // Conjugations map to the dictionary form.
  ['私は昨日りんごを食べなかった。', '食べ', '食べる'],
  ['食べられる', '食べ', '食べる'],
  ['食べさせる', '食べ', '食べる'],
  ['先生に聞かれました', '聞か', '聞く'],
  ['子供たちが遊んでいる', '遊ん', '遊ぶ'],
  ['窓を開けてください', '開け', '開ける'],
  ['宿題を忘れてしまった', '忘れ', '忘れる'],
  ['友達と映画を見に行こう', '行こ', '行く'],
  ['駅まで歩いて十分です', '歩い', '歩く'],
  ['コーヒーを飲みながら新聞を読む', '飲み', '飲む'],
  ['昨日は寒かったですね', '寒かっ', '寒い'],
  ['この本は面白くない', '面白く', '面白い'],
  ['早く起きなさい', '起き', '起きる'],
  ['手紙を書いておきます', '書い', '書く'],
  ['電車に乗り遅れた', '乗り遅れ', '乗り遅れる'],
  ['彼は来なかった', '来', '来る'],
  ['ゆっくり話してください', '話し', '話す'],
  ['おいしかった', 'おいしかっ', 'おいしい'],
  ['彼女は美しくなかった', '美しく', '美しい'],
  ['行かなければならない', '行か', '行く'],
  ['雨が降ってきた', '降っ', '降る'],
  ['田中さんは東京に住んでいます。', '住ん', '住む'],
  ['待ってて', '待っ', '待つ'],
  ['走れ', '走れ', '走る'],
  ['使います', '使い', '使う'],
  // A godan potential is taught as its plain verb.
  ['泳げない', '泳げ', '泳ぐ'],
  ['漢字が読めます', '読め', '読む'],
  // Okurigana and kana spellings: one word.
  ['日本語が分かりません。', '分かり', 'わかる'],
  ['わかりますか。', 'わかり', 'わかる'],
  ['分からない', '分から', 'わかる'],
  ['解らない', '解ら', 'わかる'],
  ['気をつけて', 'つけ', 'つける'],
  ['気を付けて', '付け', 'つける'],
  ['受け付けで待つ', '受け付け', '受付'],
  ['引越しの準備', '引越し', '引っ越し'],
  ['子供たちが遊んでいる', '子供たち', '子どもたち'],
  // Adjectival nouns, adverbs, set phrases, loanwords, compounds.
  ['静かな部屋で本を読んだ。', '静か', '静か'],
  ['きれいな花', 'きれい', 'きれい'],
  ['猫が好きじゃない', '好き', '好き'],
  ['もう一度言ってもらえますか', 'もう一度', 'もう一度'],
  ['すみません、トイレはどこですか', 'トイレ', 'トイレ'],
  ['ありがとうございました', 'ありがとう', 'ありがとう'],
  ['毎日図書館で勉強しています。', '図書館', '図書館'],
  ['お茶を飲みたいです。', 'お茶', 'お茶'],
  ['お金がありません', 'お金', 'お金'],
  ['ご飯を作る', 'ご飯', 'ご飯'],
  ['買い物に行く', '買い物', '買い物'],
  ['立ち上がる', '立ち上がる', '立ち上がる'],
  ['私は学生です', '私', '私'],
  // Names the courses teach count; other names and numbers do not; nor grammar.
  ['日本に行きたい。', '日本', '日本'],
  ['田中さんは東京に住んでいます。', '田中', null],
  ['山田太郎です', '太郎', null],
  ['三人で5時に会いましょう。', '三', null],
  ['三人で5時に会いましょう。', '5', null],
  ['百円', '百', null],
  ['毎日図書館で勉強しています。', 'し', null],
  ['窓を開けてください', 'を', null],
  ['行かなければならない', 'ない', null],
];

describe('the reader maps a text to the words the courses teach', () => {
  it('has a table of at least 50 real inputs', () => expect(TABLE.length).toBeGreaterThanOrEqual(50));

  it.each(TABLE)('%s: %s → %s', (text, token, form) => {
    expect(formOf(text, token)).toBe(form);
  });

  it('a word in no course is counted, as outside every course', () => {
    const a = analyse('ポケモンを捕まえた');
    const w = a.words.find((x) => x.word === 'ポケモン');
    expect(w).toMatchObject({ state: 'outside', vocab_id: null, course: null, level: null });
  });

  it('two spellings of one word are one distinct word, counted twice', () => {
    const a = analyse('分かりますか。はい、わかります。');
    const w = a.words.filter((x) => x.word === 'わかる');
    expect(w).toHaveLength(1);
    expect(w[0].count).toBe(2);
  });

  it('colours each word by the learner’s card and counts the figures by tokens, distinct words and kanji', () => {
    const id = (word: string) => index.wordsOf({ base: word })[0].id;
    const learner: Learner = {
      cards: new Map([
        [id('猫'), 'mastered'],
        [id('犬'), 'learning'],
      ]),
      knownKanji: new Set(['猫']),
      fullAccess: false,
    };
    const a = analyse('猫と犬と猫が大きい部屋にいる。', learner);
    const state = (w: string) => a.words.find((x) => x.word === w)?.state;
    expect(state('猫')).toBe('known');
    expect(state('犬')).toBe('learning');
    expect(state('部屋')).toBe('new');
    const room = a.words.find((x) => x.word === '部屋')!;
    expect(room.course).toMatch(/^vocab[123]$/);
    expect(room.locked).toBe(room.level! > 1);
    // 猫 猫 犬 大きい 部屋 いる: 2 of 6 tokens known, 1 of 5 words; kanji 猫 犬 大 部 屋: 1 of 5.
    expect(a.figures).toEqual({ tokens: { known: 2, total: 6 }, words: { known: 1, total: 5 }, kanji: { known: 1, total: 5 } });
  });

  it('writes furigana per kanji run, leaves kana alone, and never reads the learner’s brackets as markup', () => {
    const t = (surface_form: string, reading: string) => ({ surface_form, reading }) as Parameters<typeof furiganaOf>[0];
    expect(furiganaOf(t('食べ', 'タベ'))).toBe('食[た]べ');
    expect(furiganaOf(t('引っ越し', 'ヒッコシ'))).toBe('引[ひ]っ越[こ]し');
    expect(furiganaOf(t('お茶', 'オチャ'))).toBe('お茶[ちゃ]');
    expect(furiganaOf(t('ねこ', 'ネコ'))).toBe('ねこ');
    expect(furiganaOf(t('[猫]', 'ネコ'))).toBe('[猫]');
    const a = analyse('私は昨日りんごを食べなかった。');
    expect(a.tokens.map((x) => x.furigana ?? x.text).join('')).toBe('私[わたし]は昨日[きのう]りんごを食[た]べなかった。');
  });

  it('reads a conjugated token’s dictionary form, and a potential verb’s plain one', () => {
    expect(baseReading({ surface_form: '書い', basic_form: '書く', reading: 'カイ' } as never)).toBe('かく');
    expect(baseReading({ surface_form: '食べ', basic_form: '食べる', reading: 'タベ' } as never)).toBe('たべる');
    expect(potentialToPlain('泳げる')).toBe('泳ぐ');
    expect(potentialToPlain('できる')).toBeUndefined();
  });

  it('gives kuromoji the text in short pieces that cover it exactly, cut at sentence ends first', () => {
    const prose = '私は猫です。\n名前はまだない。';
    expect(chunks(prose)).toEqual(['私は猫です。', '\n', '名前はまだない。']);
    const run = '猫'.repeat(1000);
    const pieces = chunks(run);
    expect(pieces.join('')).toBe(run);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThanOrEqual(CHUNK_MAX);
    const long = `${'あいうえお、'.repeat(40)}𠮷野家`;
    expect(chunks(long).join('')).toBe(long);
    const text = '私は\n\n  猫です。\r\nHello 123 world！　あ';
    expect(tokenizeText(tokenizer, text).map((t) => t.surface_form).join('')).toBe(text);
    expect(analyse(text).tokens.map((t) => t.text).join('')).toBe(text);
  });
});
