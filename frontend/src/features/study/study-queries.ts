// The study feature's calls: the next card of a course, the card after the one on screen, and grading a card.
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { radicalSchema } from '../../components/word-facts';
import { api, ApiError } from '../../lib/api';
import { materialContentSchema } from '../../lib/api-schemas';
import type { Course } from '../../lib/courses';
import { queryKeys } from '../../lib/query-keys';
import { DEFAULT_RETRY, isRetryable, withRetry, type RetryPolicy } from '../../lib/retry';

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

export const gradeResponseSchema = z.object({
  flashcard: flashcardSchema,
  new_flashcard: z.nullable(flashcardSchema),
  new_level: z.nullish(z.number()),
  user_next_review_in_minutes: z.nullish(z.number()),
  review_count: z.number(),
});
export type GradeResponse = z.infer<typeof gradeResponseSchema>;

export type Grade = 0 | 3 | 5 | 10;

export interface GradeRequest {
  id: string;
  grade: Grade;
  fetch_new: boolean;
  version?: number | null;
  /** Chosen once per answer and reused by every retry, so the server records the grade once. */
  idempotencyKey: string;
}

export const studyQueries = {
  flashcard: (course: Course) =>
    queryOptions({
      queryKey: [...queryKeys.study(course), 'next'] as const,
      queryFn: ({ signal }) => api.get('/api/flashcard', nextCardSchema, { course }, signal),
      staleTime: 0,
      // Caught up: look again every minute so "Next reviews in …" turns into reviews by itself.
      refetchInterval: (query) => (query.state.data && query.state.data.flashcard === null ? 60_000 : false),
    }),
  /**
   * The card that will follow `after` once it is graded (what POST would answer as new_flashcard), asked
   * while the learner looks at `after`, so the next card can be shown the moment a grade is given. `step`
   * (the session's mode and position) makes every showing of a card ask afresh: a failed card comes back
   * later with another card after it.
   */
  following: (course: Course, after: string, fetchNew: boolean, step: string) =>
    queryOptions({
      queryKey: [...queryKeys.study(course), 'following', after, fetchNew, step] as const,
      queryFn: ({ signal }) => api.get('/api/flashcard', nextCardSchema, { course, after, fetch_new: fetchNew }, signal),
      // Asked once per showing and forgotten as soon as the card is gone; a failure only costs the head start.
      staleTime: Infinity,
      gcTime: 0,
      retry: false,
    }),
};

/** Exposed so tests can shorten the waits. */
export const gradeRetryPolicy: RetryPolicy = { ...DEFAULT_RETRY };

/**
 * A grade is repeated with its key after a lost connection or a 502–504, and after the 409 `conflict` the
 * server gives while the same key is still being processed (a request that got through before the
 * connection dropped): the retry then gets the stored answer. Every other refusal is final.
 */
export function isGradeRetryable(error: unknown): boolean {
  return isRetryable(error) || (error instanceof ApiError && error.status === 409 && error.code === 'conflict');
}

export function postGrade(request: GradeRequest, onRetry?: (error: unknown, attempt: number) => void): Promise<GradeResponse> {
  const body = { id: request.id, grade: request.grade, fetch_new: request.fetch_new, ...(request.version != null ? { version: request.version } : {}) };
  return withRetry(
    () => api.post('/api/flashcard', body, gradeResponseSchema, { 'Idempotency-Key': request.idempotencyKey }),
    gradeRetryPolicy,
    onRetry,
    isGradeRetryable,
  );
}

export const undoResponseSchema = z.object({
  /** the card as it is again (its version is the one to grade it with) */
  flashcard: flashcardSchema,
  undone: z.object({ grade: z.number(), lesson: z.boolean() }),
  user_next_review_in_minutes: z.nullish(z.number()),
  review_count: z.number(),
});
export type UndoResponse = z.infer<typeof undoResponseSchema>;

export interface UndoRequest {
  id: string;
  /** the version the grade's answer gave the card: the server refuses if the card was answered again since */
  version?: number | null;
  fetch_new: boolean;
  idempotencyKey: string;
}

/** Takes the last answer back (retried with its key like a grade: the server records one undo). */
export function postUndo(request: UndoRequest): Promise<UndoResponse> {
  const body = { id: request.id, fetch_new: request.fetch_new, ...(request.version != null ? { version: request.version } : {}) };
  return withRetry(
    () => api.post('/api/flashcard/undo', body, undoResponseSchema, { 'Idempotency-Key': request.idempotencyKey }),
    gradeRetryPolicy,
    undefined,
    isRetryable,
  );
}
