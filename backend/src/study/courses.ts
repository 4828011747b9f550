// The course catalogue of SPEC §1: the vocabulary every study rule, event and response shares.

// The course list and each course's details (name, label, kind, material type) are the contract's
// (contract/courses.ts, through the kernel): the frontend shows the same ones.
export {
  COURSE_INFO,
  COURSES,
  isCourse,
  MATERIAL_TYPES,
  materialTypeOf,
  type Course,
  type CourseInfo,
  type CourseKind,
  type MaterialType,
} from '../kernel/courses';

export const MIN_LEVEL = 1;
export const MAX_LEVEL = 9;
export const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/** The first level is free; every higher level needs an active subscription (SPEC §6). */
export const FREE_LEVEL = 1;

export function isLevel(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= MIN_LEVEL && (value as number) <= MAX_LEVEL;
}
