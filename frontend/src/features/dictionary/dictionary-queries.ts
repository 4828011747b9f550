import { queryOptions } from '@tanstack/react-query';
import { kanaChartSchema, kanaDetailSchema, kanjiDetailSchema, kanjiListSchema, vocabDetailSchema, vocabListSchema, type DictionaryTab } from '../../../../contract/dictionary';
import { api } from '../../lib/api';
import type { Course, KanjiCourse } from '../../lib/courses';
import { queryKeys } from '../../lib/query-keys';

// The answers' shapes are the API contract's (contract/dictionary.ts, issue 18).
export {
  kanaChartSchema,
  kanaDetailSchema,
  kanjiDetailSchema,
  kanjiListSchema,
  vocabDetailSchema,
  vocabListSchema,
  type DictionaryTab,
  type KanaChart,
  type KanaDetail,
  type KanaEntry,
  type KanjiDetail,
  type KanjiList,
  type VocabDetail,
  type VocabList,
} from '../../../../contract/dictionary';

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

export const KANJI_TABS: Record<KanjiCourse, DictionaryTab[]> = {
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
