import { KANJI_COURSES, VOCAB_COURSES } from '../kernel/courses';
import { COURSES, COURSE_INFO, materialTypeOf } from './courses';
import { levelLabels, levelOf, mostlyKankenRange, nextLevelHint, primaryName, secondaryName, type LevelCounts } from './levels';

const level = (n: number, counts: Partial<Omit<LevelCounts, 'level'>> = {}): LevelCounts => ({
  level: n,
  untrained: 0,
  learning: 0,
  intermediate: 0,
  mastered: 0,
  ...counts,
});
const done = (n: number) => level(n, { intermediate: 5, mastered: 5 });
const allLevels = (make: (n: number) => LevelCounts) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map(make);

describe('levelOf', () => {
  it.each<[string, LevelCounts[], number]>([
    ['a new user with everything untrained', allLevels((n) => level(n, { untrained: 10 })), 1],
    ['one learning card left on level 1', [level(1, { learning: 1, intermediate: 9 }), ...allLevels((n) => level(n, { untrained: 10 })).slice(1)], 1],
    ['one untrained card left on level 1', [level(1, { untrained: 1, mastered: 9 }), level(2, { untrained: 10 })], 1],
    ['level 1 all intermediate or better', [done(1), level(2, { untrained: 10 })], 2],
    ['levels 1–4 done, 5 in progress', [...[1, 2, 3, 4].map(done), level(5, { learning: 3, intermediate: 7 }), level(6, { untrained: 10 })], 5],
    ['the counts out of order', [level(3, { learning: 1 }), done(2), done(1)], 3],
    ['a level without cards does not hold the user back', [done(1), level(2), level(3, { untrained: 4 })], 3],
    ['level 8 done and only level 9 left', [...allLevels(done).slice(0, 8), level(9, { learning: 1 })], 9],
    ['every card intermediate or better', allLevels(done), 9],
    ['no cards at all', [], 9],
  ])('%s → level %i', (_, counts, expected) => {
    expect(levelOf(counts)).toBe(expected);
  });
});

describe('level names', () => {
  it('names a kanji level after the Kanken levels of its kanji, as the catalogue labels it', () => {
    expect(primaryName('kanji1', 1, { label: '10級', grades: [1] })).toBe('10級');
    expect(primaryName('kanji1', 3, { label: '9級–8級', grades: [2, 3] })).toBe('9級–8級');
  });

  it('names a kanji level by its number when its label is shared or unknown, and moves the label to the subtitle', () => {
    const shared = { label: '4級–2級', grades: [7, 8], shared: true };
    expect(primaryName('kanji2', 4, shared)).toBe('Level 4');
    expect(secondaryName('kanji2', 4, shared)).toBe('4級–2級 · Grades 7–8');
    expect(primaryName('kanji1', 2)).toBe('Level 2');
    expect(secondaryName('kanji1', 2)).toBeUndefined();
  });

  it.each([
    [1, 'Hiragana'],
    [4, 'Hiragana'],
    [5, 'Katakana'],
    [8, 'Katakana'],
    [9, 'Combinations'],
  ])('kana level %i is %s', (n, name) => {
    expect(primaryName('kana', n)).toBe(name);
  });

  it.each(['vocab1', 'vocab2', 'vocab3'] as const)('%s levels are Level N', (course) => {
    expect(primaryName(course, 1)).toBe('Level 1');
    expect(primaryName(course, 9)).toBe('Level 9');
  });

  it('gives kanji levels the school grades of their kanji as a subtitle', () => {
    expect(secondaryName('kanji1', 1, { label: '10級', grades: [1] })).toBe('Grade 1');
    expect(secondaryName('kanji1', 3, { label: '9級–8級', grades: [2, 3] })).toBe('Grades 2–3');
    expect(secondaryName('kanji2', 9, { label: '2級', grades: [9] })).toBe('Grade 9');
  });

  it('tells the four Hiragana and Katakana levels apart; vocab has no subtitle', () => {
    expect([1, 4, 5, 8].map((n) => secondaryName('kana', n))).toEqual(['Part 1', 'Part 4', 'Part 1', 'Part 4']);
    expect(secondaryName('kana', 9)).toBeUndefined();
    expect(secondaryName('vocab2', 3)).toBeUndefined();
  });

  it('builds the primary and secondary entries of a stats level', () => {
    expect(levelLabels('kanji1', 2, { label: '9級', grades: [2] })).toEqual({ primary: { name: '9級' }, secondary: { name: 'Grade 2' } });
    expect(levelLabels('vocab1', 2)).toEqual({ primary: { name: 'Level 2' } });
  });

  it('refuses a level outside 1–9', () => {
    expect(() => primaryName('kana', 0)).toThrow(RangeError);
    expect(() => primaryName('kana', 10)).toThrow(RangeError);
  });

  it('hints at the next level only below level 9', () => {
    expect(nextLevelHint(8)).toBe('Get all cards to Intermediate to reach the next level.');
    expect(nextLevelHint(9)).toBeUndefined();
  });
});

describe('courses', () => {
  it('labels the courses as SPEC §1 does', () => {
    expect(COURSES.map((c) => [c, COURSE_INFO[c].name, COURSE_INFO[c].label])).toEqual([
      ['kana', 'Hiragana/Katakana', 'Beginner'],
      ['kanji1', 'Kanji I', 'Beginner'],
      ['kanji2', 'Kanji II', 'Intermediate'],
      ['vocab1', 'Vocab I', 'Beginner'],
      ['vocab2', 'Vocab II', 'Intermediate'],
      ['vocab3', 'Vocab III', 'Advanced'],
    ]);
    expect(COURSES.every((c) => COURSE_INFO[c].description.length > 0)).toBe(true);
  });

  it('studies kana, readings and vocab', () => {
    expect(COURSES.map(materialTypeOf)).toEqual(['kana', 'reading', 'reading', 'vocab', 'vocab', 'vocab']);
  });

  it('sorts the courses into their kinds, in the course order', () => {
    expect(COURSES.map((c) => COURSE_INFO[c].kind)).toEqual(['kana', 'kanji', 'kanji', 'vocab', 'vocab', 'vocab']);
    expect([KANJI_COURSES, VOCAB_COURSES]).toEqual([
      ['kanji1', 'kanji2'],
      ['vocab1', 'vocab2', 'vocab3'],
    ]);
  });
});

describe('mostlyKankenRange (issue 31: all nine Kanji II levels read 4級–2級)', () => {
  const counts = (k4: number, k3: number, kp2: number, k2: number) =>
    new Map([
      ['4級', k4],
      ['3級', k3],
      ['準2級', kp2],
      ['2級', k2],
    ]);
  it('names the narrowest run of Kanken levels that holds most of the kanji (the catalogue’s Kanji II levels 1, 7, 9)', () => {
    expect(mostlyKankenRange(counts(68, 27, 12, 3))).toBe('mostly 4級–3級');
    expect(mostlyKankenRange(counts(20, 45, 56, 4))).toBe('mostly 3級–準2級');
    expect(mostlyKankenRange(counts(6, 14, 29, 76))).toBe('mostly 準2級–2級');
  });
  it('orders 準2級 between 3級 and 2級, and says one level when it holds enough', () => {
    expect(mostlyKankenRange(new Map([['2級', 1], ['3級', 9]]))).toBe('mostly 3級');
    expect(mostlyKankenRange(new Map([['2級', 5], ['3級', 5], ['準2級', 0]]))).toBe('3級–2級');
  });
  it('has nothing to say without Kanken levels', () => {
    expect(mostlyKankenRange(new Map())).toBeNull();
  });
});

