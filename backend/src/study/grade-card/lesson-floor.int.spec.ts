import { randomUUID } from 'node:crypto';
import { createIsolatedDatabase } from '../../../test/test-db';
import { startTestApp, TestApp } from '../../../test/http-app';
import { signUpTestUser, TestUser } from '../../accounts/testing/test-session';
import { courseMaterials, insertMaterials, pinClock } from '../testing/study-fixtures';

// The next new card comes from a walk of the lesson order that starts at the learner's lesson floor
// (migration 032). The floor is a hint: these tests check the lesson order stays exact when cards are learned
// out of order and when the catalogue gains a card before the floor.

const T0 = new Date('2026-03-02T09:00:00.000Z');

describe('next new card from the lesson floor', () => {
  let db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: TestApp;

  beforeAll(async () => {
    db = await createIsolatedDatabase();
    // kanji1: 8 cards on level 1 (ids 1..8, positions 1..8) and one at position 0 that is not servable yet.
    await insertMaterials(db.pool, [...courseMaterials('kanji1', 8, 1), { course: 'kanji1', level: 1, position: 0, materialId: 900, servable: false }]);
    app = await startTestApp({ databaseUrl: db.url, runner: false, env: { SESSION_TTL_DAYS: '3650' } });
    pinClock(app.app, T0);
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const grade = async (user: TestUser, id: string) => {
    const res = await user.session.post('/api/flashcard', { id, grade: 3, fetch_new: true }, { headers: { 'idempotency-key': randomUUID() } });
    expect(res.statusCode).toBe(200);
    return res.json().new_flashcard?.flashcard_id ?? null;
  };
  const floorOf = async (userId: string) =>
    (await db.pool.query(`select material_id from lesson_floors where user_id = $1 and course = 'kanji1'`, [userId])).rows[0]?.material_id ?? null;

  it('moves the floor with each lesson and keeps the lesson order when a card is learned out of order', async () => {
    const user = await signUpTestUser(app.inject);
    expect(await grade(user, 'reading-1')).toBe('reading-2');
    expect(await grade(user, 'reading-2')).toBe('reading-3');
    expect(await floorOf(user.id)).toBe(3);

    // reading-5 studied on its own (a specific card): the floor stays, the lesson order goes on at 3, then skips 5.
    const specific = await user.session.get('/api/flashcard?course=kanji1&material_type=reading&material_id=5');
    expect(specific.json().flashcard.flashcard_id).toBe('reading-5');
    expect(await grade(user, 'reading-5')).toBe('reading-3');
    expect(await floorOf(user.id)).toBe(3);
    expect(await grade(user, 'reading-3')).toBe('reading-4');
    expect(await grade(user, 'reading-4')).toBe('reading-6');
    expect(await floorOf(user.id)).toBe(6);
  });

  it('serves a card the catalogue adds before the floor, because a catalogue change retires every floor', async () => {
    const user = await signUpTestUser(app.inject);
    for (const id of [1, 2, 3]) await grade(user, `reading-${id}`);
    expect(await floorOf(user.id)).toBe(4);

    // What the catalogue projection does when an admin approves a card: the row changes and the revision moves.
    await db.pool.query(`update materials set servable = true where material_id = 900`);
    await db.pool.query(`update catalogue_revision set revision = revision + 1`);

    // The lesson goes on (a review of reading-1 with fetch_new asks for the next new card): position 0 first.
    expect(await grade(user, 'reading-1')).toBe('reading-900');
    expect(await grade(user, 'reading-900')).toBe('reading-4');
    expect(await floorOf(user.id)).toBe(4);
    await db.pool.query(`update materials set servable = false where material_id = 900`);
    await db.pool.query(`update catalogue_revision set revision = revision + 1`);
  });

  describe('look-ahead: GET /api/flashcard?after=<card on screen>', () => {
    const ahead = async (user: TestUser, after: string, fetchNew: boolean) => {
      const res = await user.session.get(`/api/flashcard?course=kanji1&after=${after}&fetch_new=${fetchNew}`);
      expect(res.statusCode).toBe(200);
      return res.json();
    };

    it('answers the card a grade of the card on screen would answer, in a lesson and in reviews', async () => {
      const user = await signUpTestUser(app.inject);
      expect(await grade(user, 'reading-1')).toBe('reading-2');
      // In the lesson, reading-2 on screen: the next new card after it.
      const lesson = await ahead(user, 'reading-2', true);
      expect(lesson).toMatchObject({ after: 'reading-2', flashcard: { flashcard_id: 'reading-3' } });
      expect(await grade(user, 'reading-2')).toBe(lesson.flashcard.flashcard_id);

      // Reviews (both learned cards are due at once): the other due card, and nothing after the last one.
      const review = await ahead(user, 'reading-1', false);
      expect(review.flashcard.flashcard_id).toBe('reading-2');
      const res = await user.session.post('/api/flashcard', { id: 'reading-1', grade: 5, fetch_new: false }, { headers: { 'idempotency-key': randomUUID() } });
      expect(res.json().new_flashcard.flashcard_id).toBe('reading-2');
      expect((await ahead(user, 'reading-2', false)).flashcard).toBeNull();
    });

    it('refuses a look-ahead past something that is not a flashcard id', async () => {
      const user = await signUpTestUser(app.inject);
      const res = await user.session.get('/api/flashcard?course=kanji1&after=<b>1</b>&fetch_new=true');
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    });
  });
});
