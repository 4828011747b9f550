// The admin calls' answers (issue 18): the materials (list, one, edit, upload, actions), the kanji, the users and
// the history. They tolerate extra keys. The requests are in admin.requests.ts.
import * as z from 'zod/mini';
import { materialContentSchema } from './content';
import { statsSchema } from './progress';

/** The kinds of material, in the admin's order (SPEC §2: readings, vocab, kanas). */
export const CARD_TYPES = ['reading', 'vocab', 'kana'] as const;
export type CardType = (typeof CARD_TYPES)[number];


const text = z.nullish(z.string());
const id = z.number();
/** Stream versions are bigints: the server may send them as numbers or strings; they go back as received. */
const version = z.union([z.number(), z.string()]);

/** The catalogue's content fields (shared with the learner's card) and what only an admin sees. */
export const adminMaterialSchema = z.extend(materialContentSchema, {
  id,
  type: z.enum(CARD_TYPES),
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
export type AdminMaterial = z.infer<typeof adminMaterialSchema>;

export const vocabOptionSchema = z.object({
  id,
  vocab: z.string(),
  vocab_hiragana: text,
  vocab_meaning: text,
  /** The readings that use this vocab, so the warning shows before saving. */
  reading_ids: z.optional(z.array(id)),
  /** A retired word: a reading taught with it is not served. */
  retired: z.optional(z.boolean()),
});
export type VocabOption = z.infer<typeof vocabOptionSchema>;

/** A reading card's admin facts: its grade, kanji, the chosen word and the candidates. */
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

/** The latest media job per action. */
export const jobSchema = z.object({
  action: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  error: text,
  at: z.string(),
});
export type Job = z.infer<typeof jobSchema>;

/** GET, PATCH and the upload of /api/admin/materials/:id: the material, its reading facts, jobs and list neighbours. */
export const materialDetailSchema = z.object({
  material: adminMaterialSchema,
  reading: z.nullish(adminReadingSchema),
  jobs: z._default(z.array(jobSchema), []),
  neighbours: z.nullish(z.object({ prev: z.nullish(id), next: z.nullish(id) })),
});
export type MaterialDetail = z.infer<typeof materialDetailSchema>;

export const materialRowSchema = z.object({
  id,
  type: z.enum(CARD_TYPES),
  course: z.string(),
  level: z.number(),
  position: z.nullish(z.number()),
  title: z.string(),
  subtitle: text,
  vocab_id: z.nullish(z.number()),
  has_sentence: z.boolean(),
  has_audio: z.boolean(),
  is_audio_approved: z.boolean(),
  /** no audio of the admin's, but the system voice plays on the card (not unapproved) */
  system_voice: z._default(z.boolean(), false),
  has_image: z.boolean(),
  is_image_approved: z.boolean(),
  servable: z.boolean(),
  retired: z._default(z.boolean(), false),
  updated_at: text,
});
export type MaterialRow = z.infer<typeof materialRowSchema>;

/** GET /api/admin/materials: one page of the filtered list. */
export const materialListSchema = z.object({
  items: z.array(materialRowSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type MaterialList = z.infer<typeof materialListSchema>;

/** POST /api/admin/materials/:id/actions (202): the request (absent for approvals only) and what was asked for. */
export const actionsAnswerSchema = z.object({
  request_id: z.optional(z.union([z.string(), z.number()])),
  requested: z._default(z.array(z.string()), []),
});

const meanings = z.catch(z.array(z.string()), []);
const kanjiReading = z.union([z.string(), z.object({ reading: z.string(), grade: text })]);

/** GET /api/admin/kanji */
export const adminKanjiListSchema = z.object({
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
export type AdminKanjiList = z.infer<typeof adminKanjiListSchema>;

/** GET /api/admin/kanji/:id: the kanji with its reading cards. */
export const adminKanjiDetailSchema = z.object({
  id,
  character: z.string(),
  level: z.number(),
  course: text,
  meanings,
  on_readings: z._default(z.array(kanjiReading), []),
  kun_readings: z._default(z.array(kanjiReading), []),
  readings: z._default(z.array(z.object({ id, reading: z.string(), vocab_id: z.nullish(z.number()), level: z.nullish(z.number()) })), []),
});
export type AdminKanjiDetail = z.infer<typeof adminKanjiDetailSchema>;

/** SPEC §3 Admin user (never a password hash or a token). */
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

/** GET /api/admin/users, newest first. */
export const adminUsersSchema = z.object({ users: z.array(adminUserSchema) });

/** The learner profile shape; only what the admin page shows is read, and a surprise there never hides the page. */
const learnerProfileSchema = z.catch(
  z.nullish(
    z.object({
      settings: z.nullish(z.record(z.string(), z.unknown())),
      updates_unread: z.nullish(z.number()),
    }),
  ),
  null,
);

/** GET /api/admin/users/:id: the learner, their stats for the course (as GET /api/users/stats), their profile. */
export const adminUserDetailSchema = z.object({
  user: adminUserSchema,
  stats: z.nullish(statsSchema),
  profile: learnerProfileSchema,
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

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

/** GET /api/admin/history: 50 events a page, newest first; `next_before` asks for the older page. */
export const historyPageSchema = z.object({
  items: z.array(historyItemSchema),
  next_before: z.nullish(z.string()),
});
