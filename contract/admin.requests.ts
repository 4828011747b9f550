// The admin calls' requests (issue 18): the materials list and page, the edit, the upload form, the actions,
// the kanji, a user and the history. Strict where a typo would lose an edit (an unknown field is a 400 naming
// it); query strings arrive as text, so an empty value is no value. The backend validates with these.
import * as z from 'zod/mini';
import { CARD_TYPES } from './admin';
import { COURSES, KANJI_COURSES, MAX_ID } from './courses';

/** A query value: '' (an emptied filter) is the same as absent. */
const blankIsAbsent = <S extends z.ZodMiniType>(schema: S) => z.pipe(z.transform((v: unknown) => (v === '' ? undefined : v)), schema);
/** A level in a query string: a whole number 1–9, '' for none. */
const levelQuery = z.pipe(
  z.transform((v: unknown) => (v === '' || v === undefined ? undefined : Number(v))),
  z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(9))),
);

/**
 * GET /api/admin/materials/:id and the list's filters: the type, and the list the admin came from (course,
 * level, flag filters joined by +, spaces or commas) so prev/next can be answered.
 */
export const materialListParamsSchema = z.object({
  type: z.enum(CARD_TYPES),
  course: blankIsAbsent(z.optional(z.enum(COURSES))),
  level: levelQuery,
  filters: z.optional(z.string().check(z.maxLength(500))),
});
export type MaterialListParams = z.output<typeof materialListParamsSchema>;

/** GET /api/admin/materials: the list's filters and the page (1 when absent). */
export const materialListQuerySchema = z.extend(materialListParamsSchema, {
  page: z.pipe(
    z.transform((v: unknown) => (v === '' || v === undefined ? undefined : Number(v))),
    z._default(z.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
  ),
});

/** Empty text is no text: the editor sends null, a hand-written call may send "". */
const editText = (max: number) =>
  z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v)),
    z.optional(z.nullable(z.string().check(z.maxLength(max, `At most ${max} characters.`)))),
  );

/** Media URLs are set by uploads and jobs; an edit may only remove them. */
const removeOnly = z.optional(z.null({ message: 'Only null (remove) can be sent here; upload or fetch media with the actions.' }));

const breakdownRow = z.object({
  word: z.string().check(z.maxLength(200)),
  pronunciation: z.nullish(z.string().check(z.maxLength(400))),
  meaning: z.nullish(z.string().check(z.maxLength(1000))),
  vocab: z.optional(z.unknown()),
});
type BreakdownRow = z.output<typeof breakdownRow>;
const tidyBreakdown = (rows: BreakdownRow[] | null | undefined) => {
  if (rows === null || rows === undefined) return rows;
  // An editor row with no word is a row the admin added and left empty: dropped, not an error.
  const kept = rows
    .filter((r) => r.word.trim() !== '')
    .map((r) => ({ word: r.word.trim(), pronunciation: r.pronunciation ?? '', meaning: r.meaning ?? '', ...(r.vocab ? { vocab: true } : {}) }));
  return kept.length === 0 ? null : kept;
};
const editBreakdown = z.pipe(z.optional(z.nullable(z.array(breakdownRow).check(z.maxLength(200)))), z.transform(tidyBreakdown));

/** A material's stream version: a number, or its digits (bigints may travel as text). */
export const materialVersionSchema = z.union([
  z.number().check(z.int(), z.nonnegative()),
  z.pipe(z.string().check(z.regex(/^\d{1,18}$/, 'A version is a number.')), z.transform(Number)),
]);

/**
 * PATCH /api/admin/materials/:id (or POST with `_method: "patch"`): the material's type, the version the edit is
 * based on (a 409 when it changed since) and the changed fields only (SPEC §7: a reading's grade and vocab_id,
 * the word's, sentence and kana fields); null removes a field.
 */
export const editMaterialBodySchema = z.strictObject({
  type: z.enum(CARD_TYPES),
  version: materialVersionSchema,
  grade: z.optional(z.nullable(z.union([z.enum(['elementary', 'middle', 'high']), z.number().check(z.int(), z.minimum(1), z.maximum(12))]))),
  vocab_id: z.optional(z.nullable(z.number().check(z.int(), z.positive(), z.maximum(MAX_ID)))),
  kanji: editText(50),
  kana: editText(20),
  reading: editText(100),
  vocab: editText(200),
  vocab_hiragana: editText(200),
  vocab_meaning: editText(2000),
  sentence: editText(1000),
  furigana: editText(3000),
  sentence_meaning: editText(2000),
  sentence_context: editText(4000),
  sentence_breakdown: editBreakdown,
  image_description: editText(4000),
  image_situation: editText(4000),
  audio_spec: editText(200),
  image_url: removeOnly,
  audio_url: removeOnly,
  image_tmp: removeOnly,
  is_audio_approved: z.optional(z.boolean()),
  is_image_approved: z.optional(z.boolean()),
});
export type EditMaterialBody = z.output<typeof editMaterialBodySchema>;

/**
 * POST /api/admin/materials/:id as a multipart form (SPEC §2 image upload): `_method=patch`, the type, the
 * version, and the file in `image` (or a recording in `audio`).
 */
export const uploadFormSchema = z.object({
  _method: z.string().check(z.regex(/^patch$/i, 'This endpoint updates the material: send _method=patch.')),
  type: z.enum(CARD_TYPES),
  version: z.optional(materialVersionSchema),
});

/**
 * The background jobs an admin can ask for (SPEC §7; DESIGN §6), in the order the admin's buttons show them: the
 * one list the backend's job table (media/jobs), its validation and the admin screen read.
 */
export const MEDIA_JOB_ACTIONS = [
  'fetch_audio',
  'fetch_and_upload_image',
  'fetch_sentence',
  'fetch_breakdown',
  'fetch_image_description',
  'fetch_sentence_context',
  'fetch_image',
  'upload_image',
] as const;
export type MediaJobActionName = (typeof MEDIA_JOB_ACTIONS)[number];

/** Approvals: decisions the admin API records directly, not work. */
export const MEDIA_APPROVAL_ACTIONS = ['approve_audio', 'unapprove_audio', 'approve_image', 'unapprove_image'] as const;
export type MediaApprovalAction = (typeof MEDIA_APPROVAL_ACTIONS)[number];

/** The card's approval flags: a new audio or image is not approved (learners do not get it) until an admin says so. */
export const APPROVAL_FLAGS = ['is_audio_approved', 'is_image_approved'] as const;
export type ApprovalFlag = (typeof APPROVAL_FLAGS)[number];

/** The flag each approval sets, and to what: the backend records it, the admin screen waits to see it. */
export const MEDIA_APPROVALS: Readonly<Record<MediaApprovalAction, { field: ApprovalFlag; value: boolean }>> = {
  approve_audio: { field: 'is_audio_approved', value: true },
  unapprove_audio: { field: 'is_audio_approved', value: false },
  approve_image: { field: 'is_image_approved', value: true },
  unapprove_image: { field: 'is_image_approved', value: false },
};

export function isMediaApprovalAction(action: string): action is MediaApprovalAction {
  return (MEDIA_APPROVAL_ACTIONS as readonly string[]).includes(action);
}

/** Every key of the `actions` map of POST /api/admin/materials/:id/actions. */
export const MEDIA_ACTIONS = [...MEDIA_JOB_ACTIONS, ...MEDIA_APPROVAL_ACTIONS] as const;
export type MediaAction = (typeof MEDIA_ACTIONS)[number];

/**
 * POST /api/admin/materials/:id/actions: `actions` is a map whose true entries are asked for (a list of names is
 * accepted too); an unknown action is a 400 from the server's decision, which names it.
 */
export const requestActionsBodySchema = z.object({
  type: z.enum(CARD_TYPES),
  actions: z.union([z.record(z.string().check(z.maxLength(60)), z.unknown()), z.array(z.string().check(z.maxLength(60))).check(z.maxLength(20))]),
});

/** GET /api/admin/kanji?course&level */
export const adminKanjiQuerySchema = z.object({
  course: blankIsAbsent(z.optional(z.enum(KANJI_COURSES))),
  level: levelQuery,
});

/** GET /api/admin/users/:id?course (default: their current course, else kana) */
export const adminUserQuerySchema = z.object({ course: blankIsAbsent(z.optional(z.enum(COURSES))) });

/** GET /api/admin/history?stream=<stream id> | ?actor=<user id> [&before=<cursor>]: exactly one of stream and actor. */
export const historyQuerySchema = z.object({
  stream: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_.:-]{1,200}$/, 'A stream id such as material-reading-12 or user-<id>.'))),
  actor: z.optional(z.uuid('An actor is a user id.')),
  before: z.optional(z.string().check(z.maxLength(60))),
});
