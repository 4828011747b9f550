import { randomUUID } from 'node:crypto';
import { createIsolatedDatabase } from '../../../test/test-db';
import { startTestApp, TestApp } from '../../../test/http-app';
import { MetricsService } from '../../platform/metrics/metrics.service';
import { eventually } from '../../../test/support/eventually';
import { setSubscription } from '../../accounts';
import { signUpTestUser, TestUser } from '../../accounts/testing/test-session';
import { courseMaterials, insertMaterials, pinClock } from '../testing/study-fixtures';
import { continuation, FlashcardQueries } from '../get-flashcard/get-flashcard.query';
import { GRADED_ELSEWHERE } from './grade-card.handler';

// The flashcard API over HTTP against a real database with the projection runner: lessons, reviews,
// idempotency, two tabs, the paywall, level-ups.

const T0 = new Date('2026-01-05T20:00:00.000Z');

describe('GET/POST /api/flashcard', () => {
  let db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: TestApp;
  let clock: ReturnType<typeof pinClock>;

  beforeAll(async () => {
    db = await createIsolatedDatabase();
    // kanji1: 12 cards on each of the 9 levels (ids 1..108) and one that is not servable (ids 900).
    await insertMaterials(db.pool, [
      ...courseMaterials('kanji1', 12),
      { course: 'kanji1', level: 1, position: 0, materialId: 900, servable: false },
      // kana: 2 cards on level 1 and 2 on level 2 (ids 501..504), for the level-up.
      ...courseMaterials('kana', 2, 2, 501),
    ]);
    app = await startTestApp({ databaseUrl: db.url, runner: true, env: { SESSION_TTL_DAYS: '3650' } });
    clock = pinClock(app.app, T0);
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const grade = (user: TestUser, body: Record<string, unknown>, key: string = randomUUID()) =>
    user.session.post('/api/flashcard', body, { headers: { 'idempotency-key': key } });
  const next = async (user: TestUser, course = 'kanji1') => {
    const res = await user.session.get(`/api/flashcard?course=${course}`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const cardEvents = async (userId: string) =>
    (await db.pool.query(`select event_type, event_id, data from events where stream_id like $1 order by global_position`, [`card-${userId}-%`])).rows;

  it('teaches 10 new cards, then serves exactly those 10 as reviews; counts and forecast follow', async () => {
    clock.set(T0);
    const user = await signUpTestUser(app.inject);
    const arrival = await next(user);
    expect(arrival).toMatchObject({ review_count: 0, new_available: 12, learned_count: 0, user_next_review_in_minutes: null });
    // Honest availability: level 1 has a card that cannot be served yet, and the study screen is told.
    expect(arrival.incomplete_levels).toEqual([{ level: 1, available: 12, cards: 13 }]);
    expect(arrival.flashcard).toMatchObject({
      flashcard_id: 'reading-1',
      course: 'kanji1',
      level: 1,
      attempts: 0,
      mastery_level: 'learning',
      interval: 0,
      next_intervals: { '0': 0, '3': 0, '5': 0 },
      material: { material_id: 1 },
    });

    const learned: string[] = [];
    let card = arrival.flashcard;
    for (let i = 1; i <= 10; i++) {
      clock.set(new Date(T0.getTime() + i * 1000));
      const res = await grade(user, { id: card.flashcard_id, grade: 3, fetch_new: i < 10 });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      learned.push(card.flashcard_id);
      expect(body.flashcard).toMatchObject({ flashcard_id: card.flashcard_id, attempts: 1, interval: 0, mastery_level: 'learning' });
      expect(body.review_count).toBe(i);
      expect(body.new_level).toBeNull();
      expect(body.user_next_review_in_minutes).toBe(0);
      if (i < 10) expect(body.new_flashcard).toMatchObject({ flashcard_id: `reading-${i + 1}`, attempts: 0 });
      card = body.new_flashcard;
    }
    expect(learned).toEqual(Array.from({ length: 10 }, (_, i) => `reading-${i + 1}`));
    // The 10th lesson grade asked for no new card: the batch review starts with the oldest due.
    expect(card).toMatchObject({ flashcard_id: 'reading-1', attempts: 1, next_intervals: { '0': 0, '3': 4, '5': 8 } });

    const stats = await eventually(
      'ten learning cards in the kanji1 stats',
      async () => {
        const s = (await user.session.get('/api/users/stats?course=kanji1')).json();
        return s.levels[0].learning === 10 && s;
      },
      5_000,
    );
    // The materials are inserted without kanji entries, so the level has no kanji to be named after.
    // The unservable card (900) is one of the level's 13 cards: untrained, and the level says 12 of 13 are available.
    expect(stats.levels[0]).toEqual({ level: 1, primary: { name: 'Level 1' }, secondary: null, untrained: 3, learning: 10, intermediate: 0, mastered: 0, cards: 13, available: 12 });
    expect(stats.review_forecast).toEqual([
      { day: 0, count: 10 },
      { day: 1, count: 0 },
      { day: 2, count: 0 },
      { day: 3, count: 0 },
      { day: 4, count: 0 },
    ]);

    const reviewed: string[] = [];
    clock.set(new Date(T0.getTime() + 60_000));
    for (let i = 1; card && card.attempts > 0; i++) {
      const res = await grade(user, { id: card.flashcard_id, grade: 5, fetch_new: false });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      reviewed.push(card.flashcard_id);
      expect(body.flashcard).toMatchObject({ attempts: 2, interval: 8 });
      expect(body.review_count).toBe(10 - i);
      card = body.new_flashcard;
      if (i === 10) {
        // Nothing is due any more: the review session ends (no sliding into a new lesson card), and the
        // reviews come back in 8 hours.
        expect(card).toBeNull();
        expect(body.user_next_review_in_minutes).toBe(8 * 60);
      }
      expect(i).toBeLessThanOrEqual(10);
    }
    expect([...reviewed].sort()).toEqual([...learned].sort());
    expect(reviewed).toHaveLength(10);

    const after = await next(user);
    expect(after).toMatchObject({ review_count: 0, learned_count: 10, new_available: 2, user_next_review_in_minutes: 480 });
    // 20:01 UTC + 8 h is tomorrow for a UTC learner.
    const forecast = await user.session.get('/api/users/stats?course=kanji1');
    expect(forecast.json().review_forecast.map((d: { count: number }) => d.count)).toEqual([0, 10, 0, 0, 0]);
    expect(await cardEvents(user.id)).toHaveLength(20);
  });

  it('answers the next card and counts a read right after the grade gives (read with the write, or after a level wait)', async () => {
    // Lessons and failed reviews read their next card in the write's own statement (study_grade); a grade that
    // may raise the level reads it afterwards. Both must answer what a separate read after the grade would.
    clock.set(T0);
    const user = await signUpTestUser(app.inject);
    const queries = app.app.get(FlashcardQueries);
    const answered = (body: Record<string, unknown>) => ({
      new_flashcard: body.new_flashcard,
      review_count: body.review_count,
      plan_left_today: body.plan_left_today,
      new_available: body.new_available,
      learned_count: body.learned_count,
      user_next_review_in_minutes: body.user_next_review_in_minutes,
    });
    const readAfter = async (fetchNew: boolean) => {
      const n = continuation(await queries.next({ userId: user.id, course: 'kanji1', now: T0, subscriptionActive: false, preferNew: fetchNew }), fetchNew);
      return JSON.parse(JSON.stringify(answered({ ...n, new_flashcard: n.flashcard })));
    };
    const grades = [5, 3, 0, 5, 3, 5, 0, 3, 5, 5, 0, 5, 3, 0, 5, 3, 5, 0, 3, 5, 0, 0];
    let card = (await next(user)).flashcard;
    let compared = 0;
    for (let i = 0; i < grades.length && card; i++) {
      const fetchNew = i < 9;
      const res = await grade(user, { id: card.flashcard_id, grade: grades[i], fetch_new: fetchNew, version: card.attempts ? card.version : undefined });
      expect(res.statusCode).toBe(200);
      expect(answered(res.json())).toEqual(await readAfter(fetchNew));
      compared++;
      card = res.json().new_flashcard;
    }
    expect(compared).toBeGreaterThanOrEqual(20);
  });

  it('records a grade once for the same Idempotency-Key, also when retried after the stored answer was lost', async () => {
    clock.set(T0);
    const user = await signUpTestUser(app.inject);
    const key = `grade-${randomUUID()}`;
    const metrics = app.app.get(MetricsService);
    const counted = async () => {
      const values = (await metrics.grades.get()).values;
      return values.find((v) => v.labels.course === 'kanji1')?.value ?? 0;
    };
    const gradesBefore = await counted();
    const first = await grade(user, { id: 'reading-1', grade: 5, fetch_new: true }, key);
    const second = await grade(user, { id: 'reading-1', grade: 5, fetch_new: true }, key);
    // /metrics counts the committed grade once: the replayed retry is not a grade.
    expect((await counted()) - gradesBefore).toBe(1);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await cardEvents(user.id)).toHaveLength(1);

    // A crash after the append but before the answer was stored: the key row is gone, the event id is not.
    await db.pool.query(`delete from idempotency_keys where key = $1`, [key]);
    const retried = await grade(user, { id: 'reading-1', grade: 5, fetch_new: true }, key);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().flashcard).toEqual(first.json().flashcard);
    expect(await cardEvents(user.id)).toHaveLength(1);

    const other = await grade(user, { id: 'reading-1', grade: 0, fetch_new: true }, key);
    expect(other.statusCode).toBe(422);
  });

  it('lets one of two tabs grading the same card win; the other gets 409 and nothing is recorded for it', async () => {
    clock.set(T0);
    const user = await signUpTestUser(app.inject);
    const tabB = { ...user, session: Object.assign(Object.create(Object.getPrototypeOf(user.session)), user.session) } as TestUser;
    expect((await grade(user, { id: 'reading-1', grade: 3, fetch_new: false })).statusCode).toBe(200);
    const shown = (await next(user)).flashcard;
    expect(shown).toMatchObject({ flashcard_id: 'reading-1', version: 1 });

    // Both tabs show version 1 and send it back.
    const results = await Promise.all([
      grade(user, { id: 'reading-1', grade: 5, fetch_new: false, version: shown.version }),
      grade(tabB, { id: 'reading-1', grade: 0, fetch_new: false, version: shown.version }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(refused.json()).toMatchObject({ status: 409, code: 'concurrency_conflict', detail: GRADED_ELSEWHERE });
    expect(await cardEvents(user.id)).toHaveLength(2);

    // The loser's tab, reloaded, grades the new version.
    const reloaded = (await user.session.get('/api/flashcard?course=kanji1&material_type=reading&material_id=1')).json().flashcard;
    expect(reloaded.version).toBe(2);
    clock.set(new Date(T0.getTime() + 3_600_000 * 30));
    expect((await grade(tabB, { id: 'reading-1', grade: 3, fetch_new: false, version: reloaded.version })).statusCode).toBe(200);
    expect(await cardEvents(user.id)).toHaveLength(3);
  });

  it('lets one of two simultaneous lesson grades of a new card win, without a version from the client', async () => {
    clock.set(T0);
    const user = await signUpTestUser(app.inject);
    const results = await Promise.all([grade(user, { id: 'reading-2', grade: 3, fetch_new: true }), grade(user, { id: 'reading-2', grade: 5, fetch_new: true })]);
    const events = await cardEvents(user.id);
    const statuses = results.map((r) => r.statusCode).sort();
    if (statuses[1] === 409) {
      // Both read "new card" before either committed: the second append found the stream taken, nothing recorded.
      expect(statuses).toEqual([200, 409]);
      expect(events.map((e) => e.event_type)).toEqual(['CardLearned']);
    } else {
      // On a loaded machine the second request may start after the first committed: it is then a review of
      // the learned card. Either way every acknowledged grade is recorded exactly once, in order.
      expect(statuses).toEqual([200, 200]);
      expect(events.map((e) => e.event_type)).toEqual(['CardLearned', 'CardGraded']);
    }
  });

  it('keeps learners without a subscription on level 1 by every call, and opens everything to subscribers', async () => {
    clock.set(T0);
    const user = await signUpTestUser(app.inject);
    const level2 = await user.session.get('/api/flashcard?course=kanji1&material_type=reading&material_id=13');
    expect(level2.statusCode).toBe(402);
    expect(level2.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(level2.json()).toMatchObject({ status: 402, code: 'payment_required', detail: expect.stringMatching(/subscri/i) });
    const gradeLevel2 = await grade(user, { id: 'reading-13', grade: 3, fetch_new: false });
    expect(gradeLevel2.statusCode).toBe(402);
    const known = await grade(user, { id: 'reading-1', grade: 10, fetch_new: false });
    expect(known.statusCode).toBe(402);
    expect(known.json().detail).toMatch(/subscri/i);
    expect(await cardEvents(user.id)).toHaveLength(0);

    // A learner who finishes every level-1 lesson is offered no level-2 card.
    let card = (await next(user)).flashcard;
    for (let i = 0; i < 12; i++) {
      const res = await grade(user, { id: card.flashcard_id, grade: 3, fetch_new: true });
      expect(res.statusCode).toBe(200);
      card = res.json().new_flashcard;
    }
    expect(card.attempts).toBe(1); // no new card left: the reviews
    clock.set(new Date(T0.getTime() + 100 * 3_600_000));
    while (card) {
      expect(card.level).toBe(1);
      const res = await grade(user, { id: card.flashcard_id, grade: 5, fetch_new: true });
      card = res.json().new_flashcard;
    }
    expect(await next(user)).toMatchObject({ flashcard: null, new_available: 0, learned_count: 12, review_count: 0 });

    // Subscribed: grade 10 and level 2 open.
    await setSubscription(db.pool, user.email, 'active');
    const opened = await user.session.get('/api/flashcard?course=kanji1&material_type=reading&material_id=13');
    expect(opened.statusCode).toBe(200);
    expect(opened.json().flashcard).toMatchObject({ flashcard_id: 'reading-13', level: 2, attempts: 0 });
    const skip = await grade(user, { id: 'reading-13', grade: 10, fetch_new: false });
    expect(skip.statusCode).toBe(200);
    expect(skip.json().flashcard).toMatchObject({ attempts: 1, interval: 696, mastery_level: 'intermediate' });

    // Unsubscribed again: the level-2 card learned meanwhile can be neither shown nor graded.
    await setSubscription(db.pool, user.email, 'inactive');
    expect((await user.session.get('/api/flashcard?course=kanji1&material_type=reading&material_id=13')).statusCode).toBe(402);
    expect((await grade(user, { id: 'reading-13', grade: 5, fetch_new: false })).statusCode).toBe(402);
  });

  it('answers 404 for a material that does not exist or is not served, and 400 for a malformed id', async () => {
    const user = await signUpTestUser(app.inject);
    expect((await user.session.get('/api/flashcard?course=kanji1&material_type=reading&material_id=99999')).statusCode).toBe(404);
    expect((await user.session.get('/api/flashcard?course=kanji1&material_type=reading&material_id=900')).statusCode).toBe(404);
    expect((await user.session.get('/api/flashcard?course=kana&material_type=reading&material_id=1')).statusCode).toBe(404);
    expect((await grade(user, { id: 'reading-99999', grade: 3, fetch_new: false })).statusCode).toBe(404);
    expect((await grade(user, { id: 'reading-900', grade: 3, fetch_new: false })).statusCode).toBe(404);
    const malformed = await grade(user, { id: 'kanji-x', grade: 3, fetch_new: false });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].field).toBe('id');
    const badGrade = await grade(user, { id: 'reading-1', grade: 4, fetch_new: false });
    expect(badGrade.statusCode).toBe(400);
    expect(badGrade.json().errors[0].field).toBe('grade');
    expect((await user.session.get('/api/flashcard?course=kanji9')).statusCode).toBe(400);
    // A malformed Idempotency-Key: 400 naming the header, nothing recorded (the grade route reads the key itself).
    const badKey = await grade(user, { id: 'reading-1', grade: 3, fetch_new: true }, 'short!');
    expect(badKey.statusCode).toBe(400);
    expect(badKey.headers['content-type']).toContain('application/problem+json');
    expect(badKey.json().errors[0].field).toBe('Idempotency-Key');
    expect(await cardEvents(user.id)).toHaveLength(0);
  });

  it('returns new_level exactly once, on the grade that raised the level, and the profile shows it', async () => {
    clock.set(T0);
    const user = await signUpTestUser(app.inject);
    await setSubscription(db.pool, user.email, 'active');
    expect((await user.session.get('/api/users/profile')).json().level.kana).toBe(1);
    const levelUps: (number | null)[] = [];
    const send = async (id: string, g: number, fetchNew: boolean) => {
      const res = await grade(user, { id, grade: g, fetch_new: fetchNew });
      expect(res.statusCode).toBe(200);
      levelUps.push(res.json().new_level);
      return res.json();
    };
    // Lessons of the two level-1 kana cards, then their batch review.
    let body = await send('kana-501', 5, true);
    expect(body.new_flashcard.flashcard_id).toBe('kana-502');
    body = await send('kana-502', 5, false);
    clock.set(new Date(T0.getTime() + 60_000));
    await send('kana-501', 5, false);
    await send('kana-502', 5, false);
    // Six days later both are still easy: each becomes intermediate; the second one completes level 1.
    clock.set(new Date(T0.getTime() + 60_000 + 144 * 3_600_000));
    const first = await send('kana-501', 5, false);
    expect(first.flashcard.mastery_level).toBe('intermediate');
    const second = await send('kana-502', 5, false);
    expect(second.flashcard.mastery_level).toBe('intermediate');
    expect(second.new_level).toBe(2);
    // Failing an intermediate card keeps it intermediate: the level stays and is not announced again.
    await send('kana-501', 0, false);
    expect(levelUps.filter((l) => l !== null)).toEqual([2]);
    expect((await user.session.get('/api/users/profile')).json().level.kana).toBe(2);
    // Level 2 is open for lessons now.
    const after = await next(user, 'kana');
    expect(after.new_available).toBe(2);
  });

  it("reaches the next level at once when every card of a level is marked 'I already know it'", async () => {
    clock.set(T0);
    const user = await signUpTestUser(app.inject);
    await setSubscription(db.pool, user.email, 'active');
    const first = await grade(user, { id: 'kana-501', grade: 10, fetch_new: true });
    expect(first.json().new_flashcard.flashcard_id).toBe('kana-502');
    const second = (await grade(user, { id: 'kana-502', grade: 10, fetch_new: true })).json();
    // Known cards count as Intermediate: level 1 is done, level 2's lessons come next.
    expect(second.new_level).toBe(2);
    expect(second.new_flashcard).toMatchObject({ flashcard_id: 'kana-503', level: 2, attempts: 0 });
    expect((await user.session.get('/api/users/profile')).json().level.kana).toBe(2);
  });

  it('serves a specific card with its state', async () => {
    clock.set(T0);
    const user = await signUpTestUser(app.inject);
    await grade(user, { id: 'reading-5', grade: 3, fetch_new: false });
    const res = await user.session.get('/api/flashcard?course=kanji1&material_type=reading&material_id=5');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      flashcard: { flashcard_id: 'reading-5', attempts: 1, interval: 0, version: 1 },
      review_count: 1,
      learned_count: 1,
      user_next_review_in_minutes: 0,
    });
  });

  it('shows on the buttons what the grade then does, through card_states (the scheduler preview)', async () => {
    clock.set(T0);
    const user = await signUpTestUser(app.inject);
    const show = async () => (await user.session.get('/api/flashcard?course=kanji1&material_type=reading&material_id=7')).json().flashcard;
    const answer = async (g: number) => {
      const body = (await grade(user, { id: 'reading-7', grade: g, fetch_new: false })).json();
      clock.set(new Date(new Date(body.flashcard.due_at).getTime() + 60_000));
      return body.flashcard;
    };
    for (const g of [5, 5, 5, 5, 5]) await answer(g);
    expect(await show()).toMatchObject({ interval: 125, next_intervals: { '0': 0, '3': 188, '5': 313 } });
    expect(await answer(3)).toMatchObject({ interval: 188 });
    expect(await answer(0)).toMatchObject({ interval: 0 });
    expect((await show()).next_intervals).toEqual({ '0': 0, '3': 4, '5': 8 });
    expect(await answer(5)).toMatchObject({ interval: 8 });
    const recorded = (await cardEvents(user.id)).at(-1);
    expect(recorded.data).toMatchObject({ intervalHours: 8, schedulerVersion: 2, memoryAfter: null });
  });
});
