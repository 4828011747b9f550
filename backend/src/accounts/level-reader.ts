import { COURSES, type Course } from '../kernel/courses';
import type { Queryable } from '../platform/database/queryable';

export { COURSES, type Course };
export type Levels = Record<Course, number>;

/**
 * Where the profile reads the user's level per course. The default answers level 1 everywhere; the
 * progress context replaces it by providing LEVEL_READER from a global module (AccountsModule does not
 * provide the token itself, it injects it optionally and falls back to this default).
 */
export interface LevelReader {
  /** db: the caller's transaction, when it has one (a request never waits for a second connection while holding one) */
  levelsOf(userId: string, db?: Queryable): Promise<Levels>;
}

export const LEVEL_READER = Symbol('LEVEL_READER');

export const defaultLevelReader: LevelReader = {
  levelsOf: async () => Object.fromEntries(COURSES.map((c) => [c, 1])) as Levels,
};
