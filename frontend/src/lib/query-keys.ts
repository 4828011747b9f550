// Key roots shared across features, so a mutation in one feature can invalidate another's data by key
// without importing it (features never import each other).
import type { Course } from './courses';

export const queryKeys = {
  profile: ['profile'] as const,
  csrf: ['csrf'] as const,
  /** The study panel's next card and counts for a course. */
  study: (course: Course) => ['study', course] as const,
  /** Everything a grade can change besides the card: stats, forecast, levels, awards. */
  progress: (course: Course) => ['progress', course] as const,
  /** The home page's counts for every course. */
  dashboard: ['dashboard'] as const,
  /** The learner's leeches (cards failed too often) in every course, on the home page. */
  leeches: ['leeches'] as const,
  dictionary: ['dictionary'] as const,
  billing: ['billing'] as const,
};
