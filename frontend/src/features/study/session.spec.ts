import { flashcardSchema, gradeResponseSchema, nextCardSchema } from './study-queries';
import { afterGrade, overviewOf, progressLabel, startLessons, startReviews, wantsNewCard } from './session';
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
