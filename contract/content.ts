// The contract (issue 18): the shapes of the API's answers, imported by the backend (to declare and check what
// it answers, and to document it) and by the frontend (to parse it). Plain zod, nothing else: lint keeps it so.
// Written with zod/mini so the frontend's bundle stays small; the backend reads it with zod's functions.
import * as z from 'zod/mini';

const text = z.nullish(z.string());
/** The catalogue sends its ids as numbers, null when a card has none (backend content/catalogue/catalogue.rows.ts). */
const catalogueId = z.nullish(z.number());

export const breakdownEntrySchema = z.object({
  word: z.string(),
  pronunciation: text,
  meaning: text,
  vocab: z.optional(z.unknown()),
  /** learner answers only: the learner's vocab card of this word is Intermediate or Mastered (furigana fainter) */
  learner_knows: z.optional(z.boolean()),
});
export type BreakdownEntry = z.infer<typeof breakdownEntrySchema>;

/** A kanji's radical: its Kangxi number, the character and its name. */
export const radicalSchema = z.object({ number: z.number(), character: z.string(), name: z.nullish(z.string()) });
export type Radical = z.infer<typeof radicalSchema>;

/**
 * The content of a card's material as the catalogue builds it, read by the learner's card (GET /api/flashcard)
 * and the admin's material page (GET /api/admin/materials/:id). Each extends it with what only it reads.
 */
export const materialContentSchema = z.object({
  kanji_id: catalogueId,
  kanji: text,
  kana: text,
  vocab_id: catalogueId,
  vocab: text,
  vocab_hiragana: text,
  vocab_meaning: text,
  reading: text,
  furigana: text,
  sentence: text,
  sentence_meaning: text,
  sentence_context: text,
  sentence_breakdown: z.nullish(z.array(breakdownEntrySchema)),
  image_url: text,
  image_description: text,
  audio_url: text,
  /** the system voice: the word alone, and the sentence shown (a kana card's audio_url is its kana) */
  word_audio_url: text,
  sentence_audio_url: text,
});
