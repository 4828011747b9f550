// The shared kernel (DDD): vocabulary every context speaks, defined once. It imports nothing of the app: the
// course list is the API contract's (contract/courses.ts), the one list the frontend and the backend share.

/** The six courses of SPEC §1, in the order the app lists them. */
export { COURSES, KANJI_COURSES, VOCAB_COURSES, type Course, type KanjiCourse, type VocabCourse } from '#contract/courses';
