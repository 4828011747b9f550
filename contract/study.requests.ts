// The study calls' requests (issue 18): GET /api/flashcard's query, the grade and the undo. Strict; the backend
// validates with these, the frontend takes their types.
import * as z from 'zod/mini';
import { COURSES, MATERIAL_TYPES, MAX_ID } from './courses';

/** A flashcard's id: its material type and material id (reading-42). */
export const FLASHCARD_ID = /^(kana|reading|vocab)-([1-9][0-9]{0,9})$/;
const isFlashcardId = (id: string) => {
  const match = FLASHCARD_ID.exec(id);
  return match !== null && Number(match[2]) <= MAX_ID;
};

/**
 * GET /api/flashcard?course=…: the next card; with material_type and material_id that card; with `after` the
 * card that will follow it (fetch_new as the grade will send it).
 */
export const nextCardQuerySchema = z
  .object({
    course: z.enum(COURSES),
    material_type: z.optional(z.enum(MATERIAL_TYPES)),
    material_id: z.optional(z.coerce.number().check(z.int(), z.positive(), z.maximum(MAX_ID))),
    after: z.optional(z.string().check(z.maxLength(40), z.refine(isFlashcardId, 'Expected a flashcard id like reading-42.'))),
    fetch_new: z.optional(z.enum(['true', 'false'])),
  })
  .check(
    z.refine((q) => (q.material_type === undefined) === (q.material_id === undefined), {
      message: 'Send material_type and material_id together, or neither.',
      path: ['material_id'],
    }),
  );
export type NextCardQuery = z.output<typeof nextCardQuerySchema>;

const typedTry = {
  /** the reading typed (kana, or romaji: the server converts what the box left) */
  reading: z.optional(z.string().check(z.maxLength(64))),
  /** a vocab card's meaning in English, when the learner's setting asks for it */
  meaning: z.optional(z.string().check(z.maxLength(200))),
};

/**
 * A typed answer (issue 31 item 10): what the learner typed, and the near miss typed before the one retry. The
 * server checks it; the client's own verdict is never sent.
 */
export const typedAnswerBodySchema = z.strictObject({ ...typedTry, first_try: z.optional(z.strictObject(typedTry)) });
export type TypedAnswerBody = z.output<typeof typedAnswerBodySchema>;

/** POST /api/flashcard/check: a typed answer checked without grading (no event): its verdict and diagnosis. */
export const checkAnswerBodySchema = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(40)),
  ...typedTry,
  first_try: z.optional(z.strictObject(typedTry)),
});
export type CheckAnswerBody = z.output<typeof checkAnswerBodySchema>;

/** GET /api/flashcard/wrong-answers?id=vocab-42: the card's history of wrong typed answers. */
export const wrongAnswersQuerySchema = z.strictObject({
  id: z.string().check(z.maxLength(40), z.refine(isFlashcardId, 'Expected a flashcard id like reading-42.')),
});

/**
 * POST /api/flashcard (with an Idempotency-Key header). `grade` is 0, 3, 5 or 10: the server's decision checks
 * it and explains a refused grade. `version` is the card's, as last answered: a stale tab's grade is a 409.
 */
export const gradeBodySchema = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(40)),
  grade: z.number(),
  fetch_new: z._default(z.boolean(), false),
  version: z.optional(z.number().check(z.int(), z.minimum(0))),
  /** a review answered by typing: the server checks it, and a wrong answer is recorded as grade 0 */
  typed: z.optional(typedAnswerBodySchema),
});
export type GradeBody = z.input<typeof gradeBodySchema>;

/** POST /api/flashcard/undo (with an Idempotency-Key header): takes the last answer back. */
export const undoBodySchema = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(40)),
  version: z.optional(z.number().check(z.int(), z.minimum(1))),
  fetch_new: z._default(z.boolean(), false),
});
export type UndoBody = z.input<typeof undoBodySchema>;

/** POST /api/leeches/relearn (with an Idempotency-Key header): start re-learning a leech. */
export const relearnBodySchema = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(40), z.refine(isFlashcardId, 'Expected a flashcard id like reading-42.')),
});
export type RelearnBody = z.input<typeof relearnBodySchema>;

/** GET /api/study/catch-up?course= */
export const catchUpQuerySchema = z.strictObject({ course: z.enum(COURSES) });
/** POST /api/study/catch-up {course, days}: choose (or change) the plan's length. */
export const chooseCatchUpBodySchema = z.strictObject({ course: z.enum(COURSES), days: z.number().check(z.int(), z.positive(), z.maximum(60)) });
/** POST /api/study/catch-up/continue and /drop {course} */
export const catchUpCourseBodySchema = z.strictObject({ course: z.enum(COURSES) });
