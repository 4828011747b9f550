import { z } from 'zod';
import { defineEvent } from '../platform/event-store/event-registry';
import { COURSES, MATERIAL_TYPES, MAX_LEVEL, MIN_LEVEL, type Course, type MaterialType } from './courses';
import { GRADES, MASTERY_LEVELS, REVIEW_GRADES } from './scheduler/grades';

// The grades and mastery levels are the scheduler's vocabulary (scheduler/grades.ts); the events speak it too.
export { ALREADY_KNOWN_GRADE, GRADES, MASTERY_LEVELS, REVIEW_GRADES, type Grade, type Mastery, type ReviewGrade } from './scheduler/grades';

/** One stream per card: a card exists per (user, course, material) once learned. */
export const CARD_STREAM_TYPE = 'card';
export function cardStreamId(userId: string, course: Course, materialType: MaterialType, materialId: number): string {
  return `card-${userId}-${course}-${materialType}-${materialId}`;
}

const isoInstant = z.iso.datetime({ offset: true });
const hours = z.number().int().min(0);
const mastery = z.enum(MASTERY_LEVELS);
const cardMemory = z.object({
  base_hours: z.number().min(0),
  ease: z.number().positive(),
  relearn_hours: z.number().min(0),
  lapses: z.number().int().min(0),
});

// The decision (interval, due time, mastery, scheduler version) is recorded with the grade so that
// projections and replays read it from the event and never re-run today's scheduler code or clock.
const decision = {
  intervalHours: hours,
  dueAt: isoInstant,
  masteryBefore: mastery,
  masteryAfter: mastery,
  attemptsAfter: z.number().int().min(1),
  reviewedAt: isoInstant,
  schedulerVersion: z.number().int().min(1),
  /** what the interval rule keeps about the card (scheduler version 3 on); absent in grades decided before */
  memoryAfter: cardMemory.nullable().optional(),
};

const card = {
  userId: z.string().min(1),
  course: z.enum(COURSES),
  materialType: z.enum(MATERIAL_TYPES),
  materialId: z.number().int().positive(),
  level: z.number().int().min(MIN_LEVEL).max(MAX_LEVEL),
};

/** One try of a typed answer: the reading as compared (kana), the meaning as typed, the diagnosis codes. */
const typedTry = z.object({
  reading: z.string().max(64).optional(),
  meaning: z.string().max(200).optional(),
  diagnosis: z.array(z.string().max(40)).max(10).optional(),
});

/**
 * A review answered by typing (issue 31 item 10), as the server checked it (never the client's verdict):
 * the final answer, its verdict and diagnosis, and the near miss before the one retry when there was one.
 * A wrong typed answer is recorded with grade 0 whatever the client asked for.
 */
export const typedAnswerSchema = typedTry.extend({
  verdict: z.enum(['correct', 'wrong']),
  retried: z.boolean(),
  firstTry: typedTry.optional(),
});
export type TypedAnswerRecord = z.infer<typeof typedAnswerSchema>;

/** A new card graded in a lesson: 0/3/5, or 10 ("I already know it"). */
export const CardLearnedSchema = z.object({ ...card, grade: z.literal(GRADES), ...decision });
/**
 * A learned card graded in a review. Grade 10 is never a review grade, so the schema refuses it. Version 2 adds
 * the optional `typedAnswer`; a version 1 grade has none, so its upcast is the identity.
 */
export const CardGradedSchema = z.object({ ...card, grade: z.literal(REVIEW_GRADES), ...decision, typedAnswer: typedAnswerSchema.optional() });

export const CardLearned = defineEvent('CardLearned', CardLearnedSchema);
export const CardGraded = defineEvent('CardGraded', CardGradedSchema, { schemaVersion: 2, upcasters: { 1: (data) => data } });

/** A card's schedule as it stood before a grade; restored by an undo. */
const restoredState = z.object({
  attempts: z.number().int().min(1),
  mastery,
  intervalHours: hours,
  dueAt: isoInstant,
  lastReviewedAt: isoInstant,
  learnedAt: isoInstant,
  memory: cardMemory.nullable().optional(),
});

/**
 * The learner took their last answer back (issue 15, "Undo"): a compensating event, never a deletion. It names
 * the grade it undoes and carries the state the card returns to (null: the undone grade was the lesson, the card
 * is new again), so projections and replays apply it without re-reading the stream. `masteryBefore` is the
 * mastery the undone grade left; `masteryAfter` the restored one (null when the card is new again).
 */
export const CardGradeUndoneSchema = z.object({
  ...card,
  undoneEventId: z.uuid(),
  undoneType: z.enum(['CardLearned', 'CardGraded']),
  undoneGrade: z.literal(GRADES),
  masteryBefore: mastery,
  masteryAfter: mastery.nullable(),
  restored: restoredState.nullable(),
  undoneAt: isoInstant,
});
export const CardGradeUndone = defineEvent('CardGradeUndone', CardGradeUndoneSchema);

export type CardLearnedData = z.infer<typeof CardLearnedSchema>;
export type CardGradedData = z.infer<typeof CardGradedSchema>;
export type CardGradeUndoneData = z.infer<typeof CardGradeUndoneSchema>;

/** A grade: what the scheduler decides (an undo is not one). */
export type GradeEvent = { type: 'CardLearned'; data: CardLearnedData } | { type: 'CardGraded'; data: CardGradedData };
export type CardEvent = GradeEvent | { type: 'CardGradeUndone'; data: CardGradeUndoneData };
export const CARD_EVENT_TYPES = [CardLearned.type, CardGraded.type, CardGradeUndone.type] as const;

export function isCardEvent(event: { type: string }): event is CardEvent {
  return (CARD_EVENT_TYPES as readonly string[]).includes(event.type);
}
