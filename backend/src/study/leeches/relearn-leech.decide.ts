import { AppError } from '../../platform/errors/app-error';
import { LeechRelearnStarted } from '../card.events';
import type { CardState } from '../card.state';
import type { Course, MaterialType } from '../courses';
import { isLeech } from './leech.rule';

/** The card to re-learn, as the caller found it (its level is that of its lesson). */
export interface RelearnLeechCommand {
  userId: string;
  course: Course;
  materialType: MaterialType;
  materialId: number;
  level: number;
}

export const NOT_A_LEECH = 'This card is not a leech any more (it was re-learned, or an answer was taken back). Study it in your reviews.';

/**
 * Starts re-learning a leech (pure): the card is read again as a lesson and is due at once from interval 0, its
 * lapse count started again (card.events.ts, LeechRelearnStarted). Only a leech can be re-learned: any other card
 * is a 409 that says why, so a second click or a stale dashboard records nothing.
 */
export function decideRelearn(command: RelearnLeechCommand, state: CardState, now: Date) {
  if (state.attempts === 0 || !state.learnedAt) throw new AppError('not_found', 'This card is not learned yet, so there is nothing to re-learn.');
  if (!isLeech(state.lapses) || !state.leechSince) throw new AppError('conflict', NOT_A_LEECH);
  const at = now.toISOString();
  return LeechRelearnStarted({
    userId: command.userId,
    course: command.course,
    materialType: command.materialType,
    materialId: command.materialId,
    level: command.level,
    lapsesBefore: state.lapses,
    leechSince: new Date(state.leechSince).toISOString(),
    intervalHours: 0,
    dueAt: at,
    startedAt: at,
  });
}
