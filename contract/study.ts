// The study calls' answers (issue 18): GET /api/flashcard, POST /api/flashcard, POST /api/flashcard/undo, and the
// leeches (issue 31): GET /api/leeches, POST /api/leeches/relearn. The
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
  /**
   * A catch-up plan running: the reviews still served today (the day's share less what is done; 0 once it is). The
   * session counts these instead of review_count. Absent or null without a plan, or once the learner went on today.
   */
  plan_left_today: z.nullish(z.number()),
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
  /** as nextCardSchema's, after this grade */
  plan_left_today: z.nullish(z.number()),
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

/**
 * A typed answer as a grade records it (issue 31, item 10: CardGraded's optional `typedAnswer`): what the learner
 * typed and what was wrong with it. Lenient: the leech history shows whatever of it is there.
 */
export const typedAnswerSchema = z.object({
  reading: z.nullish(z.string()),
  meaning: z.nullish(z.string()),
  verdict: z.nullish(z.string()),
  diagnosis: z.nullish(z.string()),
});
export type TypedAnswer = z.infer<typeof typedAnswerSchema>;

/** One failed review of a leech: when, and the typed answer when the learner typed one. */
export const wrongAnswerSchema = z.object({
  at: z.string(),
  typed: z.nullish(typedAnswerSchema),
});

/** A card failed LEECH_LAPSES times since it was learned or re-learned (backend study/leeches/leech.rule.ts). */
export const leechSchema = z.object({
  flashcard_id: z.string(),
  course: z.string(),
  level: z.number(),
  mastery_level: z.catch(z.enum(['learning', 'intermediate', 'mastered']), 'learning'),
  lapses: z.number(),
  leech_since: z.string(),
  /** what the card asks: the word, kanji or kana */
  prompt: z.string(),
  reading: z.nullish(z.string()),
  meaning: z.nullish(z.string()),
  /** failed reviews, newest first (at most the last 20); answers taken back are not in it */
  wrong_answers: z.array(wrongAnswerSchema),
});
export type Leech = z.infer<typeof leechSchema>;

/** GET /api/leeches: the learner's leeches in every course, newest mark first. */
export const leechesSchema = z.object({
  leeches: z.array(leechSchema),
  /** the number of lapses that makes a leech */
  threshold: z.number(),
});
export type Leeches = z.infer<typeof leechesSchema>;

/** POST /api/leeches/relearn: the card, now due at once, to read again as a lesson. */
export const relearnResponseSchema = z.object({
  flashcard: flashcardSchema,
});
export type RelearnResponse = z.infer<typeof relearnResponseSchema>;

/** GET/POST /api/study/catch-up (issue 30, item 4): a pile of reviews as a plan. */
export const catchUpSchema = z.object({
  reviews_due: z.number(),
  usual_daily: z.number(),
  offer: z.nullable(z.object({ choices: z.array(z.object({ days: z.number(), per_day: z.number() })) })),
  plan: z.nullable(
    z.object({
      days: z.number(),
      reviews_at_start: z.number(),
      daily_quota: z.number(),
      day: z.number(),
      done_today: z.number(),
      done_for_today: z.boolean(),
      continued_today: z.boolean(),
      last_day: z.string(),
    }),
  ),
});
export type CatchUp = z.infer<typeof catchUpSchema>;
