import { COURSE_INFO, LEVELS, MAX_LEVEL, type Course } from './courses';

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

/**
 * What the catalogue says about one kanji level (KanjiLevelNames reads it per catalogue revision): the level's
 * label from the content, which names the Kanji Kentei levels of its kanji ("9級–8級"), and the school grades of
 * its kanji as the dictionary tabs give them (1–6; 7–9 for Kanji II). `shared` when another level of the course
 * has the same label (every Kanji II level mixes 4級 to 2級), so the label cannot name the level on its own.
 */
export interface KanjiLevelFacts {
  label: string;
  grades: readonly number[];
  shared?: boolean;
  /** how many of the level's kanji each Kanken level has */
  kanken?: ReadonlyMap<string, number>;
}

/** A Kanji Kentei level's difficulty: 10級 is the easiest, then 9級 … 3級, 準2級 (between 3級 and 2級), 2級. */
function kankenDifficulty(kanken: string): number {
  const match = /^(準)?(\d+)級$/.exec(kanken);
  return match ? -Number(match[2]) - (match[1] ? 0.5 : 0) : Number.NaN;
}

/** The share of a level's kanji a "mostly" range must hold. */
export const MOSTLY_SHARE = 0.8;

/**
 * A kanji level's Kanken range from its kanji, for levels whose full range (easiest–hardest) says nothing of its
 * own: every Kanji II level holds a few kanji from 4級 to 2級 (issue 31: all nine read "4級–2級"). The narrowest run
 * of neighbouring Kanken levels that holds at least MOSTLY_SHARE of the level's kanji, "mostly 4級–3級"; the full
 * range when only it does; null without Kanken levels.
 */
export function mostlyKankenRange(counts: ReadonlyMap<string, number>): string | null {
  const levels = [...counts.keys()].filter((k) => Number.isFinite(kankenDifficulty(k))).sort((a, b) => kankenDifficulty(a) - kankenDifficulty(b));
  const total = levels.reduce((sum, k) => sum + counts.get(k)!, 0);
  if (!total) return null;
  const name = (from: number, to: number) => (from === to ? levels[from] : `${levels[from]}–${levels[to]}`);
  for (let width = 1; width <= levels.length; width++) {
    let best: { from: number; held: number } | null = null;
    for (let from = 0; from + width <= levels.length; from++) {
      const held = levels.slice(from, from + width).reduce((sum, k) => sum + counts.get(k)!, 0);
      if (held >= MOSTLY_SHARE * total && (!best || held > best.held)) best = { from, held };
    }
    if (best) return width === levels.length ? name(0, levels.length - 1) : `mostly ${name(best.from, best.from + width - 1)}`;
  }
  return name(0, levels.length - 1);
}

/**
 * The level's display name in the Progress table and the level badge, by the course's kind: a kanji level's own
 * label when it names it, a kana level's script, else "Level N".
 */
export function primaryName(course: Course, level: number, kanji?: KanjiLevelFacts): string {
  assertLevel(level);
  switch (COURSE_INFO[course].kind) {
    case 'kanji':
      return kanji && !kanji.shared ? kanji.label : `Level ${level}`;
    case 'kana':
      return kanaScriptOf(level);
    case 'vocab':
      return `Level ${level}`;
  }
}

/**
 * An optional subtitle: the school grades a kanji level's kanji belong to (preceded by its label when the label
 * is not the primary name), or the part of a kana script.
 */
export function secondaryName(course: Course, level: number, kanji?: KanjiLevelFacts): string | undefined {
  assertLevel(level);
  switch (COURSE_INFO[course].kind) {
    case 'kanji': {
      const parts = [kanji?.shared ? kanji.label : undefined, formatSchoolGrades(kanji?.grades ?? [])].filter(Boolean);
      return parts.length ? parts.join(' · ') : undefined;
    }
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

/** The `primary`/`secondary` entries of a stats level (SPEC §3 Stats); kanji levels need the catalogue's facts. */
export function levelLabels(course: Course, level: number, kanji?: KanjiLevelFacts): LevelLabels {
  const primary = { name: primaryName(course, level, kanji) };
  const secondary = secondaryName(course, level, kanji);
  return secondary === undefined ? { primary } : { primary, secondary: { name: secondary } };
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
