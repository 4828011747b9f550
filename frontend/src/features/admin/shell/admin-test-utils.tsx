// Test helpers for the admin specs: the admin routes at a path with fast timings, and typed fixtures.
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as z from 'zod/mini';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createQueryClient } from '../../../lib/query-client';
import type { AdminConfig } from './admin-config';
import type { materialDetailSchema, materialListSchema, materialRowSchema } from './admin-queries';
import { AdminRoutes } from './admin-routes';

type In<S extends z.ZodMiniType> = z.input<S>;
export type DetailFixture = In<typeof materialDetailSchema>;

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderAdmin(path: string, config: Partial<AdminConfig> = {}) {
  const queryClient = createQueryClient({ retry: false });
  const user = userEvent.setup();
  const wait = jest.fn(async (_ms: number) => undefined);
  const fullConfig: Partial<AdminConfig> = { wait, pollMs: 10, ...config };
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/*" element={<AdminRoutes config={fullConfig} />} />
          <Route path="*" element={<p>Outside the admin app</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...utils, user, queryClient, wait };
}

export function vocabDetail(overrides: Partial<DetailFixture> = {}, material: Partial<DetailFixture['material']> = {}): DetailFixture {
  return {
    material: {
      id: 7,
      type: 'vocab',
      course: 'vocab1',
      level: 1,
      version: 3,
      vocab_id: 7,
      vocab: '朝',
      vocab_hiragana: 'あさ',
      vocab_meaning: 'morning',
      sentence: '朝[あさ]ご飯[はん]を食[た]べます',
      furigana: '朝[あさ]ご飯[はん]を食[た]べます',
      sentence_meaning: 'I eat breakfast.',
      sentence_context: null,
      sentence_breakdown: [{ word: '朝', pronunciation: 'あさ', meaning: 'morning', vocab: true }],
      image_url: null,
      audio_url: '/media/audio/vocab-7.mp3',
      image_description: null,
      is_audio_approved: false,
      is_image_approved: false,
      ...material,
    },
    jobs: [],
    neighbours: { prev: 6, next: 8 },
    ...overrides,
  };
}

export function readingDetail(reading: Partial<NonNullable<DetailFixture['reading']>> = {}, material: Partial<DetailFixture['material']> = {}): DetailFixture {
  return {
    material: {
      id: 12,
      type: 'reading',
      course: 'kanji1',
      level: 1,
      version: 3,
      kanji_id: 1,
      kanji: '日',
      reading: 'ニチ',
      vocab_id: null,
      vocab: null,
      sentence: null,
      sentence_context: null,
      image_description: null,
      is_audio_approved: false,
      is_image_approved: false,
      ...material,
    },
    reading: {
      id: 12,
      level: 1,
      grade: 'elementary',
      kanji_id: 1,
      kanji: '日',
      reading: 'ニチ',
      vocab_id: null,
      vocab_id_options: [
        { id: 5, vocab: '毎日', vocab_hiragana: 'まいにち', vocab_meaning: 'every day' },
        { id: 6, vocab: '日曜日', vocab_hiragana: 'にちようび', vocab_meaning: 'Sunday' },
      ],
      same_vocab_reading_ids: [],
      ...reading,
    },
    jobs: [],
    neighbours: { prev: null, next: 13 },
  };
}

export function materialRow(id: number, overrides: Partial<In<typeof materialRowSchema>> = {}): In<typeof materialRowSchema> {
  return {
    id,
    type: 'reading',
    course: 'kanji1',
    level: 1,
    position: id,
    title: '日',
    subtitle: 'ニチ',
    vocab_id: null,
    has_sentence: true,
    has_audio: false,
    is_audio_approved: false,
    has_image: false,
    is_image_approved: false,
    servable: true,
    updated_at: '2024-01-01T00:00:00Z',
    ...overrides,
  };
}

export function materialList(items: Array<In<typeof materialRowSchema>>): In<typeof materialListSchema> {
  return { items, total: items.length, page: 1, page_size: 50 };
}
