// The course catalogue of SPEC §1, as the learner sees it.

// The course list is the API contract's (contract/courses.ts): the calls take and answer these names.
import { COURSES, type Course } from '../../../contract/courses';

export { COURSES, KANJI_COURSES, VOCAB_COURSES, type Course, type KanjiCourse, type VocabCourse } from '../../../contract/courses';
export type CourseKind = 'kana' | 'kanji' | 'vocab';

export interface CourseInfo {
  id: Course;
  name: string;
  content: string;
  label: 'Beginner' | 'Intermediate' | 'Advanced';
  description: string;
  kind: CourseKind;
}

export const COURSE_INFO: Readonly<Record<Course, CourseInfo>> = {
  kana: {
    id: 'kana',
    name: 'Hiragana/Katakana',
    content: 'Hiragana and katakana',
    label: 'Beginner',
    kind: 'kana',
    description: 'The two Japanese syllabaries, one sound per card, each with an example word and a pronunciation hint.',
  },
  kanji1: {
    id: 'kanji1',
    name: 'Kanji I',
    content: 'The first ~1,000 jōyō kanji, school grades 1–6',
    label: 'Beginner',
    kind: 'kanji',
    description: 'Each reading of a kanji is learned through a common word in a sentence, with furigana for the rest.',
  },
  kanji2: {
    id: 'kanji2',
    name: 'Kanji II',
    content: 'The last ~1,000 jōyō kanji, grades 7–9',
    label: 'Intermediate',
    kind: 'kanji',
    description: 'The secondary-school kanji, each reading learned through a word in a sentence.',
  },
  vocab1: {
    id: 'vocab1',
    name: 'Vocab I',
    content: '1,000 words',
    label: 'Beginner',
    kind: 'vocab',
    description: 'The 1,000 most useful words, each in a sentence with furigana. Can be learned audio-only.',
  },
  vocab2: {
    id: 'vocab2',
    name: 'Vocab II',
    content: '3,000 more words',
    label: 'Intermediate',
    kind: 'vocab',
    description: '3,000 more words, each in a sentence with furigana. Can be learned audio-only.',
  },
  vocab3: {
    id: 'vocab3',
    name: 'Vocab III',
    content: '6,000 more words',
    label: 'Advanced',
    kind: 'vocab',
    description: '6,000 more words, each in a sentence with furigana. Can be learned audio-only.',
  },
};

export const MAX_LEVEL = 9;
export const BATCH_SIZE = 10;

export function isCourse(value: unknown): value is Course {
  return typeof value === 'string' && (COURSES as readonly string[]).includes(value);
}

export function courseKind(course: string): CourseKind {
  if (course === 'kana') return 'kana';
  return course.startsWith('kanji') ? 'kanji' : 'vocab';
}

/**
 * SPEC §9: kanji levels 1–9 are named after the kanji-test grades 10級 down to 2級. Only a fallback: the content
 * names each level after the real Kanken levels of its kanji (`level_label`, e.g. 9級–8級), which pages show
 * when the API gives it.
 */
export function kanjiLevelLabel(level: number): string {
  return `${11 - level}級`;
}
