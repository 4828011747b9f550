import type { Checkpoint } from '../platform/event-store/event-store.types';
import type { Course } from './courses';

/**
 * What the study context needs to know about levels, which the progress context computes (DESIGN §4): the
 * user's level in a course (new cards come from levels up to it), and after a grade whether that very grade
 * raised it. The progress module provides it (globally); without it every user is at level 1.
 */
export interface StudyLevels {
  levelOf(userId: string, course: Course): Promise<number>;
  /**
   * The same level as an SQL scalar expression over $1 (user id) and $2 (course), so the next-card query can
   * read it in its own round trip. Constant text: it is part of named (prepared) statements.
   */
  readonly levelSql: string;
  /**
   * Waits (at most `timeoutMs`) until the level read model has applied the grade at `checkpoint`, then
   * answers the new level if that grade changed it, else null. Null as well when the wait timed out.
   */
  newLevelAfter(userId: string, course: Course, checkpoint: Checkpoint, timeoutMs: number): Promise<number | null>;
}

export const STUDY_LEVELS = Symbol('STUDY_LEVELS');

export const fixedLevelOne: StudyLevels = {
  levelOf: async () => 1,
  levelSql: '1',
  newLevelAfter: async () => null,
};
