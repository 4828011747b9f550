import { randomUUID } from 'node:crypto';
import { createIsolatedDatabase } from '../../../test/test-db';
import { systemClock } from '../../platform/clock';
import { ServableTotals } from '../servable-totals';
import { insertDueCards, insertMaterials } from '../testing/study-fixtures';
import { FlashcardQueries } from './get-flashcard.query';

// The next review is the earliest due card that may be served (study_first_due walks them in due order):
// cards of materials no longer served, cards above the learner's open levels and the card looked past are
// stepped over, and ties of due time go by material id.

describe('next due review', () => {
  let db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let queries: FlashcardQueries;
  const now = new Date('2026-03-01T12:00:00Z');
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

  beforeAll(async () => {
    db = await createIsolatedDatabase();
    await insertMaterials(db.pool, [
      { course: 'vocab2', level: 1, position: 1, materialId: 1, servable: false },
      { course: 'vocab2', level: 2, position: 2, materialId: 2 },
      { course: 'vocab2', level: 1, position: 3, materialId: 3 },
      { course: 'vocab2', level: 1, position: 4, materialId: 4 },
      { course: 'vocab2', level: 1, position: 5, materialId: 5 },
    ]);
    queries = new FlashcardQueries(db.pool, new ServableTotals(db.pool, systemClock));
  });
  afterAll(() => db.drop());

  const nextFor = (userId: string, subscriptionActive: boolean, skip?: number) =>
    queries.next({ userId, course: 'vocab2', now, subscriptionActive, preferNew: false, skip: skip ? { materialType: 'vocab', materialId: skip } : undefined });

  it('steps over unserved materials, locked levels and the card looked past, in due order', async () => {
    const user = randomUUID();
    // Due 5, 4, 3, 3 hours ago: material 1 (no longer served), 2 (level 2), 3 and 4 (a tie), and 5 later on.
    await insertDueCards(db.pool, user, 'vocab2', [hoursAgo(5)], { firstMaterialId: 1 });
    await insertDueCards(db.pool, user, 'vocab2', [hoursAgo(4)], { firstMaterialId: 2, level: 2 });
    await insertDueCards(db.pool, user, 'vocab2', [hoursAgo(3), hoursAgo(3)], { firstMaterialId: 3 });
    await insertDueCards(db.pool, user, 'vocab2', [new Date(now.getTime() + 3_600_000)], { firstMaterialId: 5 });

    expect((await nextFor(user, false)).flashcard?.flashcard_id).toBe('vocab-3');

    expect((await nextFor(user, true)).flashcard?.flashcard_id).toBe('vocab-2');
    expect((await nextFor(user, true, 2)).flashcard?.flashcard_id).toBe('vocab-3');
    expect((await nextFor(user, false, 3)).flashcard?.flashcard_id).toBe('vocab-4');
  });

  it('has no review when nothing servable is due', async () => {
    const user = randomUUID();
    await insertDueCards(db.pool, user, 'vocab2', [hoursAgo(1)], { firstMaterialId: 1 });
    await insertDueCards(db.pool, user, 'vocab2', [new Date(now.getTime() + 60_000)], { firstMaterialId: 3 });
    const next = await nextFor(user, true);
    expect(next.flashcard?.attempts ?? 0).toBe(0); // not a review: a new card, if any
    expect(next.user_next_review_in_minutes).toBe(0);
  });
});
