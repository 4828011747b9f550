// The course catalogue of SPEC §1: the vocabulary every study rule, event and response shares.

import { MATERIAL_TYPES, type MaterialType } from '#contract/courses';
import { COURSES, type Course } from '../kernel/courses';

export { COURSES, MATERIAL_TYPES, type Course, type MaterialType };

export const MIN_LEVEL = 1;
export const MAX_LEVEL = 9;
export const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/** The first level is free; every higher level needs an active subscription (SPEC §6). */
export const FREE_LEVEL = 1;

export interface CourseInfo {
  course: Course;
  /** The content display name of SPEC §1 ("Kanji I") */
  name: string;
  /** Difficulty label of SPEC §1 */
  label: 'Beginner' | 'Intermediate' | 'Advanced';
  description: string;
  /** A kanji card is one reading of a kanji (the admin "readings"), so kanji courses study readings. */
  materialType: MaterialType;
}

export const COURSE_INFO: Readonly<Record<Course, CourseInfo>> = {
  kana: {
    course: 'kana',
    name: 'Hiragana/Katakana',
    label: 'Beginner',
    description: 'Hiragana and katakana, the two Japanese syllabaries, with an example word for each.',
    materialType: 'kana',
  },
  kanji1: {
    course: 'kanji1',
    name: 'Kanji I',
    label: 'Beginner',
    description: 'The first ~1,000 jōyō kanji, taught in Japanese school grades 1–6, each reading learned through a word in a sentence.',
    materialType: 'reading',
  },
  kanji2: {
    course: 'kanji2',
    name: 'Kanji II',
    label: 'Intermediate',
    description: 'The last ~1,000 jōyō kanji, taught in secondary school (grades 7–9), each reading learned through a word in a sentence.',
    materialType: 'reading',
  },
  vocab1: {
    course: 'vocab1',
    name: 'Vocab I',
    label: 'Beginner',
    description: 'The 1,000 most useful words, each in a sentence with furigana. Can be learned audio-only.',
    materialType: 'vocab',
  },
  vocab2: {
    course: 'vocab2',
    name: 'Vocab II',
    label: 'Intermediate',
    description: '3,000 more words, each in a sentence with furigana. Can be learned audio-only.',
    materialType: 'vocab',
  },
  vocab3: {
    course: 'vocab3',
    name: 'Vocab III',
    label: 'Advanced',
    description: '6,000 more words, each in a sentence with furigana. Can be learned audio-only.',
    materialType: 'vocab',
  },
};

export function isCourse(value: unknown): value is Course {
  return typeof value === 'string' && (COURSES as readonly string[]).includes(value);
}

export function courseInfo(course: Course): CourseInfo {
  return COURSE_INFO[course];
}

export function materialTypeOf(course: Course): MaterialType {
  return COURSE_INFO[course].materialType;
}

export function isLevel(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= MIN_LEVEL && (value as number) <= MAX_LEVEL;
}
