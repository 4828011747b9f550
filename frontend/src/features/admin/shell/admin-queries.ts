// The admin API's answers and the one query-options factory of the admin feature. The answers' shapes are the
// API contract's (contract/admin.ts, issue 18; extra keys tolerated), under the names the admin screens use.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { adminKanjiDetailSchema, adminKanjiListSchema, adminUserDetailSchema, adminUsersSchema, historyPageSchema, materialDetailSchema, materialListSchema, type CardType } from '../../../../../contract/admin';
import { MEDIA_APPROVAL_ACTIONS, MEDIA_JOB_ACTIONS, type MediaAction, type MediaApprovalAction } from '../../../../../contract/admin.requests';
import { api } from '../../../lib/api';

export {
  actionsAnswerSchema as actionsResponseSchema,
  adminKanjiDetailSchema as kanjiDetailSchema,
  adminKanjiListSchema as kanjiListSchema,
  adminMaterialSchema as materialSchema,
  adminReadingSchema,
  adminUserDetailSchema,
  adminUserSchema,
  adminUsersSchema,
  CARD_TYPES as MATERIAL_TYPES,
  historyItemSchema,
  historyPageSchema,
  jobSchema,
  materialDetailSchema,
  materialListSchema,
  materialRowSchema,
  vocabOptionSchema,
  type AdminKanjiDetail as KanjiDetail,
  type AdminKanjiList as KanjiList,
  type AdminMaterial as Material,
  type AdminReading,
  type AdminUser,
  type AdminUserDetail,
  type HistoryItem,
  type Job,
  type MaterialDetail,
  type MaterialList,
  type MaterialRow,
  type VocabOption,
} from '../../../../../contract/admin';
export { roleAnswerSchema as roleResponseSchema } from '../../../../../contract/accounts';

export type MaterialType = CardType;

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

/** The buttons' words for each action of the contract: a new action without a label does not type-check. */
const ACTION_LABELS: Readonly<Record<MediaAction, string>> = {
  fetch_audio: 'Fetch audio',
  fetch_and_upload_image: 'Fetch and upload image',
  fetch_sentence: 'Fetch sentence',
  fetch_breakdown: 'Fetch breakdown',
  fetch_image_description: 'Fetch image description',
  fetch_sentence_context: 'Fetch sentence context',
  fetch_image: 'Fetch image',
  upload_image: 'Upload candidate image',
  approve_audio: 'Approve audio',
  unapprove_audio: 'Unapprove audio',
  approve_image: 'Approve image',
  unapprove_image: 'Unapprove image',
};

/** Background jobs an admin can start for one material (DESIGN §6), in the order the buttons show. */
export const JOB_ACTIONS = MEDIA_JOB_ACTIONS.map((id) => ({ id, label: ACTION_LABELS[id] }));
export const APPROVAL_ACTIONS = MEDIA_APPROVAL_ACTIONS.map((id) => ({ id, label: ACTION_LABELS[id] }));

export type JobAction = (typeof MEDIA_JOB_ACTIONS)[number];
export type ApprovalAction = MediaApprovalAction;
export type MaterialAction = MediaAction;

export function actionLabel(action: string): string {
  return [...JOB_ACTIONS, ...APPROVAL_ACTIONS].find((a) => a.id === action)?.label ?? action;
}

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
      queryFn: ({ signal }) => api.get('/api/admin/kanji', adminKanjiListSchema, { course: params.course || undefined, level: params.level || undefined }, signal),
    }),
  kanji: (id: number) =>
    queryOptions({
      queryKey: [...adminKeys.kanji, 'detail', id] as const,
      queryFn: ({ signal }) => api.get(`/api/admin/kanji/${id}`, adminKanjiDetailSchema, undefined, signal),
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
