// The study session as pure state transitions (SPEC §4): a batch of up to 10 new cards, then the reviews.
import { BATCH_SIZE } from '../../lib/courses';
import type { Flashcard, Grade, GradeResponse, NextCard } from './study-queries';

export type Overview = 'rest' | 'arrival' | 'lessons' | 'reviews';

/** Which resting state the panel shows before a session starts. */
export function overviewOf(data: NextCard): Overview {
  if (!data.flashcard) return 'rest';
  if (data.review_count > 0 || data.flashcard.attempts > 0) return 'reviews';
  return data.learned_count === 0 ? 'arrival' : 'lessons';
}

export interface Session {
  mode: 'lessons' | 'reviews';
  card: Flashcard;
  /** 1-based position shown as 'New Card n/10' or 'Review n/total'. */
  position: number;
  total: number;
  flipped: boolean;
  contextShown: boolean;
}

export function batchSize(newAvailable: number): number {
  return Math.max(1, Math.min(BATCH_SIZE, newAvailable || BATCH_SIZE));
}

export function startLessons(card: Flashcard, newAvailable: number): Session {
  return { mode: 'lessons', card, position: 1, total: batchSize(newAvailable), flipped: false, contextShown: false };
}

/**
 * How many reviews a session will be served: under a catch-up plan the day's share still left (the server stops
 * there until "Keep going today"), otherwise every review due.
 */
export function reviewsToServe(counts: Pick<NextCard, 'review_count' | 'plan_left_today'>): number {
  return counts.plan_left_today ?? counts.review_count;
}

export function startReviews(card: Flashcard, reviewCount: number): Session {
  return { mode: 'reviews', card, position: 1, total: Math.max(1, reviewCount), flipped: false, contextShown: false };
}

export function startSession(data: NextCard): Session | null {
  if (!data.flashcard) return null;
  return overviewOf(data) === 'reviews' ? startReviews(data.flashcard, reviewsToServe(data)) : startLessons(data.flashcard, data.new_available);
}

/** While the batch is not complete the next card should be a new one; after it, the reviews. */
export function wantsNewCard(session: Session): boolean {
  return session.mode === 'lessons' && session.position < session.total;
}

export function progressLabel(session: Session): string {
  return session.mode === 'lessons' ? `New Card ${session.position}/${session.total}` : `Review ${session.position}/${session.total}`;
}

/** The session after a graded card; null when it is over. */
export function afterGrade(session: Session, response: GradeResponse): Session | null {
  const next = response.new_flashcard;
  if (!next) return null;
  const fresh = { card: next, flipped: false, contextShown: false };
  if (session.mode === 'lessons') {
    if (next.attempts === 0) {
      return wantsNewCard(session) ? { ...session, ...fresh, position: session.position + 1 } : null;
    }
    // The batch is done: review the cards just learned (and anything else due).
    return { ...fresh, mode: 'reviews', position: 1, total: Math.max(1, reviewsToServe(response)) };
  }
  // The count is what is still to serve, the next card included; a failed card comes back and adds one.
  const position = session.position + 1;
  return { ...session, ...fresh, position, total: Math.max(position, session.position + reviewsToServe(response)) };
}

/** How many reviews are due once `session.card` is graded `grade`, from the count before (`dueBefore`). */
export function dueAfter(session: Session, grade: Grade, dueBefore: number): number {
  const lesson = session.card.attempts === 0;
  // A lesson card becomes due at once (the batch is reviewed right after), unless it is already known; a
  // review card stops being due unless it was failed.
  const wasDue = !lesson;
  const staysDue = lesson ? grade !== 10 : grade === 0;
  return Math.max(0, dueBefore - (wasDue ? 1 : 0) + (staysDue ? 1 : 0));
}

/**
 * The session the server will answer with, from the card it said follows this one (`following`, asked while
 * the card was on screen), so the next card shows at once while the grade is on its way. Null when that is
 * not known: no next card may mean the graded card itself comes back, so only the server can tell.
 */
export function predictAfterGrade(session: Session, grade: Grade, following: NextCard): Session | null {
  if (!following.flashcard) return null;
  return afterGrade(session, {
    flashcard: session.card,
    new_flashcard: following.flashcard,
    new_level: null,
    user_next_review_in_minutes: following.user_next_review_in_minutes,
    review_count: dueAfter(session, grade, following.review_count),
    // A review graded counts as done in the plan's day, passed or failed (a lesson card does not).
    plan_left_today: following.plan_left_today == null ? following.plan_left_today : Math.max(0, following.plan_left_today - (session.card.attempts > 0 ? 1 : 0)),
  });
}

/**
 * The server's session once the grade is recorded, applied over what is on screen. When the predicted card
 * is on screen and the server agrees, it keeps what the learner did with it (flipped, context shown) and
 * takes the server's data and counts; otherwise the server's card replaces it. Each answer is applied once,
 * so a disagreement cannot bounce back and forth.
 */
export function reconcile(shown: Session | null, predicted: Session | null, server: Session): Session {
  const id = server.card.flashcard_id;
  if (shown && predicted && shown.card.flashcard_id === id && predicted.card.flashcard_id === id) {
    return { ...server, flipped: shown.flipped, contextShown: shown.contextShown };
  }
  return server;
}
