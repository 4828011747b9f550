import { AppError } from '../../platform/errors/app-error';
import { CardGradeUndone, isGradeEvent, type CardEvent, type CardGradeUndoneData } from '../card.events';
import { cardStateFrom } from '../card.state';
import { deterministicUuid } from '../ids';

/**
 * How long an answer can be taken back. Undo is for the slip just made ("I pressed Again, I meant Good"), within
 * the study session; an answer older than this is history, not a slip.
 */
export const UNDO_WINDOW_MINUTES = 30;

/** A card event as read from its stream. */
export interface StoredCardEvent {
  eventId: string;
  streamVersion: number;
  event: CardEvent;
}

export interface UndoContext {
  now: Date;
  /** the card version the client showed after its grade (the grade's stream version), when it sent one */
  version?: number;
  /** true when the learner graded another card after this card's last grade (only the last answer is undone) */
  gradedSince: boolean;
}

export const ALREADY_UNDONE = 'This answer was already taken back. Answer the card again.';
export const ANSWERED_AGAIN = 'Only your last answer can be taken back: this card has been answered again since.';
export const RELEARN_NOT_UNDONE = 'You started re-learning this card since your last answer, so that answer can no longer be taken back.';
export const ANSWERED_ANOTHER = 'Only your last answer can be taken back: you have answered another card since.';

/** One undo per grade: the id is derived from the undone grade, so retries and double clicks append it once. */
export function undoEventId(undoneEventId: string): string {
  return deterministicUuid('kioku:undo', undoneEventId);
}

/**
 * Takes back the card's last grade (pure; the caller reads the stream and whether another card was graded since).
 * The card returns to the state the events before that grade give: the previous schedule, or new (no state) when
 * the undone grade was the lesson. Refused with a clear message when the last event is not a grade, when the
 * client's version is not the last grade's, when another card was graded since, or when the answer is too old.
 */
export type UndoEvent = { type: 'CardGradeUndone'; data: CardGradeUndoneData; eventId: string };

export function decideUndo(events: readonly StoredCardEvent[], context: UndoContext): UndoEvent {
  const last = events[events.length - 1];
  if (!last) throw new AppError('not_found', 'You have not answered this card yet, so there is nothing to take back.');
  if (last.event.type === 'CardGradeUndone') throw new AppError('conflict', ALREADY_UNDONE);
  if (!isGradeEvent(last.event)) throw new AppError('conflict', RELEARN_NOT_UNDONE);
  if (context.version !== undefined && context.version !== last.streamVersion) throw new AppError('conflict', ANSWERED_AGAIN);
  if (context.gradedSince) throw new AppError('conflict', ANSWERED_ANOTHER);
  const grade = last.event;
  const age = context.now.getTime() - new Date(grade.data.reviewedAt).getTime();
  if (age > UNDO_WINDOW_MINUTES * 60_000) {
    throw new AppError('conflict', `That answer is more than ${UNDO_WINDOW_MINUTES} minutes old and can no longer be taken back.`);
  }
  const before = cardStateFrom(events.slice(0, -1).map((e) => e.event));
  const restored =
    before.attempts === 0
      ? null
      : {
          attempts: before.attempts,
          mastery: before.mastery,
          intervalHours: before.intervalHours,
          dueAt: before.dueAt!.toISOString(),
          lastReviewedAt: before.lastReviewedAt!.toISOString(),
          learnedAt: before.learnedAt!.toISOString(),
          memory: before.memory,
          lapses: before.lapses,
          leechSince: before.leechSince?.toISOString() ?? null,
        };
  const d = grade.data;
  return {
    ...CardGradeUndone({
      userId: d.userId,
      course: d.course,
      materialType: d.materialType,
      materialId: d.materialId,
      level: d.level,
      undoneEventId: last.eventId,
      undoneType: grade.type,
      undoneGrade: d.grade,
      masteryBefore: d.masteryAfter,
      masteryAfter: restored?.mastery ?? null,
      restored,
      undoneAt: context.now.toISOString(),
    }),
    eventId: undoEventId(last.eventId),
  };
}
