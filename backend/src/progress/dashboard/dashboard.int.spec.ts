import { randomUUID } from 'node:crypto';
import { createIsolatedDatabase } from '../../../test/test-db';
import { startTestApp, TestApp } from '../../../test/http-app';
import { eventually } from '../../../test/support/eventually';
import { setSubscription } from '../../accounts';
import { signUpTestUser, TestUser } from '../../accounts/testing/test-session';
import { COURSES } from '../../study';
import { courseMaterials, insertMaterials, pinClock } from '../../study/testing/study-fixtures';

// GET /api/dashboard against a real database: a first visit, then the counts a learner's answers make, the
// paywall on new cards, the level's progress, and the next review and five-day total in the learner's zone.

const T0 = new Date('2026-03-02T09:00:00.000Z');

describe('GET /api/dashboard', () => {
  let db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: TestApp;
  let clock: ReturnType<typeof pinClock>;

  beforeAll(async () => {
    db = await createIsolatedDatabase();
    // kanji1: 3 cards per level, and one level-1 card that cannot be served yet; kana: 2 per level.
    await insertMaterials(db.pool, [
      ...courseMaterials('kanji1', 3),
      { course: 'kanji1', level: 1, position: 0, materialId: 900, servable: false },
      ...courseMaterials('kana', 2, 9, 501),
    ]);
    app = await startTestApp({ databaseUrl: db.url, runner: true });
    clock = pinClock(app.app, T0);
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const grade = async (user: TestUser, id: string, g: number, fetchNew = true) => {
    const res = await user.session.post('/api/flashcard', { id, grade: g, fetch_new: fetchNew }, { headers: { 'idempotency-key': randomUUID() } });
    expect(res.statusCode).toBe(200);
  };
  const dashboard = async (user: TestUser) => {
    const res = await user.session.get('/api/dashboard');
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const course = (d: { courses: Array<{ course: string } & Record<string, any>> }, name: string) => d.courses.find((c) => c.course === name)!;

  it('says "first visit" until the first answer, then counts reviews, new cards, the level and the next days', async () => {
    clock.set(T0);
    const user = await signUpTestUser(app.inject);
    const first = await dashboard(user);
    expect(first.first_visit).toBe(true);
    expect(first.courses.map((c: { course: string }) => c.course)).toEqual([...COURSES]);
    expect(course(first, 'kanji1')).toEqual({
      course: 'kanji1',
      level: 1,
      level_cards: 4,
      level_done: 0,
      level_available: 3,
      review_count: 0,
      new_available: 3,
      next_review_at: null,
      forecast_total: 0,
      learned_count: 0,
    });

    await grade(user, 'reading-1', 3);
    await grade(user, 'reading-2', 5);
    clock.set(new Date(T0.getTime() + 60_000));
    // The first review of reading-1: good → due again in 8 hours.
    await grade(user, 'reading-1', 5, false);
    const after = await dashboard(user);
    expect(after.first_visit).toBe(false);
    expect(course(after, 'kanji1')).toMatchObject({
      level: 1,
      level_done: 0,
      review_count: 1,
      new_available: 1,
      next_review_at: T0.toISOString(),
      forecast_total: 2,
      learned_count: 2,
    });
    // Without a subscription only level 1 is open: kana's level-2 cards are not offered even at level 2.
    expect(course(after, 'kana')).toMatchObject({ level: 1, new_available: 2, review_count: 0 });
  });

  it('counts Intermediate cards towards the next level and opens new cards up to the level for a subscriber', async () => {
    clock.set(T0);
    const user = await signUpTestUser(app.inject);
    await setSubscription(db.pool, user.email, 'active');
    await grade(user, 'kana-501', 10);
    const half = course(await dashboard(user), 'kana');
    expect(half).toMatchObject({ level: 1, level_cards: 2, level_done: 1, new_available: 1, review_count: 0, forecast_total: 0 });
    // Known for 29 days: the next review is far, outside the five-day total.
    expect(half.next_review_at).toBe(new Date(T0.getTime() + 29 * 24 * 3_600_000).toISOString());
    await grade(user, 'kana-502', 10);
    // The level read model follows asynchronously; the dashboard reads it.
    const kana = await eventually(
      'kana level 2 on the dashboard',
      async () => {
        const k = course(await dashboard(user), 'kana');
        return k.level === 2 && k;
      },
      5_000,
    );
    expect(kana).toMatchObject({ level: 2, level_cards: 2, level_done: 0, new_available: 2, learned_count: 2 });
  });
});
