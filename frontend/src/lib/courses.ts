// The course catalogue of SPEC §1, as the learner sees it.

// The course list and each course's name, label, content line, kind and description are the API contract's
// (contract/courses.ts): the calls take and answer these names, and the backend reads the same details.
import { courseKindOf, isCourse, type CourseKind } from '../../../contract/courses';

export {
  COURSE_INFO,
  COURSES,
  isCourse,
  KANJI_COURSES,
  VOCAB_COURSES,
  type Course,
  type CourseInfo,
  type CourseKind,
  type KanjiCourse,
  type VocabCourse,
} from '../../../contract/courses';

export const MAX_LEVEL = 9;
export const BATCH_SIZE = 10;

/** A card's course kind (the API sends the course as text: one this page does not know reads as a vocab course). */
export function courseKind(course: string): CourseKind {
  return isCourse(course) ? courseKindOf(course) : 'vocab';
}

/**
 * SPEC §9: kanji levels 1–9 are named after the kanji-test grades 10級 down to 2級. Only a fallback: the content
 * names each level after the real Kanken levels of its kanji (`level_label`, e.g. 9級–8級), which pages show
 * when the API gives it.
 */
export function kanjiLevelLabel(level: number): string {
  return `${11 - level}級`;
}
