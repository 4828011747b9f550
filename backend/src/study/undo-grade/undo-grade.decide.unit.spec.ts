import { AppError } from '../../platform/errors/app-error';
import { CardGraded, CardLearned, type CardEvent } from '../card.events';
import { cardStateFrom, evolve } from '../card.state';
import { ALREADY_UNDONE, ANSWERED_AGAIN, ANSWERED_ANOTHER, decideUndo, undoEventId, UNDO_WINDOW_MINUTES, type StoredCardEvent } from './undo-grade.decide';

const card = { userId: 'u1', course: 'kanji1', materialType: 'reading', materialId: 7, level: 1 } as const;
const T0 = new Date('2026-03-02T09:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

const learned = CardLearned({ ...card, grade: 3, intervalHours: 0, dueAt: at(0).toISOString(), masteryBefore: 'learning', masteryAfter: 'learning', attemptsAfter: 1, reviewedAt: at(0).toISOString(), schedulerVersion: 2 });
const reviewed = CardGraded({ ...card, grade: 5, intervalHours: 8, dueAt: at(481).toISOString(), masteryBefore: 'learning', masteryAfter: 'learning', attemptsAfter: 2, reviewedAt: at(1).toISOString(), schedulerVersion: 2 });
const slip = CardGraded({ ...card, grade: 0, intervalHours: 0, dueAt: at(2).toISOString(), masteryBefore: 'learning', masteryAfter: 'learning', attemptsAfter: 3, reviewedAt: at(2).toISOString(), schedulerVersion: 2 });
const stored = (events: CardEvent[]): StoredCardEvent[] => events.map((event, i) => ({ eventId: `00000000-0000-4000-8000-00000000000${i}`, streamVersion: i + 1, event }));

describe('decideUndo', () => {
  it('restores the state the events before the last grade give, and folds back to it', () => {
    const events = stored([learned, reviewed, slip]);
    const undo = decideUndo(events, { now: at(3), version: 3, gradedSince: false });
    expect(undo.data).toMatchObject({ undoneEventId: events[2].eventId, undoneType: 'CardGraded', undoneGrade: 0, masteryBefore: 'learning', masteryAfter: 'learning' });
    expect(undo.data.restored).toEqual({ attempts: 2, mastery: 'learning', intervalHours: 8, dueAt: at(481).toISOString(), lastReviewedAt: at(1).toISOString(), learnedAt: at(0).toISOString(), memory: null, lapses: 0, leechSince: null });
    expect(undo.eventId).toBe(undoEventId(events[2].eventId));
    // Folding the stream with the undo gives exactly the state before the slip.
    expect(evolve(cardStateFrom([learned, reviewed, slip]), undo)).toEqual(cardStateFrom([learned, reviewed]));
  });

  it("restores the scheduler's memory of the card with its schedule", () => {
    const memory = { base_hours: 8, ease: 2.5, relearn_hours: 0, lapses: 0 };
    const kept = CardGraded({ ...reviewed.data, schedulerVersion: 3, memoryAfter: memory });
    const lapse = CardGraded({ ...slip.data, schedulerVersion: 3, memoryAfter: { base_hours: 0, ease: 2.3, relearn_hours: 0, lapses: 1 } });
    const undo = decideUndo(stored([learned, kept, lapse]), { now: at(3), gradedSince: false });
    expect(undo.data.restored?.memory).toEqual(memory);
    expect(evolve(cardStateFrom([learned, kept, lapse]), undo)).toEqual(cardStateFrom([learned, kept]));
  });

  it('makes the card new again when the lesson itself is undone', () => {
    const undo = decideUndo(stored([learned]), { now: at(1), gradedSince: false });
    expect(undo.data).toMatchObject({ undoneType: 'CardLearned', restored: null, masteryAfter: null });
    expect(evolve(cardStateFrom([learned]), undo)).toEqual(cardStateFrom([]));
  });

  it('refuses what is not the last answer, an undone answer, and an old one', () => {
    const refused = (events: StoredCardEvent[], context: Parameters<typeof decideUndo>[1]) => {
      try {
        decideUndo(events, context);
      } catch (e) {
        expect(e).toBeInstanceOf(AppError);
        return (e as AppError).message;
      }
      throw new Error('not refused');
    };
    const events = stored([learned, reviewed]);
    expect(refused([], { now: at(1), gradedSince: false })).toMatch(/nothing to take back/);
    expect(refused(events, { now: at(2), version: 1, gradedSince: false })).toBe(ANSWERED_AGAIN);
    expect(refused(events, { now: at(2), version: 2, gradedSince: true })).toBe(ANSWERED_ANOTHER);
    expect(refused(events, { now: at(1 + UNDO_WINDOW_MINUTES + 1), gradedSince: false })).toMatch(/more than 30 minutes old/);
    const undo = decideUndo(events, { now: at(2), gradedSince: false });
    expect(refused([...events, { eventId: undo.eventId, streamVersion: 3, event: undo }], { now: at(2), gradedSince: false })).toBe(ALREADY_UNDONE);
    // At the window's edge it is still taken back.
    expect(decideUndo(events, { now: at(1 + UNDO_WINDOW_MINUTES), gradedSince: false }).data.undoneGrade).toBe(5);
  });
});
