import { join } from 'node:path';
import type { ContentData, KanjiEntry, SentenceEntry } from '../catalogue/content.schemas';
import {
  furiganaProblems,
  kanjiExtrasProblems,
  loadContent,
  readingConsistent,
  spanReading,
  targetMatchesWord,
  validateContent,
  validateContentData,
} from './validate-content';

const CONTENT_DIR = join(__dirname, '../../../content');

describe('committed content (backend/content)', () => {
  it('passes every check: schemas, counts, levels, references, level-1 sentences', () => {
    const issues = validateContent(CONTENT_DIR);
    // Printed in full so a CI failure says exactly what is wrong.
    expect(issues.map((i) => `${i.file}: ${i.message}`)).toEqual([]);
  });

  it('gives everyday words their standard Tokyo pitch accent (issue 29: NAIST-jdic alone had 必ず 4, ちょうど 3, 休み 0)', () => {
    const { data } = loadContent(CONTENT_DIR);
    const pitch = (written: string) => data.vocab!.find((v) => v.kanji === written)?.pitch;
    expect(pitch('必ず')).toEqual([0]);
    expect(pitch('ちょうど')).toEqual([0]);
    expect(pitch('きっと')).toContain(0);
    expect(pitch('休み')).toEqual([3]);
    expect(pitch('中国')).toEqual([1]);
  });

  it('has the promised course sizes', () => {
    const { data } = loadContent(CONTENT_DIR);
    expect(data.kanji!.length).toBe(2136);
    expect(data.kanji!.filter((k) => k.course === 'kanji1').length).toBe(1026);
    expect(data.kanji!.filter((k) => k.course === 'kanji2').length).toBe(1110);
    expect(new Set(data.vocab!.map((v) => v.id)).size).toBe(10000);
    expect(data.vocab!.filter((v) => v.course === 'vocab1').length).toBe(1000);
    expect(data.vocab!.filter((v) => v.course === 'vocab2').length).toBe(3000);
    expect(data.vocab!.filter((v) => v.course === 'vocab3').length).toBe(6000);
  });
});

describe('furiganaProblems', () => {
  it('accepts ruby per kanji run that strips back to the text', () => {
    expect(furiganaProblems('日本語を勉強します。', '日本[にほん]語[ご]を勉強[べんきょう]します。')).toEqual([]);
    expect(furiganaProblems('食べ物', '食[た]べ物[もの]')).toEqual([]);
  });

  it('rejects furigana that does not give back the text', () => {
    expect(furiganaProblems('日本語を話します。', '日本[にほん]語[ご]を勉強[べんきょう]します。').join()).toMatch(/text is/);
  });

  it('rejects kanji without ruby, ruby without kanji, and non-kana readings', () => {
    expect(furiganaProblems('日本語', '日本[にほん]語').join()).toMatch(/kanji without ruby: 語/);
    expect(furiganaProblems('にほん', 'にほん[にほん]').join()).toMatch(/no kanji before it/);
    expect(furiganaProblems('日本', '日本[nihon]').join()).toMatch(/not kana/);
  });
});

describe('target checks', () => {
  it('matches dictionary forms, stems and conjugated forms', () => {
    expect(targetMatchesWord('食べる', '食べる', 'たべる')).toBe(true);
    // Compounds of する and くる, and the repetition mark (issue 17's sentences).
    expect(targetMatchesWord('脱し', '脱する', 'だっする')).toBe(true);
    expect(targetMatchesWord('やってき', 'やってくる', 'やってくる')).toBe(true);
    expect(targetMatchesWord('徐々に', '徐徐に', 'じょじょに')).toBe(true);
    expect(targetMatchesWord('脱ぎ', '脱する', 'だっする')).toBe(false);
    expect(readingConsistent('だっし', 'だっする')).toBe(true);
    expect(readingConsistent('だっそ', 'だっする')).toBe(false);
    expect(readingConsistent('ぎょうざ', 'ぎょーざ')).toBe(true);
    expect(targetMatchesWord('食べ', '食べる', 'たべる')).toBe(true);
    expect(targetMatchesWord('行き', '行く', 'いく')).toBe(true);
    expect(targetMatchesWord('します', 'する', 'する')).toBe(true);
    expect(targetMatchesWord('あります', 'ある', 'ある')).toBe(true);
    expect(targetMatchesWord('飲み', '食べる', 'たべる')).toBe(false);
  });

  it('reads the target span from the furigana', () => {
    expect(spanReading('明日[あした]、友達[ともだち]に会[あ]います。', 0, 2)).toBe('あした');
    expect(spanReading('日本語[にほんご]', 0, 2)).toBeNull(); // ruby straddles the span
    // The counter mark ヶ outside a ruby reads か (一ヶ月 いっかげつ), not as the small katakana ヶ (ゖ).
    expect(spanReading('一[いっ]ヶ月[げつ]です。', 0, 3)).toBe('いっかげつ');
    expect(readingConsistent(spanReading('三[さん]ヵ所[しょ]', 0, 3)!, 'さんかしょ')).toBe(true);
    expect(readingConsistent('たべ', 'たべる')).toBe(true);
    expect(readingConsistent('いき', 'いく')).toBe(true);
    expect(readingConsistent('にっぽん', 'にほん')).toBe(false);
  });
});

describe('validateContentData on a broken sentence set', () => {
  const base = (): ContentData => {
    const { data } = loadContent(CONTENT_DIR);
    return data as ContentData;
  };
  const sentenceIssues = (data: ContentData) => validateContentData(data).filter((i) => i.file === 'sentences.json').map((i) => i.message);

  it('reports a sentence that lacks its target, its translation or consistent furigana, or duplicates another', () => {
    const data = base();
    const s = data.sentences.find((x) => x.material_type === 'vocab')!;
    const other = data.sentences.find((x) => x !== s)!;
    const next = Math.max(...data.sentences.map((x) => x.id)) + 1;
    const broken: SentenceEntry[] = [
      { ...s, id: next, text: `${s.text}！`, furigana: `${s.furigana}！`, target: '存在しない語' },
      { ...s, id: next + 1, text: `${s.text}！！`, furigana: `${s.furigana}！！`, translation: ' ' },
      { ...s, id: next + 2, text: `${s.text}！！！`, furigana: `${s.text}！！！` },
      { ...other, id: next + 3 },
    ];
    data.sentences = [...data.sentences, ...broken];
    const messages = sentenceIssues(data).join('\n');
    expect(messages).toMatch(/not in text/);
    expect(messages).toMatch(/no translation/);
    expect(messages).toMatch(/kanji without ruby/);
    expect(messages).toMatch(/duplicate sentence texts/);
  });

  it('reports a level-1 word whose sentence is missing', () => {
    const data = base();
    const word = data.vocab.find((v) => v.level === 1 && v.course === 'vocab1')!;
    delete word.sentence_id;
    expect(validateContentData(data).map((i) => i.message).join('\n')).toContain(`word ${word.kanji}: no sentence`);
  });

  it('reports a reading card\'s own sentence that does not write its word in the card\'s spelling, or has no card', () => {
    const data = base();
    const card = data.readings.find((r) => r.kanji === '羨')!;
    const own = data.sentences.find((s) => s.id === card.sentence_id)!;
    expect(own).toMatchObject({ material_type: 'reading', material_id: card.id, target: '羨ましい' });
    expect(sentenceIssues(data)).toEqual([]);
    // The word in kana is the word, but not what this card teaches.
    Object.assign(own, { text: own.text.replace('羨ましい', 'うらやましい'), furigana: own.furigana.replace('羨[うらや]ましい', 'うらやましい'), target: 'うらやましい' });
    expect(sentenceIssues(data).join('\n')).toMatch(/target "うらやましい" is not the word 羨ましい \(うらやましい\) written with 羨/);
    // A card that shows its word in the word's own spelling may have its own sentence too (Kanji I level 1, issue
    // 29), but it must write that word: this one is written for another card's word.
    const other = data.readings.find((r) => !r.vocab_spelling && r.vocab_id != null)!;
    const word = data.vocab.find((v) => v.id === other.vocab_id)!;
    data.sentences.push({ ...own, id: own.id + 1, material_id: other.id });
    expect(sentenceIssues(data).join('\n')).toContain(`is not the word ${word.kanji} (${word.reading}) written with ${other.kanji}`);
    data.sentences.push({ ...own, id: own.id + 2, material_id: 999_999 });
    expect(sentenceIssues(data).join('\n')).toMatch(/reading card 999999 does not exist or has no example word/);
  });
});

describe('kanjiExtrasProblems', () => {
  const kanji = (character: string, extra: Partial<KanjiEntry> = {}): KanjiEntry => ({
    id: character.codePointAt(0)!,
    character,
    course: 'kanji1',
    level: 1,
    level_label: '10級',
    position: 1,
    grade: 1,
    joyo_level: 1,
    strokes: 2,
    meanings: ['x'],
    on_readings: [],
    kun_readings: [],
    radical: { number: 1, character: '一', name: 'one' },
    components: ['a', 'b'],
    kanken: '10級',
    ...extra,
  });
  const kanjiVg = { components: new Map([['語', ['a', 'b']]]), strokes: new Map([['語', ['M1,1', 'M2,2']], ['あ', ['M1,1']]]) };
  const problems = (k: KanjiEntry[], kana = ['あ']) =>
    kanjiExtrasProblems({ kanji: k, kana: kana.map((c) => ({ kana: c }) as ContentData['kana'][number]) }, kanjiVg).map((i) => i.message);

  it('accepts a kanji with radical, Kanken level, KanjiVG components and matching strokes', () => {
    expect(problems([kanji('語')])).toEqual([]);
  });

  it('reports a missing radical or Kanken level, other components, missing or miscounted strokes', () => {
    expect(problems([kanji('語', { radical: undefined, kanken: undefined })])).toEqual([
      '語: no radical',
      '語: no Kanken level',
      'kanji1 level 1: labelled 10級, its kanji are Level 1',
    ]);
    expect(problems([kanji('語', { components: ['a'] })])).toEqual(['語: components a, KanjiVG gives ab']);
    expect(problems([kanji('語', { strokes: 3 })])).toEqual(['語: 3 strokes, the stroke data draws 2']);
    expect(problems([kanji('話', { components: undefined })])).toEqual(['話: no stroke data']);
    expect(problems([kanji('語')], ['あ', 'ヴ'])).toEqual(['no stroke data for ヴ']);
  });

  it('reports a level label that does not name the Kanken levels of its kanji', () => {
    const k = [kanji('語'), kanji('語', { character: '語', kanken: '9級', level_label: '10級' })];
    expect(problems(k)).toContain('kanji1 level 1: labelled 10級, its kanji are 10級–9級');
  });
});
