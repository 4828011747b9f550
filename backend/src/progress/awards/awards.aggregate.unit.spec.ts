import type { CourseProgress } from '../../study';
import { awardEventId } from '../award.events';
import { awardsAggregate, decideAwards } from './awards.aggregate';

const key = { userId: '5b0b5f39-6f0b-4c6c-9a55-0a4d8c8f2b11', course: 'kanji1' as const };
const at = '2030-01-02T03:04:05.000Z';
/** first card learned and intermediate, level 3: awards 1, 2 and 6 */
const progress: CourseProgress = { cardsLearned: 1, cardsIntermediateOrBetter: 1, cardsMastered: 0, studyDays: 1, reviews: 1, level: 3, courseCards: 144 };
const fold = (events: { type: string; data: unknown }[]) => events.reduce(awardsAggregate.evolve, awardsAggregate.initial(key));

describe('decideAwards', () => {
  it('given nothing granted, then each award earned, dated by the grade, with an id derived from (user, course, award)', () => {
    const events = decideAwards(awardsAggregate.initial(key), progress, at);
    expect(events.map((e) => e.data)).toEqual([1, 2, 6].map((awardId) => ({ ...key, awardId, grantedAt: at })));
    expect(events.map((e) => e.eventId)).toEqual([1, 2, 6].map((awardId) => awardEventId(key.userId, key.course, awardId)));
  });

  it('given some granted already (the stream folded), then only the others', () => {
    const state = fold(decideAwards(awardsAggregate.initial(key), { ...progress, cardsIntermediateOrBetter: 0, level: 1 }, at));
    expect(state.granted).toEqual([1]);
    expect(decideAwards(state, progress, at).map((e) => (e.data as { awardId: number }).awardId)).toEqual([2, 6]);
  });

  it('given every earned award granted, then no event: a replayed batch grants nothing twice', () => {
    const state = fold(decideAwards(awardsAggregate.initial(key), progress, at));
    expect(decideAwards(state, progress, '2030-02-01T00:00:00.000Z')).toEqual([]);
  });

  it('the stream is the learner and course one, and other events leave the state as it was', () => {
    expect(awardsAggregate.streamId(key)).toBe(`awards-${key.userId}-kanji1`);
    expect(awardsAggregate.evolve(awardsAggregate.initial(key), { type: 'SomethingElse', data: {} })).toEqual(awardsAggregate.initial(key));
  });
});
