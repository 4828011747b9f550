import { randomUUID } from 'node:crypto';
import { createIsolatedDatabase } from '../../../test/test-db';
import { startTestApp, TestApp } from '../../../test/http-app';
import { eventually } from '../../../test/support/eventually';
import { setSubscription } from '../../accounts';
import { signUpTestUser, TestUser } from '../../accounts/testing/test-session';
import { rebuildProjection } from '../../platform/projections/projection-admin';
import { PROGRESS_PROJECTIONS } from '../../progress';
import { courseMaterials, insertMaterials, pinClock } from '../testing/study-fixtures';
import { ALREADY_UNDONE, ANSWERED_AGAIN, ANSWERED_ANOTHER } from './undo-grade.decide';

// Undo over HTTP against a real database with the projection runner: the card, the counts, the forecast and the
// level come back exactly as they were before the grade; the Idempotency-Key and double clicks record one undo;
// a rebuild of the read models gives the same tables.

const T0 = new Date('2026-03-02T09:00:00.000Z');
const MINUTE = 60_000;

describe('POST /api/flashcard/undo', () => {
  let db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: TestApp;
  let clock: ReturnType<typeof pinClock>;

  beforeAll(async () => {
    db = await createIsolatedDatabase();
    await insertMaterials(db.pool, [...courseMaterials('kanji1', 12), ...courseMaterials('kana', 2, 2, 501)]);
    app = await startTestApp({ databaseUrl: db.url, runner: true, env: { SESSION_TTL_DAYS: '3650' } });
    clock = pinClock(app.app, T0);
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const at = (minutes: number) => clock.set(new Date(T0.getTime() + minutes * MINUTE));
  const grade = async (user: TestUser, body: Record<string, unknown>) => {
    const res = await user.session.post('/api/flashcard', body, { headers: { 'idempotency-key': randomUUID() } });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const undo = (user: TestUser, body: Record<string, unknown>, key: string = randomUUID()) =>
    user.session.post('/api/flashcard/undo', body, { headers: { 'idempotency-key': key } });
  const cardRow = async (userId: string, materialId: number) =>
    (
      await db.pool.query(
        `select attempts, mastery, interval_hours, due_at, last_reviewed_at, learned_at from card_states
          where user_id = $1 and material_type = 'reading' and material_id = $2`,
        [userId, materialId],
      )
    ).rows[0] ?? null;
  const events = async (userId: string) =>
    (await db.pool.query(`select event_type, event_id, data from events where stream_id like $1 order by global_position`, [`card-${userId}-%`])).rows;
  /** The read models caught up with the log (the runner applies asynchronously). */
  const settled = () =>
    eventually(
      'the progress read models caught up with the log',
      async () =>
        (
          await db.pool.query(
            `select bool_and(c.last_position >= (select max(global_position) from events)) as done from projection_checkpoints c
              where c.name = any($1::text[])`,
            [['progress_levels', 'progress_activity']],
          )
        ).rows[0].done,
      10_000,
    );
  const stats = async (user: TestUser, course = 'kanji1') => {
    await settled();
    const body = (await user.session.get(`/api/users/stats?course=${course}`)).json();
    return { levels: body.levels, forecast: body.review_forecast };
  };
  const activity = async (userId: string) => {
    await settled();
    return (await db.pool.query('select lessons, reviews from progress_activity where user_id = $1', [userId])).rows;
  };

  it('takes back a review grade: card, counts, forecast and activity are as before it, and the card is graded again', async () => {
    at(0);
    const user = await signUpTestUser(app.inject);
    await grade(user, { id: 'reading-1', grade: 3, fetch_new: true });
    at(1);
    const reviewed = await grade(user, { id: 'reading-1', grade: 5, fetch_new: false });
    const beforeRow = await cardRow(user.id, 1);
    const beforeStats = await stats(user);
    const beforeActivity = await activity(user.id);

    at(2);
    const slip = await grade(user, { id: 'reading-1', grade: 0, fetch_new: false });
    expect(slip.flashcard).toMatchObject({ attempts: 3, version: 3 });
    expect(await cardRow(user.id, 1)).not.toEqual(beforeRow);

    at(3);
    const res = await undo(user, { id: 'reading-1', version: 3 });
    expect(res.statusCode).toBe(200);
    // Read-your-writes: the answer came once the level counts had applied the undo, so stats read at once agree.
    const immediate = (await user.session.get('/api/users/stats?course=kanji1')).json();
    expect({ levels: immediate.levels, forecast: immediate.review_forecast }).toEqual(beforeStats);
    const body = res.json();
    expect(body.undone).toEqual({ grade: 0, lesson: false });
    // The card as the review left it, at the stream's new version (the next grade sends it).
    expect(body.flashcard).toMatchObject({ flashcard_id: 'reading-1', attempts: 2, interval: reviewed.flashcard.interval, version: 4 });
    expect(await cardRow(user.id, 1)).toEqual(beforeRow);
    expect(await stats(user)).toEqual(beforeStats);
    expect(await activity(user.id)).toEqual(beforeActivity);
    const log = await events(user.id);
    expect(log.map((e) => e.event_type)).toEqual(['CardLearned', 'CardGraded', 'CardGraded', 'CardGradeUndone']);
    expect(log[3].data).toMatchObject({ undoneEventId: log[2].event_id, undoneType: 'CardGraded', undoneGrade: 0, masteryAfter: 'learning' });

    // Graded again with the version the undo gave: an ordinary review of the restored card.
    const again = await grade(user, { id: 'reading-1', grade: 5, fetch_new: false, version: body.flashcard.version });
    expect(again.flashcard).toMatchObject({ attempts: 3, version: 5 });
  });

  it('takes back a lesson: the card is new again, served as the next lesson, and learned anew', async () => {
    at(10);
    const user = await signUpTestUser(app.inject);
    await grade(user, { id: 'reading-1', grade: 3, fetch_new: true });
    const beforeStats = await stats(user);
    at(11);
    const second = await grade(user, { id: 'reading-2', grade: 5, fetch_new: true });
    expect(second.learned_count).toBe(2);

    const res = await undo(user, { id: 'reading-2', version: 1, fetch_new: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ undone: { grade: 5, lesson: true }, learned_count: 1, review_count: 1 });
    expect(res.json().flashcard).toMatchObject({ flashcard_id: 'reading-2', attempts: 0, version: 2 });
    expect(await cardRow(user.id, 2)).toBeNull();
    expect(await stats(user)).toEqual(beforeStats);
    expect(await activity(user.id)).toEqual([{ lessons: '1', reviews: '0' }]);

    // The lesson walk finds it again (the lesson floor had moved past it).
    const next = (await user.session.get('/api/flashcard?course=kanji1&after=reading-1&fetch_new=true')).json();
    expect(next.flashcard).toMatchObject({ flashcard_id: 'reading-2', attempts: 0 });
    // A tab that still shows it as new (version 0) can learn it: a card without state is new whatever its stream.
    const relearned = await grade(user, { id: 'reading-2', grade: 3, fetch_new: true, version: 0 });
    expect(relearned.flashcard).toMatchObject({ attempts: 1, version: 3 });
    expect((await events(user.id)).map((e) => e.event_type)).toEqual(['CardLearned', 'CardLearned', 'CardGradeUndone', 'CardLearned']);
  });

  it('records one undo for a retried key and for a double click; refuses a second undo with a clear message', async () => {
    at(20);
    const user = await signUpTestUser(app.inject);
    await grade(user, { id: 'reading-1', grade: 3, fetch_new: true });
    const key = `undo-${randomUUID()}`;
    const [a, b] = [await undo(user, { id: 'reading-1' }, key), await undo(user, { id: 'reading-1' }, key)];
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    // Two clicks, two keys, at once: one undo is recorded, the other is told why nothing happened.
    await grade(user, { id: 'reading-1', grade: 3, fetch_new: true });
    const both = await Promise.all([undo(user, { id: 'reading-1' }), undo(user, { id: 'reading-1' })]);
    const codes = both.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    if (codes[1] !== 200) {
      expect(codes[1]).toBeGreaterThanOrEqual(409);
      expect(codes[1]).toBeLessThan(500);
    }
    expect((await events(user.id)).map((e) => e.event_type)).toEqual(['CardLearned', 'CardGradeUndone', 'CardLearned', 'CardGradeUndone']);
    const third = await undo(user, { id: 'reading-1' });
    expect(third.statusCode).toBe(409);
    expect(third.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(third.json().detail).toBe(ALREADY_UNDONE);
  });

  it('refuses after the next grade, for a stale version and after 30 minutes; bad input is a 400 naming the field', async () => {
    at(40);
    const user = await signUpTestUser(app.inject);
    await grade(user, { id: 'reading-1', grade: 3, fetch_new: true });
    at(40.5);
    await grade(user, { id: 'reading-2', grade: 3, fetch_new: true });
    const another = await undo(user, { id: 'reading-1', version: 1 });
    expect(another.statusCode).toBe(409);
    expect(another.json().detail).toBe(ANSWERED_ANOTHER);

    at(41);
    await grade(user, { id: 'reading-2', grade: 5, fetch_new: false });
    const stale = await undo(user, { id: 'reading-2', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toBe(ANSWERED_AGAIN);

    at(41 + 31);
    const old = await undo(user, { id: 'reading-2', version: 2 });
    expect(old.statusCode).toBe(409);
    expect(old.json().detail).toMatch(/more than 30 minutes old/);
    expect((await events(user.id)).filter((e) => e.event_type === 'CardGradeUndone')).toHaveLength(0);

    const never = await undo(user, { id: 'reading-9' });
    expect(never.statusCode).toBe(404);
    const bad = await undo(user, { id: 'reading-x' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('"id"');
    // The route's own idempotency interceptor checks the key before anything is recorded.
    const badKey = await undo(user, { id: 'reading-2', version: 2 }, 'no spaces allowed');
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().errors[0].field).toBe('Idempotency-Key');
  });

  it('undoes the grade that raised the level: the level goes back (awards stay granted), and rebuilds give the same tables', async () => {
    at(60);
    const user = await signUpTestUser(app.inject);
    await setSubscription(db.pool, user.email, 'active');
    // "I already know it" makes a card intermediate at once: the second known kana completes level 1.
    await grade(user, { id: 'kana-501', grade: 10, fetch_new: true });
    at(61);
    const raised = await grade(user, { id: 'kana-502', grade: 10, fetch_new: true });
    expect(raised.new_level).toBe(2);
    expect((await user.session.get('/api/users/profile')).json().level.kana).toBe(2);

    const awards = async () => (await db.pool.query('select award_id from progress_awards where user_id = $1 order by award_id', [user.id])).rows.map((r) => r.award_id);
    // Participation (a card learned) and Improvement (a card Intermediate), granted by the awards reactor.
    await eventually('two awards granted', async () => (await awards()).length >= 2, 10_000);
    expect(await awards()).toEqual([1, 2]);

    const res = await undo(user, { id: 'kana-502', version: 1, fetch_new: true });
    expect(res.statusCode).toBe(200);
    await settled();
    expect((await user.session.get('/api/users/profile')).json().level.kana).toBe(1);
    // And back to no card at all: the awards stay granted.
    at(62);
    expect((await undo(user, { id: 'kana-501', version: 1 })).statusCode).toBe(200);
    await settled();
    expect(await awards()).toEqual([1, 2]);

    // Every progress read model rebuilt from the log (blue-green, beside the live runner) equals the live one.
    const snapshot = async () =>
      (
        await db.pool.query(
          `select (select json_agg(t order by t.user_id, t.course, t.level) from progress_level_counts t) as counts,
                  (select json_agg(json_build_object('u', t.user_id, 'c', t.course, 'l', t.level) order by t.user_id, t.course) from progress_levels t) as levels,
                  (select json_agg(t order by t.user_id, t.course) from progress_activity t) as activity,
                  (select json_agg(t order by t.user_id, t.course, t.day) from progress_study_days t) as days`,
        )
      ).rows[0];
    await settled();
    const live = await snapshot();
    for (const projection of PROGRESS_PROJECTIONS) await rebuildProjection(db.pool, projection, { blueGreen: true });
    expect(await snapshot()).toEqual(live);
  });
});
