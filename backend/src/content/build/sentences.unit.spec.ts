import type { KanjiReading } from './alignment';
import { findTarget, parseFurigana, stripFurigana, tokenRuby } from './sentences';

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
