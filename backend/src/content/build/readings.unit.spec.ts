import type { OrderedKanji } from './kanji';
import { buildReadings, chooseExample, isCommon, readingLevel } from './readings';
import type { RankedVocab } from './vocab';

const word = (id: number, written: string, rank: number, course: RankedVocab['course'] = 'vocab1') =>
  ({ id, written, rank, course }) as unknown as RankedVocab;

describe('kanji reading cards', () => {
  it('keeps the main on reading when any course word uses it, and drops a rare one-word reading', () => {
    const kansha = [word(1, '感謝', 5000, 'vocab3')];
    expect(isCommon('謝', kansha, true)).toBe(true);
    expect(isCommon('子', [word(2, '面子', 7000, 'vocab3')], false)).toBe(false);
    expect(isCommon('竹', [word(3, '竹', 7000, 'vocab3')], false)).toBe(true);
    expect(isCommon('謝', [], true)).toBe(false);
  });

  it('teaches a reading no earlier than its easiest word: Vocab I at the kanji level, Vocab II from 3, Vocab III from 5', () => {
    expect(readingLevel(1, 10)).toBe(1);
    expect(readingLevel(1, 1500)).toBe(3);
    expect(readingLevel(1, 8000)).toBe(5);
    expect(readingLevel(7, 8000)).toBe(7);
    expect(readingLevel(2, undefined)).toBe(2);
  });

  it('chooses the example word by quality, not by whether it has a sentence yet', () => {
    const teach: Record<string, number> = { 転: 300, 運: 250, 逆: 700, 発: 150, 足: 20, 遠: 100, 下: 10, 跡: 5 };
    const ti = (c: string) => teach[c] ?? Infinity;
    // 逆転 comes first in the options, but 逆 is taught after 転; 運転 is the better example.
    expect(chooseExample('転', [word(1, '逆転', 900), word(2, '運転', 950)], new Set(), ti)!.written).toBe('運転');
    // A word starting with the kanji beats one that does not, other things equal.
    expect(chooseExample('足', [word(3, '遠足', 400), word(4, '足下', 500)], new Set(), ti)!.written).toBe('足下');
    // A word another card already teaches is a last resort.
    expect(chooseExample('足', [word(4, '足下', 500), word(5, '足跡', 600)], new Set([4]), ti)!.written).toBe('足跡');
  });

  describe('a kanji that no course word writes (issue 17)', () => {
    const kanji = (literal: string, on: string[], kun: string[], position: number) =>
      ({ entry: { literal, on, kun, strokes: 10, meanings: ['x'] }, course: 'kanji2', level: 9, levelLabel: 'x', position, grade: 8, teachIndex: 2000 + position }) as OrderedKanji;
    const spelled = (id: number, written: string, reading: string, variants: string[], rank: number) =>
      ({ id, written, rank, course: 'vocab2', candidate: { written, reading, kanjiForm: variants[0] ?? written, regularVariants: variants, variants } }) as unknown as RankedVocab;

    it('is taught with a word the list writes in kana or another spelling, shown in the kanji spelling', () => {
      const { cards } = buildReadings({
        kanji: [kanji('羨', ['セン'], ['うらや.む', 'うらや.ましい'], 1), kanji('虞', [], ['おそれ'], 2)],
        vocab: [spelled(1, 'うらやましい', 'うらやましい', ['羨ましい'], 1200), spelled(2, '恐れ', 'おそれ', ['虞'], 5000)],
      });
      expect(cards.map((c) => [c.kanji.entry.literal, c.display, c.vocab?.id, c.spelling])).toEqual([
        ['羨', expect.stringMatching(/^うらや\./), 1, '羨ましい'],
        ['虞', 'おそれ', 2, '虞'],
      ]);
    });

    it('falls back to a word read as a whole (叔父 おじ), teaching the on reading, and only then to no word', () => {
      const { cards } = buildReadings({
        kanji: [kanji('叔', ['シュク'], [], 1), kanji('朕', ['チン'], [], 2), kanji('父', ['フ'], ['ちち'], 3)],
        vocab: [spelled(3, '叔父', 'おじ', [], 900)],
      });
      expect(cards.filter((c) => c.kanji.entry.literal !== '父').map((c) => [c.kanji.entry.literal, c.display, c.vocab?.id ?? null, c.wholeWord ?? false])).toEqual([
        ['叔', 'シュク', 3, true],
        ['朕', 'チン', null, false],
      ]);
    });
  });
});
