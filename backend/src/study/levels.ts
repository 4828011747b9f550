import { LEVELS, MAX_LEVEL, type Course } from './courses';

export interface LevelCounts {
  level: number;
  /** materials of the level the user has not learned yet: they count, or an unstarted level would look done */
  untrained: number;
  learning: number;
  intermediate: number;
  mastered: number;
}

/**
 * The user's level in a course (DESIGN §4): the lowest level whose cards are not all intermediate or better;
 * 9 when all are. A level with no cards at all (or missing from the list) holds the user back at nothing.
 */
export function levelOf(countsPerLevel: readonly LevelCounts[]): number {
  const unfinished = (level: number) => countsPerLevel.some((c) => c.level === level && c.untrained + c.learning > 0);
  return LEVELS.find(unfinished) ?? MAX_LEVEL;
}

// Kanji levels 1–9 carry the kyū names 10級 down to 2級 (SPEC §9).
const KANJI_LEVEL_NAMES = ['10級', '9級', '8級', '7級', '6級', '5級', '4級', '3級', '2級'] as const;

/** The level's display name in the Progress table and the level badge. */
export function primaryName(course: Course, level: number): string {
  assertLevel(level);
  switch (course) {
    case 'kanji1':
    case 'kanji2':
      return KANJI_LEVEL_NAMES[level - 1];
    case 'kana':
      return kanaScriptOf(level);
    case 'vocab1':
    case 'vocab2':
    case 'vocab3':
      return `Level ${level}`;
  }
}

// Kanji I is the 1,026 kanji of school grades 1–6 (80, 160, 200, 202, 193, 191 per grade) split evenly into
// nine levels of 114 in teaching order, so a level spans at most two grades. Kanji II spreads the secondary
// kanji over grades 7–9, three levels each, like its dictionary tabs.
const DEFAULT_SCHOOL_GRADES: Readonly<Record<'kanji1' | 'kanji2', readonly (readonly number[])[]>> = {
  kanji1: [[1, 2], [2], [2, 3], [3, 4], [4], [4, 5], [5], [5, 6], [6]],
  kanji2: [[7], [7], [7], [8], [8], [8], [9], [9], [9]],
};

/**
 * An optional subtitle: the school grades a kanji level covers, or the part of a kana script.
 * Pass `schoolGrades` when the content knows them exactly (its split wins over the default).
 */
export function secondaryName(course: Course, level: number, schoolGrades?: readonly number[]): string | undefined {
  assertLevel(level);
  switch (course) {
    case 'kanji1':
    case 'kanji2':
      return formatSchoolGrades(schoolGrades ?? DEFAULT_SCHOOL_GRADES[course][level - 1]);
    case 'kana':
      // Four levels share the name Hiragana (and four Katakana): the part tells the rows apart.
      return level === MAX_LEVEL ? undefined : `Part ${((level - 1) % 4) + 1}`;
    default:
      return undefined;
  }
}

export interface LevelLabels {
  primary: { name: string };
  secondary?: { name: string };
}

/** The `primary`/`secondary` entries of a stats level (SPEC §3 Stats). */
export function levelLabels(course: Course, level: number, schoolGrades?: readonly number[]): LevelLabels {
  const secondary = secondaryName(course, level, schoolGrades);
  return secondary === undefined ? { primary: { name: primaryName(course, level) } } : { primary: { name: primaryName(course, level) }, secondary: { name: secondary } };
}

/** Level badge tooltip while below level 9 (SPEC §2). */
export function nextLevelHint(level: number): string | undefined {
  return level < MAX_LEVEL ? 'Get all cards to Intermediate to reach the next level.' : undefined;
}

function kanaScriptOf(level: number): string {
  if (level <= 4) return 'Hiragana';
  if (level <= 8) return 'Katakana';
  return 'Combinations';
}

function formatSchoolGrades(grades: readonly number[]): string | undefined {
  if (grades.length === 0) return undefined;
  const low = Math.min(...grades);
  const high = Math.max(...grades);
  return low === high ? `Grade ${low}` : `Grades ${low}–${high}`;
}

function assertLevel(level: number): void {
  if (!Number.isInteger(level) || level < 1 || level > MAX_LEVEL) throw new RangeError(`Level must be 1–9, got ${level}`);
}
