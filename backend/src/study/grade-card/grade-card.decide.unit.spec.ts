import { AppError } from '../../platform/errors/app-error';
import { CardGradedSchema, CardLearnedSchema, type CardEvent, type Mastery } from '../card.events';
import { cardStateFrom, initialCardState, type CardState } from '../card.state';
import { SCHEDULER_VERSION } from '../scheduler';
import { decideGrade, type GradeCardCommand, type GradeCardContext } from './grade-card.decide';

const HOUR_MS = 3_600_000;
const T0 = new Date('2026-01-05T09:00:00.000Z');
const hoursAfter = (hours: number, from = T0) => new Date(from.getTime() + hours * HOUR_MS);

const command = (overrides: Partial<GradeCardCommand> = {}): GradeCardCommand => ({
  userId: 'user-1',
  course: 'kanji1',
  materialType: 'reading',
  materialId: 42,
  level: 1,
  grade: 5,
  ...overrides,
});
const subscriber = (now: Date): GradeCardContext => ({ now, subscriptionActive: true });
const free = (now: Date): GradeCardContext => ({ now, subscriptionActive: false });

/** A card that has been through its lesson and reviews (under scheduler version 2: no memory), last graded at `lastReviewedAt`. */
const reviewedCard = (mastery: Mastery, intervalHours: number, lastReviewedAt = T0): CardState => ({
  memory: null,
  attempts: 3,
  mastery,
  intervalHours,
  dueAt: hoursAfter(intervalHours, lastReviewedAt),
  lastReviewedAt,
  learnedAt: hoursAfter(-24 * 60, lastReviewedAt),
});

/** given: the card's history (or state); when: a grade at a time; then: the decided event or error. */
function given(history: CardState | null | CardEvent[]) {
  const state = Array.isArray(history) ? (history.length ? cardStateFrom(history) : null) : history;
  return {
    when: (cmd: Partial<GradeCardCommand>, context: GradeCardContext) => ({
      then: () => decideGrade(command(cmd), state, context),
      thenFails: () => catchError(() => decideGrade(command(cmd), state, context)),
    }),
  };
}

function catchError(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected the decision to be refused');
}

describe('decideGrade: lessons (new cards)', () => {
  it.each([0, 3, 5])('grade %i on a new card records CardLearned, interval 0, due at once for the batch review', (grade) => {
    const event = given(null).when({ grade }, free(T0)).then();
    expect(event).toEqual({
      type: 'CardLearned',
      data: {
        userId: 'user-1',
        course: 'kanji1',
        materialType: 'reading',
        materialId: 42,
        level: 1,
        grade,
        intervalHours: 0,
        dueAt: T0.toISOString(),
        masteryBefore: 'learning',
        masteryAfter: 'learning',
        attemptsAfter: 1,
        reviewedAt: T0.toISOString(),
        schedulerVersion: SCHEDULER_VERSION,
        memoryAfter: null,
      },
    });
    expect(CardLearnedSchema.safeParse(event.data).success).toBe(true);
  });

  it('treats a card state with 0 attempts as new', () => {
    expect(given(initialCardState).when({ grade: 3 }, free(T0)).then().type).toBe('CardLearned');
  });

  it("grade 10 ('I already know it') for a subscriber starts the card at 696 h (29 days), Intermediate", () => {
    const { type, data } = given(null).when({ grade: 10 }, subscriber(T0)).then();
    expect(type).toBe('CardLearned');
    // Known cards count as Intermediate at once: they never hold the learner's level back.
    expect(data).toMatchObject({ grade: 10, intervalHours: 696, dueAt: hoursAfter(696).toISOString(), masteryAfter: 'intermediate', attemptsAfter: 1 });
  });

  it('grade 10 without a subscription is refused with payment_required (402)', () => {
    const error = given(null).when({ grade: 10 }, free(T0)).thenFails();
    expect(error.code).toBe('payment_required');
    expect(error.status).toBe(402);
    expect(error.message).toMatch(/subscri/i);
  });
});

describe('decideGrade: refusals', () => {
  it.each([
    ['a learning card', reviewedCard('learning', 8)],
    ['an intermediate card', reviewedCard('intermediate', 200)],
    ['a card just learned (due at once)', { ...initialCardState, attempts: 1, learnedAt: T0, lastReviewedAt: T0, dueAt: T0 }],
  ])('grade 10 on %s is a validation error, also for subscribers', (_, state) => {
    const error = given(state).when({ grade: 10 }, subscriber(hoursAfter(1))).thenFails();
    expect(error.code).toBe('validation_failed');
    expect(error.status).toBe(400);
    expect(error.message).toBe("'I already know it' is only for new cards.");
  });

  it.each([1, 2, 4, 6, 9, 11, -1, 2.5, Number.NaN])('grade %s is a validation error', (grade) => {
    const error = given(null).when({ grade }, subscriber(T0)).thenFails();
    expect(error.code).toBe('validation_failed');
    expect(error.details.fields?.[0].field).toBe('grade');
  });

  it.each([
    ['a lesson', null],
    ['a review', reviewedCard('learning', 8)],
  ])('level 2 without a subscription is refused with payment_required in %s', (_, state) => {
    const error = given(state).when({ level: 2, grade: 5 }, free(hoursAfter(10))).thenFails();
    expect(error.code).toBe('payment_required');
    expect(error.message).toMatch(/Level 2/);
  });

  it('level 9 with a subscription is open', () => {
    expect(given(null).when({ level: 9, grade: 3 }, subscriber(T0)).then().data.level).toBe(9);
  });

  it.each<[string, Partial<GradeCardCommand>]>([
    ['a material type that does not belong to the course', { course: 'vocab1', materialType: 'reading' }],
    ['an unknown course', { course: 'kanji3' as never }],
    ['a level out of range', { level: 10 }],
    ['a level of 0', { level: 0 }],
    ['a material id that is not a positive integer', { materialId: 0 }],
    ['a missing user', { userId: '' }],
  ])('%s is a validation error', (_, cmd) => {
    expect(given(null).when(cmd, subscriber(T0)).thenFails().code).toBe('validation_failed');
  });
});

describe('decideGrade: review mastery at the gap boundaries', () => {
  it.each<[Mastery, number, 0 | 3 | 5, Mastery]>([
    // learning → intermediate: easy after 6+ days (144 h)
    ['learning', 143, 5, 'learning'],
    ['learning', 143.99, 5, 'learning'],
    ['learning', 144, 5, 'intermediate'],
    ['learning', 720, 5, 'intermediate'], // one step at a time, never straight to mastered
    // intermediate → mastered: easy after 30+ days (720 h)
    ['intermediate', 719, 5, 'intermediate'],
    ['intermediate', 720, 5, 'mastered'],
    ['mastered', 2000, 5, 'mastered'],
    // hard never promotes, whatever the gap
    ['learning', 1000, 3, 'learning'],
    ['intermediate', 1000, 3, 'intermediate'],
    ['mastered', 10, 3, 'mastered'],
    // failing: mastered drops one step, nothing returns to learning
    ['learning', 200, 0, 'learning'],
    ['intermediate', 200, 0, 'intermediate'],
    ['intermediate', 1, 0, 'intermediate'],
    ['mastered', 1000, 0, 'intermediate'],
  ])('given a %s card last reviewed %s h ago, when graded %i, then it is %s', (before, gap, grade, after) => {
    const now = hoursAfter(gap);
    const { type, data } = given(reviewedCard(before, 100)).when({ grade }, free(now)).then();
    expect(type).toBe('CardGraded');
    expect(data).toMatchObject({ masteryBefore: before, masteryAfter: after, reviewedAt: now.toISOString() });
  });

  it('measures the first review gap from the lesson grade', () => {
    const learned = given([]).when({ grade: 10 }, subscriber(T0)).then();
    const { data } = given([learned]).when({ grade: 5 }, subscriber(hoursAfter(696))).then();
    expect(data).toMatchObject({ masteryBefore: 'intermediate', masteryAfter: 'intermediate', intervalHours: 1740, attemptsAfter: 2 });
  });

  it('measures the gap from the last review, not from the lesson', () => {
    // Learned 10 days ago, but reviewed every few days: no single gap reaches 6 days.
    const history: CardEvent[] = [given([]).when({ grade: 5 }, free(T0)).then()];
    for (const at of [0.1, 48, 120, 216]) history.push(given(history).when({ grade: 5 }, free(hoursAfter(at))).then());
    expect(cardStateFrom(history)).toMatchObject({ mastery: 'learning', attempts: 5, learnedAt: T0 });
    const next = given(history).when({ grade: 5 }, free(hoursAfter(216 + 144))).then();
    expect(next.data.masteryAfter).toBe('intermediate');
  });
});

describe('decideGrade: review intervals of a card last graded under version 2 (it goes on from its interval)', () => {
  it.each([
    // hard: max(4, round(previous × 1.5))
    [3, 0, 4],
    [3, 2, 4], // 3 is below the minimum
    [3, 3, 5], // 4.5 rounds up, just past the minimum
    [3, 4, 6],
    [3, 6, 9],
    [3, 9, 14], // 13.5 rounds up
    [3, 14, 21],
    [3, 21, 32], // 31.5 rounds up
    // easy: max(8, round(previous × 2.5))
    [5, 0, 8],
    [5, 3, 8], // 7.5 → 8, the minimum
    [5, 4, 10],
    [5, 8, 20],
    [5, 20, 50],
    [5, 50, 125],
    [5, 125, 313], // 312.5 rounds up
    [5, 696, 1740],
    // didn't get it: back to 0 h, due at once
    [0, 0, 0],
    [0, 1740, 0],
  ] as const)('grade %i after an interval of %i h gives %i h, due that long after now', (grade, previous, expected) => {
    const now = hoursAfter(30);
    const { data } = given(reviewedCard('learning', previous)).when({ grade }, free(now)).then();
    expect(data.intervalHours).toBe(expected);
    expect(data.dueAt).toBe(hoursAfter(expected, now).toISOString());
    expect(CardGradedSchema.safeParse(data).success).toBe(true);
  });

  it('resets a failed intermediate card to 0 h but keeps its level of mastery', () => {
    const now = hoursAfter(400);
    const { data } = given(reviewedCard('intermediate', 400)).when({ grade: 0 }, free(now)).then();
    expect(data).toMatchObject({ intervalHours: 0, dueAt: now.toISOString(), masteryAfter: 'intermediate', attemptsAfter: 4 });
  });

  it('drops a failed mastered card to intermediate with a 0 h interval', () => {
    const { data } = given(reviewedCard('mastered', 2000)).when({ grade: 0 }, free(hoursAfter(2000))).then();
    expect(data).toMatchObject({ intervalHours: 0, masteryBefore: 'mastered', masteryAfter: 'intermediate' });
  });

  it('does not change the state it was given', () => {
    const state = reviewedCard('learning', 20);
    const copy = structuredClone(state);
    given(state).when({ grade: 5 }, free(hoursAfter(200))).then();
    expect(state).toEqual(copy);
  });
});

describe('decideGrade with a typed answer (issue 31)', () => {
  const wrong = { reading: 'おばさん', verdict: 'wrong' as const, diagnosis: ['long_vowel_missing'], retried: true, firstTry: { reading: 'おばさん', diagnosis: ['long_vowel_missing'] } };
  const right = { reading: 'おばあさん', verdict: 'correct' as const, retried: false };

  it('given a review, when a wrong typed answer comes with "got it, easy", then the grade recorded is 0 and carries the answer', () => {
    const event = given(reviewedCard('intermediate', 200)).when({ grade: 5, typedAnswer: wrong }, subscriber(hoursAfter(200))).then();
    expect(event.type).toBe('CardGraded');
    expect(event.data).toMatchObject({ grade: 0, intervalHours: 0, typedAnswer: wrong });
    expect(CardGradedSchema.parse(event.data)).toEqual(event.data);
  });

  it('given a review, when a right typed answer comes with a grade, then the learner grade stands (0 too: a guess may be owned up to)', () => {
    expect(given(reviewedCard('learning', 8)).when({ grade: 3, typedAnswer: right }, subscriber(hoursAfter(8))).then().data).toMatchObject({ grade: 3, typedAnswer: right });
    expect(given(reviewedCard('learning', 8)).when({ grade: 0, typedAnswer: right }, subscriber(hoursAfter(8))).then().data.grade).toBe(0);
  });

  it('given a new card, when a typed answer comes, then it is refused naming the field (lessons are learned, not tested)', () => {
    const error = given(null).when({ grade: 3, typedAnswer: right }, subscriber(T0)).thenFails();
    expect(error.details.fields?.[0].field).toBe('typed');
  });

  it('parses a version 1 grade (no typedAnswer) with the current schema', () => {
    const event = given(reviewedCard('learning', 8)).when({ grade: 5 }, subscriber(hoursAfter(8))).then();
    expect(event.data).not.toHaveProperty('typedAnswer');
    expect(CardGradedSchema.parse(event.data)).toEqual(event.data);
  });
});
