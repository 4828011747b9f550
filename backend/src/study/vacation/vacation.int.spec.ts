import { randomUUID } from 'node:crypto';
import { createIsolatedDatabase } from '../../../test/test-db';
import { startTestApp, TestApp } from '../../../test/http-app';
import { eventually } from '../../../test/support/eventually';
import { setSubscription } from '../../accounts';
import { signUpTestUser, TestUser } from '../../accounts/testing/test-session';
import { rebuildProjection } from '../../platform/projections/projection-admin';
import { cardStatesProjection } from '../card-states.projection';
import { courseMaterials, insertMaterials, pinClock } from '../testing/study-fixtures';

// Vacation mode (issue 30, item 4) through the API on a real database: start, the checks, end; every card last
// reviewed before the start is due later by the pause's length; a rebuild of card_states from the log gives the same
// rows; levels and study days are what they were.

const T0 = new Date('2026-05-04T09:00:00.000Z');
const DAY = 86_400_000;

describe('vacation mode', () => {
  let db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: TestApp;
  let clock: ReturnType<typeof pinClock>;

  beforeAll(async () => {
    db = await createIsolatedDatabase();
    await insertMaterials(db.pool, courseMaterials('kana', 6, 1));
    app = await startTestApp({ databaseUrl: db.url, runner: true, env: { SESSION_TTL_DAYS: '3650' } });
    clock = pinClock(app.app, T0);
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const dues = async (userId: string) =>
    (await db.pool.query<{ material_id: number; due_at: Date }>('select material_id, due_at from card_states where user_id = $1 order by material_id', [userId])).rows.map((r) => [
      r.material_id,
      r.due_at.toISOString(),
    ]);
  const snapshot = async () =>
    (await db.pool.query('select user_id, course, material_type, material_id, level, attempts, mastery, interval_hours, due_at, last_reviewed_at, learned_at, version from card_states order by 1, 2, 3, 4')).rows;

  /** n lessons: alternately "good" (due again soon) and "I know it" (due in days); reviews met on the way graded good. */
  async function learn(user: TestUser, n: number): Promise<void> {
    await setSubscription(db.pool, user.email, 'active'); // "I know it" is for subscribers
    for (let learned = 0; learned < n; ) {
      const next = (await user.session.get('/api/flashcard?course=kana')).json();
      const lesson = next.flashcard.attempts === 0;
      const grade = lesson && learned % 2 === 1 ? 10 : 5;
      const res = await user.session.post('/api/flashcard', { id: next.flashcard.flashcard_id, grade, fetch_new: true, version: next.flashcard.version });
      expect({ status: res.statusCode, id: next.flashcard.flashcard_id, body: res.statusCode === 200 ? null : res.json() }).toEqual({ status: 200, id: next.flashcard.flashcard_id, body: null });
      if (lesson) learned++;
    }
  }

  it('refuses an end when not on vacation, a second start, and a return day that is not after today, naming the field', async () => {
    const user = await signUpTestUser(app.inject);
    const end = await user.session.post('/api/users/vacation/end');
    expect(end.statusCode).toBe(409);
    expect(end.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(end.json().detail).toMatch(/not on vacation/);

    const today = await user.session.post('/api/users/vacation', { returns_on: '2026-05-04' });
    expect(today.statusCode).toBe(400);
    expect(today.json().errors).toEqual([{ field: 'returns_on', message: 'The return date must be after today.' }]);
    const malformed = await user.session.post('/api/users/vacation', { returns_on: 'next week' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].field).toBe('returns_on');

    const started = await user.session.post('/api/users/vacation', { returns_on: '2026-05-18' });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ vacation: { started_at: T0.toISOString(), returns_on: '2026-05-18' } });
    expect((await user.session.get('/api/users/profile')).json().vacation).toEqual({ started_at: T0.toISOString(), returns_on: '2026-05-18' });
    const twice = await user.session.post('/api/users/vacation', {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toMatch(/already on vacation/);
    const ended = await user.session.post('/api/users/vacation/end');
    expect(ended.json()).toEqual({ vacation: null, shifted_cards: 0 });
    expect((await user.session.get('/api/users/profile')).json().vacation).toBeNull();
  });

  it('answers a retried start or end with the same Idempotency-Key once, recording one event', async () => {
    const user = await signUpTestUser(app.inject);
    const key = randomUUID();
    const first = await user.session.post('/api/users/vacation', {}, { headers: { 'idempotency-key': key } });
    const retry = await user.session.post('/api/users/vacation', {}, { headers: { 'idempotency-key': key } });
    expect([first.statusCode, retry.statusCode]).toEqual([200, 200]);
    expect(retry.json()).toEqual(first.json());
    const endKey = randomUUID();
    const end1 = await user.session.post('/api/users/vacation/end', undefined, { headers: { 'idempotency-key': endKey } });
    const end2 = await user.session.post('/api/users/vacation/end', undefined, { headers: { 'idempotency-key': endKey } });
    expect([end1.statusCode, end2.statusCode]).toEqual([200, 200]);
    const { rows } = await db.pool.query(`select event_type from events where stream_id = $1 and event_type like 'Vacation%' order by stream_version`, [`user-${user.id}`]);
    expect(rows.map((r) => r.event_type)).toEqual(['VacationStarted', 'VacationEnded']);
  });

  it('shifts every card by the pause, keeps the overdue as overdue as they were, and a rebuild gives the same rows', async () => {
    clock.set(T0);
    const user = await signUpTestUser(app.inject);
    await learn(user, 4);
    // Three days on: some cards are overdue when the vacation starts.
    const start = new Date(T0.getTime() + 3 * DAY);
    clock.set(start);
    const before = await dues(user.id);
    const overdueBefore = before.filter(([, due]) => new Date(due as string) <= start).length;
    expect(overdueBefore).toBeGreaterThan(0);
    const reviewsBefore = (await user.session.get('/api/flashcard?course=kana')).json().review_count;
    expect(reviewsBefore).toBe(overdueBefore);
    await eventually('the study day projected', async () => (await db.pool.query('select count(*)::int as n from progress_study_days where user_id = $1', [user.id])).rows[0].n === 1);
    const levelBefore = (await user.session.get('/api/users/profile')).json().level.kana;

    expect((await user.session.post('/api/users/vacation', { returns_on: '2026-05-20' })).statusCode).toBe(200);
    const back = new Date(start.getTime() + 10 * DAY + 3_600_000);
    clock.set(back);
    const ended = await user.session.post('/api/users/vacation/end');
    expect(ended.statusCode).toBe(200);
    expect(ended.json().shifted_cards).toBe(4);
    const pause = back.getTime() - start.getTime();
    expect(await dues(user.id)).toEqual(before.map(([id, due]) => [id, new Date(new Date(due as string).getTime() + pause).toISOString()]));
    // No pile: the same reviews are due as when the vacation began, each as overdue as it was.
    expect((await user.session.get('/api/flashcard?course=kana')).json().review_count).toBe(reviewsBefore);

    // Levels and study days are kept: the vacation adds no day and takes none away.
    expect((await user.session.get('/api/users/profile')).json().level.kana).toBe(levelBefore);
    expect((await db.pool.query('select count(*)::int as n from progress_study_days where user_id = $1', [user.id])).rows[0].n).toBe(1);

    // Card events after the shift fold on from the shifted row, on a rebuild too.
    await learn(user, 1);
    const live = await snapshot();
    await rebuildProjection(db.pool, cardStatesProjection, { batchSize: 3 });
    expect(await snapshot()).toEqual(live);
    await rebuildProjection(db.pool, cardStatesProjection, { blueGreen: true, batchSize: 1_000 });
    expect(await snapshot()).toEqual(live);
  });

  it('leaves a card reviewed during the vacation on its fresh schedule', async () => {
    clock.set(T0);
    const user = await signUpTestUser(app.inject);
    await learn(user, 2); // kana-1 due again soon, kana-2 in days
    clock.set(new Date(T0.getTime() + 3_600_000));
    expect((await user.session.post('/api/users/vacation', {})).statusCode).toBe(200);
    clock.set(new Date(T0.getTime() + 2 * DAY));
    // Studied anyway, during the vacation: the review due then.
    const next = (await user.session.get('/api/flashcard?course=kana')).json();
    expect(next.flashcard.flashcard_id).toBe('kana-1');
    expect((await user.session.post('/api/flashcard', { id: 'kana-1', grade: 5, fetch_new: false, version: next.flashcard.version })).statusCode).toBe(200);
    const during = await dues(user.id);
    clock.set(new Date(T0.getTime() + 5 * DAY));
    const ended = (await user.session.post('/api/users/vacation/end')).json();
    expect(ended.shifted_cards).toBe(1);
    const after = await dues(user.id);
    expect(after[0]).toEqual(during[0]);
    expect(new Date(after[1][1] as string).getTime() - new Date(during[1][1] as string).getTime()).toBe(5 * DAY - 3_600_000);
  });
});
