// The admin API's answers (zod, extra keys tolerated) and the one query-options factory of the admin feature.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api';
import { materialContentSchema, statsSchema } from '../../../lib/api-schemas';

export const MATERIAL_TYPES = ['reading', 'vocab', 'kana'] as const;
export type MaterialType = (typeof MATERIAL_TYPES)[number];

/** Where each material type lives in the admin app (SPEC §2). */
export const MATERIAL_BASE: Readonly<Record<MaterialType, string>> = {
  reading: '/admin/readings',
  vocab: '/admin/vocabs',
  kana: '/admin/kanas',
};

export const MATERIAL_TYPE_LABEL: Readonly<Record<MaterialType, { one: string; many: string }>> = {
  reading: { one: 'Reading', many: 'Readings' },
  vocab: { one: 'Vocab', many: 'Vocab' },
  kana: { one: 'Kana', many: 'Kanas' },
};

/** The flag filters of the materials list (`filters`, names joined by +). */
export const MATERIAL_FILTERS = [
  { id: 'no_sentence', label: 'No sentence' },
  { id: 'no_audio', label: 'No audio' },
  { id: 'no_image', label: 'No image' },
  { id: 'audio_unapproved', label: 'Audio not approved' },
  { id: 'image_unapproved', label: 'Image not approved' },
  { id: 'not_servable', label: 'Not served' },
  { id: 'retired', label: 'Retired' },
  { id: 'not_retired', label: 'Not retired' },
] as const;

/** Background jobs an admin can start for one material (DESIGN §6), in the order the buttons show. */
export const JOB_ACTIONS = [
  { id: 'fetch_audio', label: 'Fetch audio' },
  { id: 'fetch_and_upload_image', label: 'Fetch and upload image' },
  { id: 'fetch_sentence', label: 'Fetch sentence' },
  { id: 'fetch_breakdown', label: 'Fetch breakdown' },
  { id: 'fetch_image_description', label: 'Fetch image description' },
  { id: 'fetch_sentence_context', label: 'Fetch sentence context' },
  { id: 'fetch_image', label: 'Fetch image' },
  { id: 'upload_image', label: 'Upload candidate image' },
] as const;

export const APPROVAL_ACTIONS = [
  { id: 'approve_audio', label: 'Approve audio' },
  { id: 'unapprove_audio', label: 'Unapprove audio' },
  { id: 'approve_image', label: 'Approve image' },
  { id: 'unapprove_image', label: 'Unapprove image' },
] as const;

export type JobAction = (typeof JOB_ACTIONS)[number]['id'];
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number]['id'];
export type MaterialAction = JobAction | ApprovalAction;

export function actionLabel(action: string): string {
  return [...JOB_ACTIONS, ...APPROVAL_ACTIONS].find((a) => a.id === action)?.label ?? action;
}

const text = z.nullish(z.string());
const id = z.number();
/** Stream versions are bigints: the server may send them as numbers or strings; they go back as received. */
const version = z.union([z.number(), z.string()]);

/** The catalogue's content fields (shared with the learner's card) and what only an admin sees. */
export const materialSchema = z.extend(materialContentSchema, {
  id,
  type: z.enum(MATERIAL_TYPES),
  course: z.string(),
  level: z.number(),
  version,
  image_tmp: text,
  image_situation: text,
  audio_spec: z.optional(z.unknown()),
  is_audio_approved: z._default(z.boolean(), false),
  is_image_approved: z._default(z.boolean(), false),
  /** The system voice's clips (Open JTalk), approved by the system: learners hear them unless replaced or unapproved. */
  kana_audio_url: text,
  voice_spec: text,
  audio_vetoed: z._default(z.boolean(), false),
  /** Left the content files (or taken out by an admin): learners no longer get it; it stays open here. */
  retired: z._default(z.boolean(), false),
  retired_reason: text,
});
export type Material = z.infer<typeof materialSchema>;

export const vocabOptionSchema = z.object({
  id,
  vocab: z.string(),
  vocab_hiragana: text,
  vocab_meaning: text,
  /** Optional extension: the readings that use this vocab, so the warning shows before saving. */
  reading_ids: z.optional(z.array(id)),
  /** A retired word: a reading taught with it is not served. */
  retired: z.optional(z.boolean()),
});
export type VocabOption = z.infer<typeof vocabOptionSchema>;

export const adminReadingSchema = z.object({
  id,
  level: z.number(),
  grade: z.nullish(z.union([z.string(), z.number()])),
  kanji_id: z.nullish(z.number()),
  kanji: text,
  reading: text,
  vocab_id: z.nullish(z.number()),
  vocab_id_options: z._default(z.array(vocabOptionSchema), []),
  same_vocab_reading_ids: z._default(z.array(id), []),
});
export type AdminReading = z.infer<typeof adminReadingSchema>;

export const jobSchema = z.object({
  action: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  error: text,
  at: z.string(),
});
export type Job = z.infer<typeof jobSchema>;

export const materialDetailSchema = z.object({
  material: materialSchema,
  reading: z.nullish(adminReadingSchema),
  jobs: z._default(z.array(jobSchema), []),
  neighbours: z.nullish(z.object({ prev: z.nullish(id), next: z.nullish(id) })),
});
export type MaterialDetail = z.infer<typeof materialDetailSchema>;

export const materialRowSchema = z.object({
  id,
  type: z.enum(MATERIAL_TYPES),
  course: z.string(),
  level: z.number(),
  position: z.nullish(z.number()),
  title: z.string(),
  subtitle: text,
  vocab_id: z.nullish(z.number()),
  has_sentence: z.boolean(),
  has_audio: z.boolean(),
  is_audio_approved: z.boolean(),
  has_image: z.boolean(),
  is_image_approved: z.boolean(),
  servable: z.boolean(),
  retired: z._default(z.boolean(), false),
  updated_at: text,
});
export type MaterialRow = z.infer<typeof materialRowSchema>;

export const materialListSchema = z.object({
  items: z.array(materialRowSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type MaterialList = z.infer<typeof materialListSchema>;

export const actionsResponseSchema = z.object({
  request_id: z.optional(z.union([z.string(), z.number()])),
  requested: z._default(z.array(z.string()), []),
});

const meanings = z.catch(z.array(z.string()), []);
const kanjiReading = z.union([z.string(), z.object({ reading: z.string(), grade: text })]);

export const kanjiListSchema = z.object({
  items: z.array(
    z.object({
      id,
      character: z.string(),
      level: z.number(),
      course: text,
      meanings,
      reading_ids: z._default(z.array(id), []),
    }),
  ),
});
export type KanjiList = z.infer<typeof kanjiListSchema>;

export const kanjiDetailSchema = z.object({
  id,
  character: z.string(),
  level: z.number(),
  course: text,
  meanings,
  on_readings: z._default(z.array(kanjiReading), []),
  kun_readings: z._default(z.array(kanjiReading), []),
  readings: z._default(z.array(z.object({ id, reading: z.string(), vocab_id: z.nullish(z.number()), level: z.nullish(z.number()) })), []),
});
export type KanjiDetail = z.infer<typeof kanjiDetailSchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: text,
  created_at: text,
  last_flashcard_updated_at: text,
  provider: text,
  timezone: text,
  current_course: text,
  level: z.nullish(z.record(z.string(), z.number())),
  flashcard_count: z.nullish(z.number()),
  subscription_status: text,
  is_admin: z._default(z.boolean(), false),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersSchema = z.object({ users: z.array(adminUserSchema) });

/** The learner profile shape; only what the admin page shows is read, and a surprise there never hides the page. */
const userProfileSchema = z.catch(
  z.nullish(
    z.object({
      settings: z.nullish(z.record(z.string(), z.unknown())),
      updates_unread: z.nullish(z.number()),
    }),
  ),
  null,
);

export const adminUserDetailSchema = z.object({
  user: adminUserSchema,
  /** the learner's stats for the course, as GET /api/users/stats answers them */
  stats: z.nullish(statsSchema),
  profile: userProfileSchema,
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const roleResponseSchema = z.object({ id: z.string(), is_admin: z.boolean() });

export const historyItemSchema = z.object({
  event_id: z.string(),
  stream_id: z.string(),
  type: z.string(),
  at: z.string(),
  actor: z.nullish(
    z.object({
      id: z.nullish(z.string()),
      name: text,
      kind: z.catch(z.enum(['user', 'admin', 'operator', 'system']), 'system'),
    }),
  ),
  changes: z._default(z.array(z.object({ field: z.string(), before: z.optional(z.unknown()), after: z.optional(z.unknown()) })), []),
  data: z.optional(z.unknown()),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const historyPageSchema = z.object({
  items: z.array(historyItemSchema),
  next_before: z.nullish(z.string()),
});

export interface MaterialListParams {
  course?: string;
  level?: string;
  filters?: readonly string[];
  page?: number;
}

/** Filter names travel joined by '+' (SPEC §2); in a URL they may come back as spaces. */
export function parseFilters(value: string | null | undefined): string[] {
  return (value ?? '').split(/[+\s,]+/).filter(Boolean);
}

export function joinFilters(filters: readonly string[]): string | undefined {
  return filters.length ? filters.join('+') : undefined;
}

export type HistorySource = { stream: string; actor?: undefined } | { actor: string; stream?: undefined };

export const adminKeys = {
  all: ['admin'] as const,
  materials: (type: MaterialType) => ['admin', 'materials', type] as const,
  materialList: (type: MaterialType, params: MaterialListParams) => ['admin', 'materials', type, 'list', params] as const,
  material: (type: MaterialType, id: number, nav: MaterialListParams = {}) => ['admin', 'materials', type, 'detail', id, nav] as const,
  kanji: ['admin', 'kanji'] as const,
  users: ['admin', 'users'] as const,
  history: ['admin', 'history'] as const,
};

export const adminQueries = {
  materials: (type: MaterialType, params: MaterialListParams) =>
    queryOptions({
      queryKey: adminKeys.materialList(type, params),
      queryFn: ({ signal }) =>
        api.get(
          '/api/admin/materials',
          materialListSchema,
          { type, course: params.course || undefined, level: params.level || undefined, filters: joinFilters(params.filters ?? []), page: params.page && params.page > 1 ? params.page : undefined },
          signal,
        ),
    }),
  /** `nav` (the list's course, level and filters) lets the server answer the neighbours for prev/next. */
  material: (type: MaterialType, id: number, nav: MaterialListParams = {}) =>
    queryOptions({
      queryKey: adminKeys.material(type, id, nav),
      queryFn: ({ signal }) =>
        api.get(
          `/api/admin/materials/${id}`,
          materialDetailSchema,
          { type, course: nav.course || undefined, level: nav.level || undefined, filters: joinFilters(nav.filters ?? []) },
          signal,
        ),
    }),
  kanjiList: (params: { course?: string; level?: string }) =>
    queryOptions({
      queryKey: [...adminKeys.kanji, 'list', params] as const,
      queryFn: ({ signal }) => api.get('/api/admin/kanji', kanjiListSchema, { course: params.course || undefined, level: params.level || undefined }, signal),
    }),
  kanji: (id: number) =>
    queryOptions({
      queryKey: [...adminKeys.kanji, 'detail', id] as const,
      queryFn: ({ signal }) => api.get(`/api/admin/kanji/${id}`, kanjiDetailSchema, undefined, signal),
    }),
  users: () =>
    queryOptions({
      queryKey: [...adminKeys.users, 'list'] as const,
      queryFn: ({ signal }) => api.get('/api/admin/users', adminUsersSchema, undefined, signal),
    }),
  user: (id: string, course?: string) =>
    queryOptions({
      queryKey: [...adminKeys.users, 'detail', id, course ?? null] as const,
      queryFn: ({ signal }) => api.get(`/api/admin/users/${encodeURIComponent(id)}`, adminUserDetailSchema, { course }, signal),
    }),
  history: (source: HistorySource) =>
    infiniteQueryOptions({
      queryKey: [...adminKeys.history, source.stream ? { stream: source.stream } : { actor: source.actor }] as const,
      queryFn: ({ signal, pageParam }) =>
        api.get('/api/admin/history', historyPageSchema, { stream: source.stream, actor: source.actor, before: pageParam }, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.next_before ?? undefined,
    }),
};
