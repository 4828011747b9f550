import { flashcardSchema, gradeResponseSchema, nextCardSchema } from './study-queries';
import { afterGrade, dueAfter, overviewOf, predictAfterGrade, progressLabel, reconcile, startLessons, startReviews, startSession, wantsNewCard } from './session';
import { gradeResponse, nextCard, vocabCard } from '../../test/fixtures';

const card = (attempts = 0) => flashcardSchema.parse(vocabCard({ attempts }));
const next = (o: Parameters<typeof nextCard>[0]) => nextCardSchema.parse(nextCard(o));

describe('overviewOf', () => {
  it('is Rest without a card', () => expect(overviewOf(next({ user_next_review_in_minutes: 30 }))).toBe('rest'));
  it('is Arrival for a new learner', () => expect(overviewOf(next({ flashcard: vocabCard(), new_available: 50, learned_count: 0 }))).toBe('arrival'));
  it('is Lessons with new cards and no reviews', () => expect(overviewOf(next({ flashcard: vocabCard(), new_available: 40, learned_count: 10 }))).toBe('lessons'));
  it('is Reviews when reviews are due', () => expect(overviewOf(next({ flashcard: vocabCard({ attempts: 2 }), review_count: 4, learned_count: 10 }))).toBe('reviews'));
});

describe('a session', () => {
  it('learns a batch of 10 new cards, then reviews them', () => {
    let session = startLessons(card(), 25);
    expect(progressLabel(session)).toBe('New Card 1/10');
    for (let n = 2; n <= 10; n += 1) {
      expect(wantsNewCard(session)).toBe(true);
      session = afterGrade(session, gradeResponseSchema.parse(gradeResponse(vocabCard(), vocabCard())))!;
      expect(progressLabel(session)).toBe(`New Card ${n}/10`);
    }
    expect(wantsNewCard(session)).toBe(false);
    session = afterGrade(session, gradeResponseSchema.parse(gradeResponse(vocabCard(), vocabCard({ attempts: 1 }), { review_count: 10 })))!;
    expect(progressLabel(session)).toBe('Review 1/10');
  });

  it('uses a smaller batch when fewer new cards are left', () => {
    expect(progressLabel(startLessons(card(), 3))).toBe('New Card 1/3');
  });

  it('counts reviews, adding the failed ones that come back', () => {
    let session = startReviews(card(2), 3);
    session = afterGrade(session, gradeResponseSchema.parse(gradeResponse(vocabCard({ attempts: 2 }), vocabCard({ attempts: 2 }), { review_count: 2 })))!;
    expect(progressLabel(session)).toBe('Review 2/3');
    // Failed: the card is due again, so one more review than planned.
    session = afterGrade(session, gradeResponseSchema.parse(gradeResponse(vocabCard({ attempts: 2 }), vocabCard({ attempts: 2 }), { review_count: 2 })))!;
    expect(progressLabel(session)).toBe('Review 3/4');
    expect(afterGrade(session, gradeResponseSchema.parse(gradeResponse(vocabCard({ attempts: 2 }), null)))).toBeNull();
  });

  it('starts every card unflipped', () => {
    const session = afterGrade({ ...startReviews(card(2), 2), flipped: true, contextShown: true }, gradeResponseSchema.parse(gradeResponse(vocabCard(), vocabCard({ attempts: 1 }), { review_count: 1 })))!;
    expect(session.flipped).toBe(false);
    expect(session.contextShown).toBe(false);
  });
});

describe('predicting the next card from the card that follows (shown before the grade is answered)', () => {
  it('goes on with the batch, then reviews the cards just learned, as afterGrade would', () => {
    let session = startLessons(card(), 2);
    const second = card();
    session = predictAfterGrade(session, 5, next({ flashcard: vocabCard(second), review_count: 0 }))!;
    expect(progressLabel(session)).toBe('New Card 2/2');
    expect(session.card.flashcard_id).toBe(second.flashcard_id);
    // The last new card: the first card just learned is due, and so will this one be.
    session = predictAfterGrade(session, 3, next({ flashcard: vocabCard({ attempts: 1 }), review_count: 1 }))!;
    expect(progressLabel(session)).toBe('Review 1/2');
  });

  it('counts the reviews left: a passed review is no longer due, a failed one is', () => {
    const session = startReviews(card(2), 3);
    expect(progressLabel(predictAfterGrade(session, 3, next({ flashcard: vocabCard({ attempts: 2 }), review_count: 3 }))!)).toBe('Review 2/3');
    expect(progressLabel(predictAfterGrade(session, 0, next({ flashcard: vocabCard({ attempts: 2 }), review_count: 3 }))!)).toBe('Review 2/4');
  });

  it('is unknown (null) when nothing else follows: the graded card may come back', () => {
    expect(predictAfterGrade(startReviews(card(2), 1), 0, next({ flashcard: null, review_count: 1 }))).toBeNull();
  });

  it('dueAfter: lessons become due unless already known', () => {
    const lesson = startLessons(card(), 10);
    expect(dueAfter(lesson, 5, 4)).toBe(5);
    expect(dueAfter(lesson, 10, 4)).toBe(4);
    const review = startReviews(card(3), 4);
    expect(dueAfter(review, 5, 4)).toBe(3);
    expect(dueAfter(review, 0, 4)).toBe(4);
  });
});

describe("reconcile (the server's answer over what is on screen)", () => {
  const b = card(2);
  const predicted = { ...startReviews(b, 3), position: 2 };
  const server = (c = b, total = 4) => ({ ...startReviews(c, total), position: 2 });

  it('keeps the flip of the predicted card when the server agrees, with its counts', () => {
    const shown = { ...predicted, flipped: true, contextShown: true };
    expect(reconcile(shown, predicted, server(b, 5))).toEqual({ ...server(b, 5), flipped: true, contextShown: true });
  });

  it("takes the server's card, unflipped, when it differs", () => {
    const other = card(2);
    expect(reconcile({ ...predicted, flipped: true }, predicted, server(other))).toEqual(server(other));
  });

  it('starts a card that comes back unflipped when nothing was predicted', () => {
    const shown = { ...startReviews(b, 1), flipped: true };
    expect(reconcile(shown, null, server(b)).flipped).toBe(false);
  });
});

describe('a session under a catch-up plan', () => {
  // 1,200 due, 84 left of the day's share: the server serves the 84, so the session counts them.
  it("counts the day's share left, not the pile, from the start and after each grade", () => {
    let session = startSession(next({ flashcard: vocabCard({ attempts: 3 }), review_count: 1200, plan_left_today: 84, learned_count: 1300 }))!;
    expect(progressLabel(session)).toBe('Review 1/84');
    session = afterGrade(session, gradeResponseSchema.parse(gradeResponse(vocabCard({ attempts: 3 }), vocabCard({ attempts: 3 }), { review_count: 1199, plan_left_today: 83 })))!;
    expect(progressLabel(session)).toBe('Review 2/84');
  });

  it('predicts the share one smaller after a review, passed or failed (both count as done today)', () => {
    const session = startReviews(card(3), 84);
    const following = next({ flashcard: vocabCard({ attempts: 3 }), review_count: 1200, plan_left_today: 84 });
    expect(progressLabel(predictAfterGrade(session, 5, following)!)).toBe('Review 2/84');
    expect(progressLabel(predictAfterGrade(session, 0, following)!)).toBe('Review 2/84');
  });

  it('counts every review due once the learner went on past the share (no share left to count)', () => {
    expect(progressLabel(startSession(next({ flashcard: vocabCard({ attempts: 3 }), review_count: 1116, plan_left_today: null, learned_count: 1300 }))!)).toBe('Review 1/1116');
  });
});
