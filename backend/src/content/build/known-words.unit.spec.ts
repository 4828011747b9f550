import { knownRule, knownShare, levelShares } from './known-words';
import type { KuromojiToken } from './tokenizer';

/** A token as kuromoji gives it, with only the fields the rule reads. */
const t = (surface: string, pos: string, basic = surface, detail = '*', reading?: string): KuromojiToken =>
  ({ surface_form: surface, pos, pos_detail_1: detail, basic_form: basic, reading }) as KuromojiToken;

// 私は毎朝パンを食べます。 with パン as the target.
const SENTENCE = [
  t('私', '名詞', '私', '代名詞'),
  t('は', '助詞'),
  t('毎朝', '名詞', '毎朝', '副詞可能', 'マイアサ'),
  t('パン', '名詞', 'パン', '一般', 'パン'),
  t('を', '助詞'),
  t('食べ', '動詞', '食べる', '自立'),
  t('ます', '助動詞'),
  t('。', '記号'),
];

describe('i+1: the share of known words in a sentence', () => {
  it('counts content words other than the target, and not particles, auxiliaries, pronouns or symbols', () => {
    const share = knownShare(SENTENCE, 4, 6, (w) => w.base === '食べる');
    expect(share).toEqual({ known: 1, total: 2, unknown: ['毎朝'] });
  });

  it('treats a sentence with nothing besides the target as fully known', () => {
    expect(levelShares([{ course: 'vocab1', level: 1, share: { known: 0, total: 0, unknown: [] } }])[0].mean).toBe(1);
  });

  it('knows in Vocab I the words up to the level, in Vocab II all of Vocab I, in Kanji I the example words so far', () => {
    const vocab = [
      { id: 1, course: 'vocab1', level: 1, kanji: '食べる', reading: 'たべる' },
      { id: 2, course: 'vocab1', level: 4, kanji: '毎朝', reading: 'まいあさ' },
      { id: 3, course: 'vocab2', level: 2, kanji: '砂', reading: 'すな' },
      { id: 4, course: 'vocab1', level: 2, kanji: 'いい', reading: 'いい', variants: [{ written: '良い', reading: 'よい' }] },
    ];
    const rule = knownRule(vocab, [{ course: 'kanji1', level: 2, vocabId: 3 }], []);
    expect(rule('vocab1', 3)({ base: '毎朝' })).toBe(false);
    expect(rule('vocab1', 4)({ base: '毎朝' })).toBe(true);
    expect(rule('vocab2', 1)({ base: '毎朝' })).toBe(true);
    expect(rule('vocab2', 1)({ base: '砂' })).toBe(false);
    expect(rule('kanji1', 2)({ base: '砂' })).toBe(true);
    expect(rule('kanji1', 1)({ base: '砂' })).toBe(false);
    // A variant spelling, and a word written in kana, count as the word.
    expect(rule('vocab1', 2)({ base: '良い' })).toBe(true);
    expect(rule('vocab1', 2)({ base: 'よい' })).toBe(true);
    expect(rule('vocab1', 1)({ base: 'たべる' })).toBe(true);
  });

  it('aggregates per course and level, with the words most often unknown', () => {
    const shares = levelShares([
      { course: 'vocab1', level: 3, share: { known: 4, total: 5, unknown: ['庭'] } },
      { course: 'vocab1', level: 3, share: { known: 1, total: 2, unknown: ['庭'] } },
    ]);
    expect(shares).toEqual([{ course: 'vocab1', level: 3, sentences: 2, mean: 0.65, atLeast80: 0.5, topUnknown: ['庭'] }]);
  });
});
