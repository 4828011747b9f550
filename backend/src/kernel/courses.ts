// The shared kernel (DDD): vocabulary every context speaks, defined once. It imports nothing of the app: the
// course list and the course details are the API contract's (contract/courses.ts), the one list the frontend and
// the backend share.

/** The six courses of SPEC §1, in the order the app lists them, their details and their kinds. */
export {
  COURSE_INFO,
  COURSES,
  courseKindOf,
  isCourse,
  KANJI_COURSES,
  MATERIAL_TYPES,
  materialTypeOf,
  VOCAB_COURSES,
  type Course,
  type CourseInfo,
  type CourseKind,
  type KanjiCourse,
  type MaterialType,
  type VocabCourse,
} from '#contract/courses';
