// The vocabulary every scheduling rule speaks. It lives here, below the events, so the scheduler can be built and
// imported on its own (backend/dist/study/scheduler/index.js: no database, no Nest, no zod).

export const MASTERY_LEVELS = ['learning', 'intermediate', 'mastered'] as const;
export type Mastery = (typeof MASTERY_LEVELS)[number];

/** 0 didn't get it, 3 got it (hard), 5 got it (easy), 10 already know it (new cards only). */
export const GRADES = [0, 3, 5, 10] as const;
export type Grade = (typeof GRADES)[number];
export const REVIEW_GRADES = [0, 3, 5] as const;
export type ReviewGrade = (typeof REVIEW_GRADES)[number];
export const ALREADY_KNOWN_GRADE = 10;

export function isGrade(grade: unknown): grade is Grade {
  return (GRADES as readonly unknown[]).includes(grade);
}
