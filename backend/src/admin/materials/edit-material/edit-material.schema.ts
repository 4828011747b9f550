import { z } from 'zod';
import { CARD_TYPES } from '../card-fields';

/** Empty text is no text: the editor sends null, a hand-written call may send "". */
const text = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().max(max, `At most ${max} characters.`).nullable().optional());

/** Media URLs are set by uploads and jobs; an edit may only remove them. */
const removeOnly = z.null({ message: 'Only null (remove) can be sent here; upload or fetch media with the actions.' }).optional();

const breakdownEntry = z.object({
  word: z.string().max(200),
  pronunciation: z.string().max(400).nullish(),
  meaning: z.string().max(1000).nullish(),
  vocab: z.unknown().optional(),
});

/** An editor row with no word is a row the admin added and left empty: dropped, not an error. */
const breakdown = z
  .array(breakdownEntry)
  .max(200)
  .nullable()
  .optional()
  .transform((rows) =>
    rows === null || rows === undefined
      ? rows
      : rows
          .filter((r) => r.word.trim() !== '')
          .map((r) => ({ word: r.word.trim(), pronunciation: r.pronunciation ?? '', meaning: r.meaning ?? '', ...(r.vocab ? { vocab: true } : {}) })),
  )
  .transform((rows) => (Array.isArray(rows) && rows.length === 0 ? null : rows));

export const version = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,18}$/, 'A version is a number.').transform(Number)]);

/**
 * PATCH /api/admin/materials/:id: the material's type, the version the edit is based on and the changed
 * fields only (SPEC §7: a reading's grade and vocab_id, vocab, sentence and kana fields). Unknown fields → 400.
 */
export const editMaterialSchema = z.strictObject({
  type: z.enum(CARD_TYPES),
  version,
  grade: z.union([z.enum(['elementary', 'middle', 'high']), z.number().int().min(1).max(12)]).nullable().optional(),
  vocab_id: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  kanji: text(50),
  kana: text(20),
  reading: text(100),
  vocab: text(200),
  vocab_hiragana: text(200),
  vocab_meaning: text(2000),
  sentence: text(1000),
  furigana: text(3000),
  sentence_meaning: text(2000),
  sentence_context: text(4000),
  sentence_breakdown: breakdown,
  image_description: text(4000),
  image_situation: text(4000),
  audio_spec: text(200),
  image_url: removeOnly,
  audio_url: removeOnly,
  image_tmp: removeOnly,
  is_audio_approved: z.boolean().optional(),
  is_image_approved: z.boolean().optional(),
});
export type EditMaterialBody = z.infer<typeof editMaterialSchema>;

/** The fields to set: every key the body names except type and version (undefined keys were not sent). */
export function fieldsToSet(body: EditMaterialBody, sent: object): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  for (const key of Object.keys(sent)) {
    if (key === 'type' || key === 'version') continue;
    set[key] = (body as Record<string, unknown>)[key] ?? null;
  }
  return set;
}
