import { AppError } from '../../platform/errors/app-error';
import { NewEvent } from '../../platform/event-store/event-store.types';
import { VacationEnded, type VacationEndedData } from '../user.events';
import { assertNotErased } from '../user.decide';
import { UserState } from '../user.state';

export const NOT_ON_VACATION = 'You are not on vacation.';

/**
 * EndVacation: the pause is over now. The event records its length in whole seconds (the shift every card
 * last reviewed before the start gets), so replaying it never depends on the clock.
 */
export function decideEndVacation(state: UserState, now: Date): { events: NewEvent[]; result: VacationEndedData } {
  assertNotErased(state);
  if (!state.vacation) throw new AppError('conflict', NOT_ON_VACATION);
  const startedAt = new Date(state.vacation.startedAt);
  const pausedSeconds = Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 1000));
  const ended = VacationEnded({ userId: state.id, startedAt: startedAt.toISOString(), endedAt: now.toISOString(), pausedSeconds });
  return { events: [ended], result: ended.data };
}
