// The vocabulary the calls share (SPEC §1): the courses and the kinds of card, defined once for the frontend
// and the backend (backend/src/kernel/courses.ts and study/courses.ts re-export them).
export const COURSES = ['kana', 'kanji1', 'kanji2', 'vocab1', 'vocab2', 'vocab3'] as const;
export type Course = (typeof COURSES)[number];

/** The courses of each kind: kanji courses teach readings, vocab courses words (kana is a course of its own). */
export const KANJI_COURSES = ['kanji1', 'kanji2'] as const satisfies readonly Course[];
export type KanjiCourse = (typeof KANJI_COURSES)[number];
export const VOCAB_COURSES = ['vocab1', 'vocab2', 'vocab3'] as const satisfies readonly Course[];
export type VocabCourse = (typeof VOCAB_COURSES)[number];

/** The kinds of card, in the learner's order (a flashcard id starts with one: reading-42). */
export const MATERIAL_TYPES = ['kana', 'reading', 'vocab'] as const;
export type MaterialType = (typeof MATERIAL_TYPES)[number];

/** The largest id PostgreSQL's integer holds: ids in paths and queries are checked against it. */
export const MAX_ID = 2_147_483_647;
