// The shared kernel (DDD): vocabulary every context speaks, defined once. It imports nothing of the app.

/** The six courses of SPEC §1, in the order the app lists them. */
export const COURSES = ['kana', 'kanji1', 'kanji2', 'vocab1', 'vocab2', 'vocab3'] as const;
export type Course = (typeof COURSES)[number];
