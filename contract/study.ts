// The study calls' answers (issue 18): GET /api/flashcard, POST /api/flashcard, POST /api/flashcard/undo. The
// backend declares them with @Answers (checked in tests, documented at /api/docs); the frontend's study feature
// parses them. Lenient where the page is lenient (z.catch, z._default): a new field is harmless. The requests
// are in study.requests.ts.
import * as z from 'zod/mini';
import { materialContentSchema, radicalSchema } from './content';


const text = z.nullish(z.string());

/** The catalogue's content fields (shared with the admin's material page) and the card's own extras. */
export const materialSchema = z.extend(materialContentSchema, {
  romaji: text,
  hint: text,
  meanings: z.nullish(z.array(z.string())),
  // The card back's extras: the example word's part of speech, pitch accent (downstep positions, 0 = flat)
  // and register note; a reading card's kanji radical and parts.
  vocab_part_of_speech: text,
  vocab_pitch: z.nullish(z.array(z.number())),
  vocab_note: text,
  /** a reading card's note on how its example word is read (叔 シュク with 叔父 おじ) */
  reading_note: text,
  kanji_radical: z.nullish(radicalSchema),
  kanji_components: z.nullish(z.array(z.string())),
});
export type Material = z.infer<typeof materialSchema>;

export const flashcardSchema = z.object({
  flashcard_id: z.string(),
  course: z.string(),
  level: z.number(),
  attempts: z.number(),
  mastery_level: z.catch(z.enum(['learning', 'intermediate', 'mastered']), 'learning'),
  interval: z.nullish(z.number()),
  next_intervals: z.nullish(z.record(z.string(), z.number())),
  /** the card's stream version: sent back with a grade so a grade from a stale tab is refused (409) */
  version: z.nullish(z.number()),
  material: materialSchema,
});
export type Flashcard = z.infer<typeof flashcardSchema>;

/** GET /api/flashcard?course=…[&after=…]: the next card of a course, or the one that will follow `after`. */
export const nextCardSchema = z.object({
  flashcard: z.nullable(flashcardSchema),
  user_next_review_in_minutes: z.nullish(z.number()),
  review_count: z.number(),
  new_available: z._default(z.number(), 0),
  learned_count: z._default(z.number(), 0),
  /** open levels with cards still missing their sentence: "N of M cards available" */
  incomplete_levels: z._default(z.array(z.object({ level: z.number(), available: z.number(), cards: z.number() })), []),
  /** Echo of the `after` query parameter: present only when the server looked past that card. */
  after: z.nullish(z.string()),
});
export type NextCard = z.infer<typeof nextCardSchema>;

/** POST /api/flashcard: the graded card and the next one. */
export const gradeResponseSchema = z.object({
  flashcard: flashcardSchema,
  new_flashcard: z.nullable(flashcardSchema),
  new_level: z.nullish(z.number()),
  user_next_review_in_minutes: z.nullish(z.number()),
  review_count: z.number(),
});
export type GradeResponse = z.infer<typeof gradeResponseSchema>;

/** POST /api/flashcard/undo: the card as it is again (its version is the one to grade it with). */
export const undoResponseSchema = z.object({
  flashcard: flashcardSchema,
  undone: z.object({ grade: z.number(), lesson: z.boolean() }),
  user_next_review_in_minutes: z.nullish(z.number()),
  review_count: z.number(),
});
export type UndoResponse = z.infer<typeof undoResponseSchema>;
