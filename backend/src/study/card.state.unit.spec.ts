import { CardGraded, CardLearned, CardGradedSchema, type CardEvent } from './card.events';
import { cardStateFrom, evolve, initialCardState } from './card.state';

const card = { userId: 'user-1', course: 'kana', materialType: 'kana', materialId: 7, level: 1 } as const;

describe('evolve', () => {
  const learned = CardLearned({
    ...card,
    grade: 3,
    intervalHours: 0,
    dueAt: '2026-01-05T09:00:00.000Z',
    masteryBefore: 'learning',
    masteryAfter: 'learning',
    attemptsAfter: 1,
    reviewedAt: '2026-01-05T09:00:00.000Z',
    schedulerVersion: 1,
  });

  it('starts a card from the lesson: learned and last reviewed at the lesson grade', () => {
    expect(evolve(initialCardState, learned)).toEqual({
      attempts: 1,
      mastery: 'learning',
      intervalHours: 0,
      dueAt: new Date('2026-01-05T09:00:00.000Z'),
      lastReviewedAt: new Date('2026-01-05T09:00:00.000Z'),
      learnedAt: new Date('2026-01-05T09:00:00.000Z'),
      memory: null, // decided before scheduler version 3: no memory recorded
      lapses: 0,
      leechSince: null,
    });
  });

  it('applies the recorded decision as it is, even one today’s rules would not make', () => {
    // An event of an older scheduler: replays must reproduce it, not recompute it.
    const graded = CardGraded({
      ...card,
      grade: 5,
      intervalHours: 999,
      dueAt: '2026-02-15T12:00:00.000Z',
      masteryBefore: 'learning',
      masteryAfter: 'mastered',
      attemptsAfter: 2,
      reviewedAt: '2026-01-05T09:30:00.000Z',
      schedulerVersion: 1,
    });
    expect(cardStateFrom([learned, graded])).toEqual({
      attempts: 2,
      mastery: 'mastered',
      intervalHours: 999,
      dueAt: new Date('2026-02-15T12:00:00.000Z'),
      lastReviewedAt: new Date('2026-01-05T09:30:00.000Z'),
      learnedAt: new Date('2026-01-05T09:00:00.000Z'),
      memory: null, // decided before scheduler version 3: no memory recorded
      lapses: 0,
      leechSince: null,
    });
  });

  it("takes the scheduler's memory from the event that recorded it", () => {
    const memory = { base_hours: 20, ease: 2.35, relearn_hours: 0, lapses: 1 };
    const graded = CardGraded({ ...card, grade: 3, intervalHours: 30, dueAt: '2026-01-06T15:00:00.000Z', masteryBefore: 'learning', masteryAfter: 'learning', attemptsAfter: 2, reviewedAt: '2026-01-05T09:30:00.000Z', schedulerVersion: 3, memoryAfter: memory });
    expect(cardStateFrom([learned, graded]).memory).toEqual(memory);
  });

  it('leaves the card as it is for an event type it does not know', () => {
    const state = evolve(initialCardState, learned);
    expect(evolve(state, { type: 'CardRenamed', data: {} } as unknown as CardEvent)).toBe(state);
  });

  it('does not mutate the state it was given', () => {
    evolve(initialCardState, learned);
    expect(initialCardState).toEqual({ attempts: 0, mastery: 'learning', intervalHours: 0, dueAt: null, lastReviewedAt: null, learnedAt: null, memory: null, lapses: 0, leechSince: null });
  });
});

describe('card events', () => {
  it('refuses grade 10 in a review event', () => {
    const data = { ...card, grade: 10, intervalHours: 8, dueAt: '2026-01-05T17:00:00.000Z', masteryBefore: 'learning', masteryAfter: 'learning', attemptsAfter: 2, reviewedAt: '2026-01-05T09:00:00.000Z', schedulerVersion: 1 };
    expect(CardGradedSchema.safeParse(data).success).toBe(false);
    expect(CardGradedSchema.safeParse({ ...data, grade: 5 }).success).toBe(true);
  });

  it('refuses a decision without its due time', () => {
    expect(() => CardLearned({ ...card, grade: 3 } as never)).toThrow();
  });
});
