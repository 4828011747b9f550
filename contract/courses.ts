// The vocabulary the calls share (SPEC §1): the courses, their details and the kinds of card, defined once for the
// frontend and the backend (backend/src/kernel/courses.ts and study/courses.ts re-export them). A course is one
// name in COURSES and one entry in COURSE_INFO; its kind places it in KANJI_COURSES or VOCAB_COURSES, and the
// backend's ranks, level names and profile follow from the order and the kind.
export const COURSES = ['kana', 'kanji1', 'kanji2', 'vocab1', 'vocab2', 'vocab3'] as const;
export type Course = (typeof COURSES)[number];

/** The kinds of card, in the learner's order (a flashcard id starts with one: reading-42). */
export const MATERIAL_TYPES = ['kana', 'reading', 'vocab'] as const;
export type MaterialType = (typeof MATERIAL_TYPES)[number];

/** What a course teaches: kanji courses teach readings, vocab courses words (kana is a course of its own). */
export type CourseKind = 'kana' | 'kanji' | 'vocab';

/** A kanji card is one reading of a kanji (the admin "readings"), so kanji courses study readings. */
export const MATERIAL_TYPE_OF_KIND: Readonly<Record<CourseKind, MaterialType>> = { kana: 'kana', kanji: 'reading', vocab: 'vocab' };

export interface CourseInfo {
  id: Course;
  /** The content display name of SPEC §1 ("Kanji I") */
  name: string;
  /** What the course holds, as the landing page's table says it */
  content: string;
  /** Difficulty label of SPEC §1 */
  label: 'Beginner' | 'Intermediate' | 'Advanced';
  kind: CourseKind;
  description: string;
}

export const COURSE_INFO = {
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
} as const satisfies Readonly<Record<Course, CourseInfo>>;

/** The courses whose COURSE_INFO entry has this kind (a type: a new course joins its kind's list by its entry). */
export type CourseOfKind<K extends CourseKind> = { [C in Course]: (typeof COURSE_INFO)[C]['kind'] extends K ? C : never }[Course];

/** The courses of a kind, in the course order. */
export function coursesOfKind<K extends CourseKind>(kind: K): readonly CourseOfKind<K>[] {
  return COURSES.filter((c): c is CourseOfKind<K> => COURSE_INFO[c].kind === kind);
}

/** The courses of each kind, in the course order. */
export const KANJI_COURSES = coursesOfKind('kanji');
export type KanjiCourse = CourseOfKind<'kanji'>;
export const VOCAB_COURSES = coursesOfKind('vocab');
export type VocabCourse = CourseOfKind<'vocab'>;

export function isCourse(value: unknown): value is Course {
  return typeof value === 'string' && (COURSES as readonly string[]).includes(value);
}

export function courseKindOf(course: Course): CourseKind {
  return COURSE_INFO[course].kind;
}

export function materialTypeOf(course: Course): MaterialType {
  return MATERIAL_TYPE_OF_KIND[COURSE_INFO[course].kind];
}

/** The largest id PostgreSQL's integer holds: ids in paths and queries are checked against it. */
export const MAX_ID = 2_147_483_647;
