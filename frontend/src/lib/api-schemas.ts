// API shapes that more than one feature parses. A feature never imports another, so a shape two of them read
// lives here once and they cannot drift apart (issue 18: admin and study disagreed on `kanji_id`).
import * as z from 'zod/mini';

const text = z.nullish(z.string());
/** The catalogue sends its ids as numbers, null when a card has none (backend content/catalogue/catalogue.rows.ts). */
const catalogueId = z.nullish(z.number());

export const breakdownEntrySchema = z.object({
  word: z.string(),
  pronunciation: text,
  meaning: text,
  vocab: z.optional(z.unknown()),
});
export type BreakdownEntry = z.infer<typeof breakdownEntrySchema>;

/**
 * The content of a card's material as the catalogue builds it, read by the learner's card (GET /api/flashcard)
 * and the admin's material page (GET /api/admin/materials/:id). Each feature extends it with what only it reads.
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

const named = z.object({ name: z.string() });

/** A learner's stats for one course: GET /api/users/stats, and the `stats` of GET /api/admin/users/:id. */
export const statsSchema = z.object({
  levels: z.array(
    z.object({
      level: z.number(),
      primary: named,
      secondary: z.nullish(named),
      untrained: z.number(),
      learning: z.number(),
      intermediate: z.number(),
      mastered: z.number(),
      /** the level's cards and how many can be studied now (fewer while sentences are being written) */
      cards: z.optional(z.number()),
      available: z.optional(z.number()),
    }),
  ),
  review_forecast: z.array(z.object({ day: z.number(), count: z.number() })),
});
export type Stats = z.infer<typeof statsSchema>;
