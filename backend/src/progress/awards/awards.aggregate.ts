import { AggregateType } from '../../platform/event-store/command-path';
import { NewEvent } from '../../platform/event-store/event-store.types';
import { newAwards, type AwardId, type Course, type CourseProgress } from '../../study';
import { AWARD_STREAM_TYPE, AwardGranted, awardEventId, awardStreamId, type AwardGrantedData } from '../award.events';

export interface AwardsKey {
  userId: string;
  course: Course;
}

/** A learner's awards in one course: the ones granted so far. */
export interface AwardsState extends AwardsKey {
  granted: readonly AwardId[];
}

/** The awards of one learner and course, for the command path: the fold of its stream (no inline state). */
export const awardsAggregate: AggregateType<AwardsState, AwardsKey> = {
  streamType: AWARD_STREAM_TYPE,
  streamId: ({ userId, course }) => awardStreamId(userId, course),
  initial: ({ userId, course }) => ({ userId, course, granted: [] }),
  evolve: (state, event) => (event.type === AwardGranted.type ? { ...state, granted: [...state.granted, (event.data as AwardGrantedData).awardId] } : state),
};

/**
 * GrantAwards: each award the progress earns and the stream has not granted yet, dated by the grade that
 * earned it. Event ids derive from (user, course, award): a retry that decided on an older state sends the
 * same ids, and the store answers it with the first append.
 */
export function decideAwards(state: AwardsState, progress: CourseProgress, grantedAt: string): NewEvent[] {
  return newAwards(progress, state.granted).map((awardId) => ({
    ...AwardGranted({ userId: state.userId, course: state.course, awardId, grantedAt }),
    eventId: awardEventId(state.userId, state.course, awardId),
  }));
}
