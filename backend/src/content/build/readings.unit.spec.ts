import type { OrderedKanji } from './kanji';
import { buildReadings, chooseExample, exampleProblems, isCommon, paceLevels, readingLevel } from './readings';
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

  it('teaches a reading no earlier than its easiest word: Vocab I at the kanji level, Vocab II from 2, Vocab III from 3', () => {
    expect(readingLevel(1, 10)).toBe(1);
    expect(readingLevel(1, 1500)).toBe(2);
    expect(readingLevel(1, 8000)).toBe(3);
    expect(readingLevel(7, 8000)).toBe(7);
    expect(readingLevel(2, undefined)).toBe(2);
    // The kanji's first reading is never delayed: every kanji has a card in its own level.
    expect(readingLevel(1, 8000, true)).toBe(1);
  });

  it('evens out the cards per level without teaching a card before its earliest level (issue 29)', () => {
    // Level 1: two kanji with one first reading each and four more readings; level 2: one kanji with five readings.
    const card = (kanjiLevel: number, earliest: number, first: boolean, tier: number, position: number) => ({ kanjiLevel, earliest, first, tier, position });
    const cards = [
      card(1, 1, true, 0, 1), card(1, 1, false, 0, 1), card(1, 1, false, 0, 1), card(1, 2, false, 1, 1),
      card(1, 1, true, 0, 2), card(1, 3, false, 2, 2),
      card(2, 2, true, 0, 3), card(2, 2, false, 0, 3), card(2, 2, false, 0, 3), card(2, 3, false, 2, 3), card(2, 3, false, 2, 3), card(2, 3, false, 2, 3),
    ];
    const levels = paceLevels(cards, 3);
    expect([1, 2, 3].map((l) => levels.filter((x) => x === l).length)).toEqual([4, 4, 4]);
    levels.forEach((l, i) => expect(l).toBeGreaterThanOrEqual(cards[i].earliest));
    // First readings stay at their kanji's level.
    expect([levels[0], levels[4], levels[6]]).toEqual([1, 1, 2]);
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

  it('prefers the common word to a rarer one that starts with the kanji, and never a curse (issue 29)', () => {
    const ti = () => 0;
    // 一致 (Vocab II) over 致死 (Vocab III), 活躍 over 躍起, though 致死 and 躍起 start with the kanji.
    expect(chooseExample('致', [word(1, '一致', 2500, 'vocab2'), word(2, '致死', 8000, 'vocab3')], new Set(), ti)!.written).toBe('一致');
    expect(chooseExample('躍', [word(3, '活躍', 3000, 'vocab2'), word(4, '躍起', 9000, 'vocab3')], new Set(), ti)!.written).toBe('活躍');
    // 畜生 ("damn it") is a curse: 家畜 teaches 畜 チク.
    const curse = { ...word(5, '畜生', 6000, 'vocab3'), candidate: { reading: 'ちくしょう', senses: [{ pos: ['int'], glosses: ['damn it'] }], sensitive: [] } } as unknown as RankedVocab;
    const kachiku = { ...word(6, '家畜', 6500, 'vocab3'), candidate: { reading: 'かちく', senses: [{ pos: ['n'], glosses: ['livestock'] }], sensitive: [] } } as unknown as RankedVocab;
    expect(chooseExample('畜', [curse, kachiku], new Set(), ti)!.written).toBe('家畜');
    // 二宮 is never an example word while the card has another (EXCLUDED_EXAMPLE_WORDS).
    const ninomiya = { ...word(7, '二宮', 5000, 'vocab3'), candidate: { reading: 'にぐう' } } as unknown as RankedVocab;
    expect(chooseExample('宮', [ninomiya, word(8, '神宮', 6000, 'vocab3')], new Set(), ti)!.written).toBe('神宮');
  });

  it('refuses an on card whose example word is a kun word, and an example word far rarer than a free option', () => {
    const k = (literal: string, on: string[], kun: string[]) =>
      ({ entry: { literal, on, kun, strokes: 6, meanings: ['x'] }, course: 'kanji1', level: 3, levelLabel: 'x', position: 1, grade: 3, teachIndex: 1 }) as OrderedKanji;
    const shi = k('死', ['シ'], ['し.ぬ']);
    const w = (id: number, written: string, reading: string, rank: number, course: RankedVocab['course']) =>
      ({ id, written, rank, course, candidate: { written, reading, senses: [], sensitive: [] } }) as unknown as RankedVocab;
    const shinu = w(1, '死ぬ', 'しぬ', 400, 'vocab1');
    const hisshi = w(2, '必死', 'ひっし', 1500, 'vocab2');
    const chishi = w(3, '致死', 'ちし', 8000, 'vocab3');
    const card = (vocab: RankedVocab, options: RankedVocab[]) =>
      ({ id: vocab.id, kanji: shi, reading: { kind: 'on', reading: 'シ' }, display: 'シ', grade: 'elementary', level: 3, position: 1, options, vocab, sameVocabReadingIds: [] }) as unknown as Parameters<typeof exampleProblems>[0][number];
    const lookup = (ch: string) => (ch === '死' ? [{ kind: 'on' as const, reading: 'シ' }, { kind: 'kun' as const, reading: 'し.ぬ' }] : undefined);
    expect(exampleProblems([card(shinu, [shinu])], lookup)).toEqual([expect.stringContaining('kun reading')]);
    expect(exampleProblems([card(chishi, [hisshi, chishi])], lookup)).toEqual([expect.stringContaining('必死 (vocab2) is free')]);
    expect(exampleProblems([card(hisshi, [hisshi, chishi])], lookup)).toEqual([]);
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

    it('teaches an everyday reading with a word that writes it only in another spelling (issue 29: 喉 のど)', () => {
      const { cards, missingEveryday } = buildReadings({
        kanji: [kanji('喉', ['コウ'], ['のど'], 1)],
        vocab: [spelled(1, 'のど', 'のど', ['喉'], 1200), { ...spelled(2, '咽喉', 'いんこう', [], 9000), course: 'vocab3' } as RankedVocab],
      });
      expect(cards.map((c) => [c.display, c.vocab?.id, c.spelling])).toEqual([
        ['のど', 1, '喉'],
        ['コウ', 2, undefined],
      ]);
      expect(missingEveryday).toEqual([]);
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
