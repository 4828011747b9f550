// The study feature's calls: the next card of a course, the card after the one on screen, and grading a card.
import { queryOptions } from '@tanstack/react-query';
import {
  catchUpSchema,
  checkAnswerResponseSchema,
  gradeResponseSchema,
  nextCardSchema,
  undoResponseSchema,
  wrongAnswersResponseSchema,
  type CheckAnswerResponse,
  type GradeResponse,
  type UndoResponse,
} from '../../../../contract/study';
import type { CheckAnswerBody, TypedAnswerBody } from '../../../../contract/study.requests';
import { api, ApiError } from '../../lib/api';
import type { Course } from '../../lib/courses';
import { queryKeys } from '../../lib/query-keys';
import { DEFAULT_RETRY, isRetryable, newIdempotencyKey, withRetry, type RetryPolicy } from '../../lib/retry';

// The answers' shapes are the API contract's (contract/study.ts, issue 18): the backend declares the same ones.
export {
  flashcardSchema,
  gradeResponseSchema,
  materialSchema,
  nextCardSchema,
  undoResponseSchema,
  type Flashcard,
  type GradeResponse,
  type Material,
  type NextCard,
  type UndoResponse,
  type CheckAnswerResponse,
  type Diagnosis,
  type WrongAnswersResponse,
} from '../../../../contract/study';
export type { CheckAnswerBody, TypedAnswerBody } from '../../../../contract/study.requests';

export type Grade = 0 | 3 | 5 | 10;

export interface GradeRequest {
  id: string;
  grade: Grade;
  fetch_new: boolean;
  version?: number | null;
  /** Chosen once per answer and reused by every retry, so the server records the grade once. */
  idempotencyKey: string;
  /** A review answered by typing: the server checks it again and records it (a wrong one as grade 0). */
  typed?: TypedAnswerBody;
}

export const studyQueries = {
  flashcard: (course: Course) =>
    queryOptions({
      queryKey: [...queryKeys.study(course), 'next'] as const,
      queryFn: ({ signal }) => api.get('/api/flashcard', nextCardSchema, { course }, signal),
      // Asked afresh when the panel is shown again, but not by the panel mounting just after the page's first
      // screen arrived with it (app/page-preload.ts): a grade or an undo invalidates it anyway.
      staleTime: 2_000,
      // Caught up: look again every minute so "Next reviews in …" turns into reviews by itself.
      refetchInterval: (query) => (query.state.data && query.state.data.flashcard === null ? 60_000 : false),
    }),
  /** One card of the course by its flashcard id (a leech to re-learn), with the panel's counts. */
  card: (course: Course, id: string) =>
    queryOptions({
      queryKey: [...queryKeys.study(course), 'card', id] as const,
      queryFn: ({ signal }) => {
        const [type, materialId] = id.split('-');
        return api.get('/api/flashcard', nextCardSchema, { course, material_type: type, material_id: materialId }, signal);
      },
      staleTime: 0,
      retry: false,
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
  /** A card's wrong typed answers, for its back (under the course's study key: a grade or undo refreshes it). */
  wrongAnswers: (course: Course, id: string) =>
    queryOptions({
      queryKey: [...queryKeys.study(course), 'wrong-answers', id] as const,
      queryFn: ({ signal }) => api.get('/api/flashcard/wrong-answers', wrongAnswersResponseSchema, { id }, signal),
      staleTime: 0,
    }),
};

/** The server's verdict on a typed answer, before the flip (records nothing). */
export function postCheck(body: CheckAnswerBody): Promise<CheckAnswerResponse> {
  return withRetry(() => api.post('/api/flashcard/check', body, checkAnswerResponseSchema), gradeRetryPolicy, undefined, isRetryable);
}

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
  const body = {
    id: request.id,
    grade: request.grade,
    fetch_new: request.fetch_new,
    ...(request.version != null ? { version: request.version } : {}),
    ...(request.typed ? { typed: request.typed } : {}),
  };
  return withRetry(
    () => api.post('/api/flashcard', body, gradeResponseSchema, { 'Idempotency-Key': request.idempotencyKey }),
    gradeRetryPolicy,
    onRetry,
    isGradeRetryable,
  );
}

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

// Back from a break (issue 30, item 4): a pile of reviews as a plan. The key holds the review count, so the plan
// is read again whenever a grade or a refetch changes the count.
export { catchUpSchema, type CatchUp } from '../../../../contract/study';
export const catchUpQuery = (course: Course, reviewCount: number) =>
  queryOptions({
    queryKey: [...queryKeys.study(course), 'catch-up', reviewCount] as const,
    queryFn: ({ signal }) => api.get('/api/study/catch-up', catchUpSchema, { course }, signal),
    staleTime: 30_000,
  });

export const catchUpApi = {
  choose: (course: Course, days: number) => api.post('/api/study/catch-up', { course, days }, catchUpSchema, { 'Idempotency-Key': newIdempotencyKey() }),
  continue: (course: Course) => api.post('/api/study/catch-up/continue', { course }, catchUpSchema, { 'Idempotency-Key': newIdempotencyKey() }),
  drop: (course: Course) => api.post('/api/study/catch-up/drop', { course }, catchUpSchema, { 'Idempotency-Key': newIdempotencyKey() }),
};
