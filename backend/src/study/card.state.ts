import type { CardEvent, GradeEvent, Mastery } from './card.events';
import { isLeech, lapsesAfter, leechSinceAfter } from './leeches/leech.rule';
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
  /** failed reviews since the card was learned or last re-learned (leeches/leech.rule.ts) */
  lapses: number;
  /** since when the card is a leech; null: it is not one */
  leechSince: Date | null;
}

export const initialCardState: CardState = Object.freeze({
  attempts: 0,
  mastery: 'learning',
  intervalHours: 0,
  dueAt: null,
  lastReviewedAt: null,
  learnedAt: null,
  memory: null,
  lapses: 0,
  leechSince: null,
}) as CardState;

/** Applies the decision recorded in the event; never recomputes it (see card.events.ts). */
export function evolve(state: CardState, event: CardEvent): CardState {
  switch (event.type) {
    case 'CardLearned': {
      const reviewedAt = new Date(event.data.reviewedAt);
      return { ...scheduleFrom(event), learnedAt: reviewedAt, lapses: 0, leechSince: null };
    }
    case 'CardGraded': {
      const d = event.data;
      // Grades recorded before the leech rule carry no count: the same rule, applied to their grade.
      const lapses = d.lapsesAfter ?? lapsesAfter(state.lapses, d.grade, true);
      const leechSince = d.leechSince !== undefined ? d.leechSince : leechSinceAfter(state.leechSince?.toISOString() ?? null, lapses, d.reviewedAt);
      return { ...scheduleFrom(event), learnedAt: state.learnedAt, lapses, leechSince: leechSince ? new Date(leechSince) : null };
    }
    case 'CardGradeUndone': {
      // The state before the undone grade, as the event recorded it; none: the card is new again.
      const r = event.data.restored;
      if (!r) return initialCardState;
      // Undos recorded before the leech rule: the undone review's lapse is taken off again.
      const undoneLapse = event.data.undoneType === 'CardGraded' && event.data.undoneGrade === 0 ? 1 : 0;
      const lapses = r.lapses ?? Math.max(0, state.lapses - undoneLapse);
      const leechSince = r.leechSince !== undefined ? (r.leechSince ? new Date(r.leechSince) : null) : isLeech(lapses) ? state.leechSince : null;
      return {
        lapses,
        leechSince,
        attempts: r.attempts,
        mastery: r.mastery,
        intervalHours: r.intervalHours,
        dueAt: new Date(r.dueAt),
        lastReviewedAt: new Date(r.lastReviewedAt),
        learnedAt: new Date(r.learnedAt),
        memory: r.memory ?? null,
      };
    }
    case 'LeechRelearnStarted':
      // Read again as a lesson: due at once from interval 0, the count of lapses started again (card.events.ts).
      return { ...state, intervalHours: event.data.intervalHours, dueAt: new Date(event.data.dueAt), lapses: 0, leechSince: null };
    default:
      // Unknown (future) event types leave the card as it is, so older code can still fold newer streams.
      return state;
  }
}

/** Folds a whole stream, e.g. after reading it from the event store. */
export function cardStateFrom(events: readonly CardEvent[]): CardState {
  return events.reduce(evolve, initialCardState);
}

function scheduleFrom({ data }: GradeEvent): Omit<CardState, 'learnedAt' | 'lapses' | 'leechSince'> {
  return {
    attempts: data.attemptsAfter,
    mastery: data.masteryAfter,
    intervalHours: data.intervalHours,
    dueAt: new Date(data.dueAt),
    lastReviewedAt: new Date(data.reviewedAt),
    memory: data.memoryAfter ?? null,
  };
}
