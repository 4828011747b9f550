import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { radicalSchema } from '../../components/word-facts';
import { api } from '../../lib/api';
import type { Course } from '../../lib/courses';
import { queryKeys } from '../../lib/query-keys';

const text = z.nullish(z.string());
const id = z.union([z.number(), z.string()]);
const tabSchema = z.object({ id: z.string(), label: z.string(), locked: z._default(z.boolean(), false) });
export type DictionaryTab = z.infer<typeof tabSchema>;

export const kanjiListSchema = z.object({
  course: z.string(),
  tab: z.string(),
  tabs: z.array(tabSchema),
  items: z.array(z.object({ id, character: z.string(), level: z.nullish(z.number()), meanings: z._default(z.array(z.string()), []) })),
});
export type KanjiList = z.infer<typeof kanjiListSchema>;

const readingSchema = z.object({ reading: z.string(), grade: text });
export const kanjiDetailSchema = z.object({
  id,
  character: z.string(),
  level: z.nullish(z.number()),
  /** The level's name from the content (10級, 9級–8級 …): truer than a fixed table. */
  level_label: text,
  joyo_level: z.nullish(z.union([z.number(), z.string()])),
  strokes: z.nullish(z.number()),
  meanings: z._default(z.array(z.string()), []),
  on_readings: z._default(z.array(readingSchema), []),
  kun_readings: z._default(z.array(readingSchema), []),
  radical: z.nullish(radicalSchema),
  components: z._default(z.array(z.string()), []),
  /** Old JLPT level, 4 easiest … 1 hardest. */
  jlpt: z.nullish(z.number()),
  /** Kanji Kentei level: 10級 … 2級, 準2級. */
  kanken: text,
  vocabs: z._default(z.array(z.object({ vocab: z.string(), vocab_hiragana: text, vocab_meaning: text, vocab_note: text })), []),
});
export type KanjiDetail = z.infer<typeof kanjiDetailSchema>;

const kanaEntry = z.object({ kana: z.string(), romaji: z.string(), hint: text });
export type KanaEntry = z.infer<typeof kanaEntry>;
export const kanaChartSchema = z.object({
  rows: z.array(z.object({ row: z.string(), hiragana: z.array(kanaEntry), katakana: z.array(kanaEntry) })),
});
export type KanaChart = z.infer<typeof kanaChartSchema>;

export const kanaDetailSchema = z.object({
  kana: z.string(),
  romaji: text,
  hint: text,
  audio_url: text,
  vocab_reading: text,
  vocab_definition: text,
});
export type KanaDetail = z.infer<typeof kanaDetailSchema>;

export const vocabListSchema = z.object({
  course: z.string(),
  tab: z.string(),
  tabs: z.array(tabSchema),
  items: z.array(z.object({ id, kanji: text, reading: z.string(), definition: text, level: z.nullish(z.number()), note: text })),
});
export type VocabList = z.infer<typeof vocabListSchema>;

const dictionarySentence = z.object({
  id: z.nullish(id),
  text: z.string(),
  clean_text: text,
  translation: text,
  context: text,
  source: text,
});

export const vocabDetailSchema = z.object({
  id,
  kanji: text,
  reading: z.string(),
  definition: text,
  audio_url: text,
  level: z.nullish(z.number()),
  part_of_speech: text,
  senses: z._default(z.array(z.object({ glosses: z.array(z.string()), pos: z._default(z.array(z.string()), []) })), []),
  /** Downstep positions, 0 = flat; the usual accent first. */
  pitch: z._default(z.array(z.number()), []),
  /** Other spellings and readings of the same word. */
  variants: z._default(z.array(z.object({ written: z.string(), reading: z.string() })), []),
  /** Register warning, shown wherever the word is. */
  note: text,
  sentence: z.nullish(dictionarySentence),
  /** Every sentence of the word, the first one first (a Vocab I word has two). */
  sentences: z._default(z.array(dictionarySentence), []),
});
export type VocabDetail = z.infer<typeof vocabDetailSchema>;

// Dictionary content changes only when admins edit it: keep it for ten minutes.
const staleTime = 10 * 60_000;
const root = queryKeys.dictionary;

export const dictionaryQueries = {
  kanjiList: (course: Course, tab: string) =>
    queryOptions({
      queryKey: [...root, 'kanji', course, tab] as const,
      queryFn: ({ signal }) => api.get('/api/kanji', kanjiListSchema, { course, tab }, signal),
      staleTime,
    }),
  kanji: (kanjiId: string | number) =>
    queryOptions({
      queryKey: [...root, 'kanji-detail', String(kanjiId)] as const,
      queryFn: ({ signal }) => api.get(`/api/kanji/${encodeURIComponent(String(kanjiId))}`, kanjiDetailSchema, undefined, signal),
      staleTime,
    }),
  kanaChart: () =>
    queryOptions({
      queryKey: [...root, 'kana'] as const,
      queryFn: ({ signal }) => api.get('/api/kana', kanaChartSchema, undefined, signal),
      staleTime,
    }),
  kana: (kana: string) =>
    queryOptions({
      queryKey: [...root, 'kana-detail', kana] as const,
      queryFn: ({ signal }) => api.get(`/api/kana/${encodeURIComponent(kana)}`, kanaDetailSchema, { kana: true }, signal),
      staleTime,
    }),
  vocabList: (course: Course, tab: string) =>
    queryOptions({
      queryKey: [...root, 'vocab', course, tab] as const,
      queryFn: ({ signal }) => api.get('/api/vocabs', vocabListSchema, { course, tab }, signal),
      staleTime,
    }),
  vocab: (vocabId: string | number) =>
    queryOptions({
      queryKey: [...root, 'vocab-detail', String(vocabId)] as const,
      queryFn: ({ signal }) => api.get(`/api/vocabs/${encodeURIComponent(String(vocabId))}`, vocabDetailSchema, undefined, signal),
      staleTime,
    }),
};

export const KANJI_TABS: Record<'kanji1' | 'kanji2', DictionaryTab[]> = {
  kanji1: ['1', '2', '3', '4', '5', '6'].map((g) => ({ id: g, label: `Grade ${g}`, locked: false })),
  kanji2: ['7', '8', '9'].map((g) => ({ id: g, label: `Grade ${g}`, locked: false })),
};

export const VOCAB_TABS: DictionaryTab[] = [
  ['a', 'あ'],
  ['ka', 'か'],
  ['sa', 'さ'],
  ['ta', 'た'],
  ['na', 'な'],
  ['ha', 'は'],
  ['ma', 'ま'],
  ['ya', 'や'],
  ['ra', 'ら'],
  ['wa', 'わ'],
].map(([tabId, label]) => ({ id: tabId, label, locked: false }));
