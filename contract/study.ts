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

/** One thing the server found wrong in a typed answer: which field, a stable code, and what to tell the learner. */
export const diagnosisSchema = z.object({ field: z.catch(z.enum(['reading', 'meaning']), 'reading'), code: z.string(), message: z.string() });
export type Diagnosis = z.infer<typeof diagnosisSchema>;

/**
 * POST /api/flashcard/check: a typed answer's verdict. `retry`: a near miss on the first try, so one more try is
 * given before the answer is shown. `reading`: the reading as the server compared it (kana).
 */
export const checkAnswerResponseSchema = z.object({
  verdict: z.catch(z.enum(['correct', 'wrong']), 'wrong'),
  near_miss: z.boolean(),
  retry: z.boolean(),
  diagnosis: z._default(z.array(diagnosisSchema), []),
  fields: z._default(z.array(z.object({ field: z.string(), correct: z.boolean() })), []),
  reading: z.nullish(z.string()),
});
export type CheckAnswerResponse = z.infer<typeof checkAnswerResponseSchema>;

/** A typed answer as the grade recorded it. */
export const gradedTypedAnswerSchema = z.object({
  verdict: z.catch(z.enum(['correct', 'wrong']), 'wrong'),
  retried: z.boolean(),
  diagnosis: z._default(z.array(diagnosisSchema), []),
  /** the grade recorded: a wrong answer is a 0 whatever was asked */
  grade: z.number(),
});

/** GET /api/flashcard/wrong-answers: the card's wrong typed answers, newest first. */
export const wrongAnswersResponseSchema = z.object({
  flashcard_id: z.string(),
  wrong_answers: z.array(
    z.object({
      at: z.string(),
      reading: z.nullish(z.string()),
      meaning: z.nullish(z.string()),
      diagnosis: z._default(z.array(z.object({ code: z.string(), message: z.string() })), []),
      /** the near miss before a retry (the retry itself may have been right) */
      first_try: z._default(z.boolean(), false),
    }),
  ),
});
export type WrongAnswersResponse = z.infer<typeof wrongAnswersResponseSchema>;

/** POST /api/flashcard: the graded card and the next one. */
export const gradeResponseSchema = z.object({
  flashcard: flashcardSchema,
  new_flashcard: z.nullable(flashcardSchema),
  new_level: z.nullish(z.number()),
  user_next_review_in_minutes: z.nullish(z.number()),
  review_count: z.number(),
  /** the typed answer as the server checked and recorded it (only when one was sent) */
  typed_answer: z.nullish(gradedTypedAnswerSchema),
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
