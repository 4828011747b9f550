// The study session as pure state transitions (SPEC §4): a batch of up to 10 new cards, then the reviews.
import { BATCH_SIZE } from '../../lib/courses';
import type { Flashcard, GradeResponse, NextCard } from './study-queries';

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

export function startReviews(card: Flashcard, reviewCount: number): Session {
  return { mode: 'reviews', card, position: 1, total: Math.max(1, reviewCount), flipped: false, contextShown: false };
}

export function startSession(data: NextCard): Session | null {
  if (!data.flashcard) return null;
  return overviewOf(data) === 'reviews' ? startReviews(data.flashcard, data.review_count) : startLessons(data.flashcard, data.new_available);
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
    return { ...fresh, mode: 'reviews', position: 1, total: Math.max(1, response.review_count) };
  }
  // review_count counts what is still due, the next card included; a failed card comes back and adds one.
  const position = session.position + 1;
  return { ...session, ...fresh, position, total: Math.max(position, session.position + response.review_count) };
}
