import { CardGraded, LeechRelearnStarted, type CardEvent } from '../card.events';
import { cardStateFrom, evolve, initialCardState, type CardState } from '../card.state';
import { decideGrade, type GradeCardCommand } from '../grade-card/grade-card.decide';
import { decideUndo, type StoredCardEvent } from '../undo-grade/undo-grade.decide';
import { decideRelearn } from './relearn-leech.decide';
import { isLeech, lapsesAfter, leechSinceAfter, LEECH_LAPSES } from './leech.rule';

const T0 = new Date('2026-03-02T09:00:00.000Z');
const at = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);
const command = (grade: number): GradeCardCommand => ({ userId: 'user-1', course: 'kana', materialType: 'kana', materialId: 7, level: 1, grade });

/** Grades the card at the given hours after T0, each decided on the state the earlier ones left. */
function graded(grades: number[], from: CardEvent[] = []): CardEvent[] {
  const events = [...from];
  grades.forEach((grade, i) => {
    const state = events.length ? cardStateFrom(events) : null;
    events.push(decideGrade(command(grade), state, { now: at(events.length + i), subscriptionActive: true }));
  });
  return events;
}

describe('leech rule', () => {
  it('counts a failed review as a lapse, nothing else', () => {
    expect(lapsesAfter(2, 0, true)).toBe(3);
    expect(lapsesAfter(2, 0, false)).toBe(2); // a lesson's "didn't get it" is the first meeting
    expect(lapsesAfter(2, 3, true)).toBe(2);
    expect(lapsesAfter(2, 5, true)).toBe(2);
  });

  it(`marks a card a leech at ${LEECH_LAPSES} lapses and keeps the moment it became one`, () => {
    expect(isLeech(LEECH_LAPSES - 1)).toBe(false);
    expect(isLeech(LEECH_LAPSES)).toBe(true);
    expect(leechSinceAfter(null, LEECH_LAPSES - 1, T0.toISOString())).toBeNull();
    expect(leechSinceAfter(null, LEECH_LAPSES, T0.toISOString())).toBe(T0.toISOString());
    expect(leechSinceAfter(at(-5).toISOString(), LEECH_LAPSES + 1, T0.toISOString())).toBe(at(-5).toISOString());
  });
});

describe('leeches through the grade, undo and re-learn decisions', () => {
  it('given a learned card, when it is failed 8 times in review (with successes between), then the 8th failure makes it a leech and records it', () => {
    const events = graded([0, 0, 3, 0, 0, 0, 5, 0, 0, 0]); // the lesson's 0, then 7 lapses…
    expect(cardStateFrom(events)).toMatchObject({ lapses: 7, leechSince: null });
    const eighth = graded([0], events);
    const last = eighth[eighth.length - 1];
    expect(last.type).toBe('CardGraded');
    expect(last.data).toMatchObject({ lapsesAfter: 8, leechSince: (last.data as { reviewedAt: string }).reviewedAt });
    expect(cardStateFrom(eighth)).toMatchObject({ lapses: 8, leechSince: new Date((last.data as { reviewedAt: string }).reviewedAt) });
    // …and stays one, since the same moment, on later answers.
    const later = graded([5, 0], eighth);
    expect(cardStateFrom(later).leechSince).toEqual(cardStateFrom(eighth).leechSince);
    expect(cardStateFrom(later).lapses).toBe(9);
  });

  it('given a card that just became a leech, when that failure is undone, then it has 7 lapses and is no leech', () => {
    const events = graded([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(cardStateFrom(events)).toMatchObject({ lapses: 8 });
    const stored: StoredCardEvent[] = events.map((event, i) => ({ eventId: `00000000-0000-4000-8000-00000000000${i}`, streamVersion: i + 1, event }));
    const lastAt = new Date((events[events.length - 1].data as { reviewedAt: string }).reviewedAt);
    const undo = decideUndo(stored, { now: new Date(lastAt.getTime() + 60_000), gradedSince: false });
    expect(undo.data.restored).toMatchObject({ lapses: 7, leechSince: null });
    expect(evolve(cardStateFrom(events), undo)).toEqual(cardStateFrom(events.slice(0, -1)));
  });

  it('given grades recorded before the rule (no lapsesAfter), when folded, then their failed reviews are counted by the same rule', () => {
    const events = graded([0, 0, 0, 0, 0, 0, 0, 0, 0]).map((e) => {
      if (e.type !== 'CardGraded') return e;
      const { lapsesAfter: _l, leechSince: _s, ...old } = e.data;
      return CardGraded(old) as CardEvent;
    });
    const state = cardStateFrom(events);
    expect(state.lapses).toBe(8);
    expect(state.leechSince).toEqual(new Date((events[8].data as { reviewedAt: string }).reviewedAt));
  });

  it('given a leech, when it is re-learned, then it is due at once from interval 0 with its lapses started again, and keeps its mastery and attempts', () => {
    const events = graded([5, 0, 0, 0, 0, 0, 0, 0, 0]);
    const before = cardStateFrom(events);
    const relearn = decideRelearn(command(0), before, at(30));
    expect(relearn).toEqual(
      LeechRelearnStarted({
        userId: 'user-1',
        course: 'kana',
        materialType: 'kana',
        materialId: 7,
        level: 1,
        lapsesBefore: 8,
        leechSince: before.leechSince!.toISOString(),
        intervalHours: 0,
        dueAt: at(30).toISOString(),
        startedAt: at(30).toISOString(),
      }),
    );
    const after: CardState = evolve(before, relearn);
    expect(after).toEqual({ ...before, intervalHours: 0, dueAt: at(30), lapses: 0, leechSince: null });
    // The next failure is the first of a new count.
    const next = decideGrade(command(0), after, { now: at(31), subscriptionActive: true });
    expect(next.data).toMatchObject({ lapsesAfter: 1, leechSince: null });
  });

  it('refuses to re-learn a card that is not a leech, or was never learned', () => {
    const events = graded([5, 0, 0]);
    expect(() => decideRelearn(command(0), cardStateFrom(events), at(10))).toThrow(/not a leech/);
    expect(() => decideRelearn(command(0), initialCardState, at(10))).toThrow(/not learned/);
  });

  it('refuses to undo the answer before a re-learn', () => {
    const events = graded([5, 0, 0, 0, 0, 0, 0, 0, 0]);
    const relearn = decideRelearn(command(0), cardStateFrom(events), at(9));
    const stored: StoredCardEvent[] = [...events, relearn].map((event, i) => ({ eventId: `00000000-0000-4000-8000-0000000000${10 + i}`, streamVersion: i + 1, event }));
    expect(() => decideUndo(stored, { now: at(9), gradedSince: false })).toThrow(/re-learning/);
  });
});
