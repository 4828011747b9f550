import type { CardEvent, GradeEvent, Mastery } from './card.events';
import type { CardMemory } from './scheduler';

export interface CardState {
  /** 0 means a new card that was never graded */
  attempts: number;
  mastery: Mastery;
  intervalHours: number;
  dueAt: Date | null;
  lastReviewedAt: Date | null;
  learnedAt: Date | null;
  /** what the interval rule keeps between answers (scheduler/card.ts); null before version 3 */
  memory: CardMemory | null;
}

export const initialCardState: CardState = Object.freeze({
  attempts: 0,
  mastery: 'learning',
  intervalHours: 0,
  dueAt: null,
  lastReviewedAt: null,
  learnedAt: null,
  memory: null,
}) as CardState;

/** Applies the decision recorded in the event; never recomputes it (see card.events.ts). */
export function evolve(state: CardState, event: CardEvent): CardState {
  switch (event.type) {
    case 'CardLearned': {
      const reviewedAt = new Date(event.data.reviewedAt);
      return { ...scheduleFrom(event), learnedAt: reviewedAt };
    }
    case 'CardGraded':
      return { ...scheduleFrom(event), learnedAt: state.learnedAt };
    case 'CardGradeUndone': {
      // The state before the undone grade, as the event recorded it; none: the card is new again.
      const r = event.data.restored;
      if (!r) return initialCardState;
      return {
        attempts: r.attempts,
        mastery: r.mastery,
        intervalHours: r.intervalHours,
        dueAt: new Date(r.dueAt),
        lastReviewedAt: new Date(r.lastReviewedAt),
        learnedAt: new Date(r.learnedAt),
        memory: r.memory ?? null,
      };
    }
    default:
      // Unknown (future) event types leave the card as it is, so older code can still fold newer streams.
      return state;
  }
}

/** Folds a whole stream, e.g. after reading it from the event store. */
export function cardStateFrom(events: readonly CardEvent[]): CardState {
  return events.reduce(evolve, initialCardState);
}

function scheduleFrom({ data }: GradeEvent): Omit<CardState, 'learnedAt'> {
  return {
    attempts: data.attemptsAfter,
    mastery: data.masteryAfter,
    intervalHours: data.intervalHours,
    dueAt: new Date(data.dueAt),
    lastReviewedAt: new Date(data.reviewedAt),
    memory: data.memoryAfter ?? null,
  };
}
