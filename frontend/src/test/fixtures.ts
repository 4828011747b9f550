// Network fixtures, typed by the zod schemas the app parses them with.
import type * as z from 'zod/mini';
import type { masterySchema } from '../features/awards/awards-queries';
import type { kanaChartSchema, kanjiDetailSchema, kanjiListSchema, vocabListSchema } from '../features/dictionary/dictionary-queries';
import type { statsSchema } from '../features/progress/progress-queries';
import type { flashcardSchema, gradeResponseSchema, nextCardSchema } from '../features/study/study-queries';
import { COURSES, type Course } from '../lib/courses';
import type { profileSchema, Settings } from '../lib/profile';

type In<S extends z.ZodMiniType> = z.input<S>;
export type FlashcardFixture = In<typeof flashcardSchema>;

export const defaultSettings: Settings = {
  keyboard_shortcuts: true,
  audio_autoplay: false,
  vocab_prompt: 'text',
  vocab_hide_text: false,
  vocab_audio_autoplay: false,
  furigana: 'show',
  typed_reading: false,
  vocab_typed_answer: 'off',
};

export function profileFixture(overrides: Partial<In<typeof profileSchema>> = {}): In<typeof profileSchema> {
  return {
    name: 'Aiko',
    email: 'aiko@example.com',
    level: { ...(Object.fromEntries(COURSES.map((course) => [course, 1])) as Record<Course, number>), kanji1: 2 },
    subscription_status: 'inactive',
    settings: { ...defaultSettings },
    is_admin: false,
    updates_unread: 3,
    timezone: 'Europe/Berlin',
    ...overrides,
  };
}

let nextId = 1;

export function vocabCard(overrides: Partial<FlashcardFixture> = {}, material: Partial<FlashcardFixture['material']> = {}): FlashcardFixture {
  const id = nextId++;
  return {
    flashcard_id: `vocab-${id}`,
    course: 'vocab1',
    level: 1,
    attempts: 0,
    mastery_level: 'learning',
    interval: 0,
    next_intervals: { '0': 0, '3': 4, '5': 48 },
    material: {
      vocab_id: id,
      vocab: '日本語',
      vocab_hiragana: 'にほんご',
      vocab_meaning: 'Japanese language',
      sentence: '私[わたし]は日本語[にほんご]を勉強[べんきょう]します',
      sentence_meaning: 'I study Japanese.',
      sentence_context: 'Introducing yourself in class.',
      sentence_breakdown: [
        { word: '私', pronunciation: 'わたし', meaning: 'I', vocab: true },
        { word: '日本語', pronunciation: 'にほんご', meaning: 'Japanese' },
      ],
      audio_url: `/media/audio/vocab-${id}.mp3`,
      ...material,
    },
    ...overrides,
  };
}

export function kanjiCard(overrides: Partial<FlashcardFixture> = {}, material: Partial<FlashcardFixture['material']> = {}): FlashcardFixture {
  const id = nextId++;
  return {
    flashcard_id: `reading-${id}`,
    course: 'kanji1',
    level: 1,
    attempts: 3,
    mastery_level: 'learning',
    interval: 8,
    next_intervals: { '0': 0, '3': 12, '5': 20 },
    material: {
      kanji_id: 1,
      kanji: '日',
      reading: 'ニチ',
      vocab: '毎日',
      vocab_hiragana: 'まいにち',
      vocab_meaning: 'every day',
      sentence: '毎日[まいにち]走[はし]ります',
      sentence_meaning: 'I run every day.',
      audio_url: `/media/audio/reading-${id}.mp3`,
      ...material,
    },
    ...overrides,
  };
}

export function kanaCard(overrides: Partial<FlashcardFixture> = {}, material: Partial<FlashcardFixture['material']> = {}): FlashcardFixture {
  const id = nextId++;
  return {
    flashcard_id: `kana-${id}`,
    course: 'kana',
    level: 1,
    attempts: 0,
    mastery_level: 'learning',
    interval: 0,
    next_intervals: { '0': 0, '3': 4, '5': 8 },
    material: { kana: 'あ', romaji: 'a', hint: 'a as in father', vocab: 'あさ', vocab_meaning: 'morning', audio_url: '/media/audio/a.mp3', ...material },
    ...overrides,
  };
}

export function nextCard(overrides: Partial<In<typeof nextCardSchema>> = {}): In<typeof nextCardSchema> {
  return { flashcard: null, user_next_review_in_minutes: null, review_count: 0, new_available: 0, learned_count: 0, ...overrides };
}

export function gradeResponse(graded: FlashcardFixture, next: FlashcardFixture | null, overrides: Partial<In<typeof gradeResponseSchema>> = {}): In<typeof gradeResponseSchema> {
  return { flashcard: { ...graded, attempts: graded.attempts + 1 }, new_flashcard: next, new_level: null, user_next_review_in_minutes: null, review_count: 0, ...overrides };
}

export function statsFixture(): In<typeof statsSchema> {
  return {
    levels: [
      { level: 1, primary: { name: 'Level 1' }, secondary: null, untrained: 80, learning: 15, intermediate: 4, mastered: 1 },
      { level: 2, primary: { name: 'Level 2' }, secondary: null, untrained: 100, learning: 0, intermediate: 0, mastered: 0 },
    ],
    review_forecast: [
      { day: 0, count: 12 },
      { day: 1, count: 7 },
      { day: 2, count: 0 },
      { day: 3, count: 3 },
      { day: 4, count: 1 },
    ],
  };
}

export function masteryFixture(granted: Array<{ id: number; at: string }> = []): In<typeof masterySchema> {
  const names = ['Participation Ribbon', 'Improvement Ribbon', 'Persistence Ribbon', 'Endurance Ribbon', 'Excellence Ribbon', 'Champion Trophy', 'Bronze Medal', 'Silver Medal', 'Gold Medal'];
  return {
    course: 'vocab1',
    level: 1,
    awards: names.map((name, i) => ({
      id: i + 1,
      name,
      text: i === 0 ? 'You participated in the course!' : `Congratulations on the ${name}!`,
      icon: '🎗',
      color: '#c0392b',
      granted_at: granted.find((g) => g.id === i + 1)?.at ?? null,
    })),
    levels: [{ level: 1, total: 100, completed: 5 }],
  };
}

export function kanjiListFixture(tab = '1'): In<typeof kanjiListSchema> {
  return {
    course: 'kanji1',
    tab,
    tabs: ['1', '2', '3', '4', '5', '6'].map((id) => ({ id, label: `Grade ${id}`, locked: id !== '1' })),
    items: [
      { id: 1, character: '日', level: 1, meanings: ['day', 'sun'] },
      { id: 2, character: '月', level: 1, meanings: ['month', 'moon'] },
    ],
  };
}

export function kanjiDetailFixture(): In<typeof kanjiDetailSchema> {
  return {
    id: 1,
    character: '日',
    level: 1,
    joyo_level: 1,
    strokes: 4,
    meanings: ['day', 'sun'],
    on_readings: [{ reading: 'ニチ', grade: 'elementary' }],
    kun_readings: [{ reading: 'ひ', grade: 'elementary' }],
    vocabs: [{ vocab: '毎日', vocab_hiragana: 'まいにち', vocab_meaning: 'every day' }],
  };
}

export function vocabListFixture(tab = 'a'): In<typeof vocabListSchema> {
  return {
    course: 'vocab1',
    tab,
    tabs: ['a', 'ka', 'sa', 'ta', 'na', 'ha', 'ma', 'ya', 'ra', 'wa'].map((id, i) => ({ id, label: 'あかさたなはまやらわ'[i], locked: i > 0 })),
    items: [{ id: 7, kanji: '朝', reading: 'あさ', definition: 'morning', level: 1 }],
  };
}

export function kanaChartFixture(): In<typeof kanaChartSchema> {
  return {
    rows: [
      {
        row: 'a',
        hiragana: [
          { kana: 'あ', romaji: 'a', hint: 'a as in father' },
          { kana: 'い', romaji: 'i', hint: 'ee as in see' },
        ],
        katakana: [
          { kana: 'ア', romaji: 'a', hint: 'a as in father' },
          { kana: 'イ', romaji: 'i', hint: 'ee as in see' },
        ],
      },
    ],
  };
}

/** Every call a study screen makes, answered with calm defaults. */
export function courseRoutes(course: string, next: In<typeof nextCardSchema>, profile = profileFixture()) {
  return {
    'GET /api/users/profile': { body: profile },
    [`GET /api/flashcard?course=${course}`]: { body: next },
    [`GET /api/users/stats?course=${course}`]: { body: statsFixture() },
    [`GET /api/users/course_mastery?course=${course}`]: { body: { ...masteryFixture(), course } },
    'GET /api/kanji': { body: kanjiListFixture() },
    'GET /api/vocabs': { body: vocabListFixture() },
    'GET /api/kana': { body: kanaChartFixture() },
    'GET /api/auth/csrf': { body: { token: 'test-csrf-token' } },
  };
}
