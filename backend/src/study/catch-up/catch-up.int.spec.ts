import { createIsolatedDatabase } from '../../../test/test-db';
import { startTestApp, TestApp } from '../../../test/http-app';
import { signUpTestUser } from '../../accounts/testing/test-session';
import { courseMaterials, insertDueCards, insertMaterials, pinClock } from '../testing/study-fixtures';

// Back from a break (issue 30, item 4) through the API: a pile far above the usual load is offered as a plan; the
// plan's day quota and its most-at-risk order are kept by the next-card query itself (study_next_card, 052), which also says what is left of the day's share (057).

const NOW = new Date('2026-07-01T06:00:00.000Z'); // 08:00 in Berlin
const HOUR = 3_600_000;
const PILE = 150;

describe('catch-up plan', () => {
  let db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: TestApp;
  let clock: ReturnType<typeof pinClock>;

  beforeAll(async () => {
    db = await createIsolatedDatabase();
    await insertMaterials(db.pool, courseMaterials('kana', PILE + 20, 1));
    app = await startTestApp({ databaseUrl: db.url, env: { SESSION_TTL_DAYS: '3650' } });
    clock = pinClock(app.app, NOW);
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  /** PILE cards due: card i was due i hours ago; every seventh has a one-day interval, the others thirty days (version 0: written here, their streams start with the first grade). */
  async function pile(userId: string): Promise<void> {
    const dues = Array.from({ length: PILE }, (_, i) => new Date(NOW.getTime() - (i + 1) * HOUR));
    await insertDueCards(db.pool, userId, 'kana', dues);
    await db.pool.query(`update card_states set interval_hours = case when material_id % 7 = 0 then 24 else 720 end, learned_at = due_at - interval '40 days', version = 0 where user_id = $1`, [userId]);
  }
  /** The due cards, most at risk first: (now - due) / interval, descending; then oldest due. */
  async function riskOrder(userId: string, now: Date): Promise<string[]> {
    const { rows } = await db.pool.query(
      `select 'kana-' || material_id as id from card_states where user_id = $1 and due_at <= $2
        order by extract(epoch from ($2 - due_at)) / (interval_hours * 3600.0) desc, due_at, material_id`,
      [userId, now],
    );
    return rows.map((r) => r.id);
  }

  it('offers a plan only for a pile, serves the day quota most at risk first, then says the day is done', async () => {
    const user = await signUpTestUser(app.inject);
    await user.session.post('/api/users/timezone', { timezone: 'Europe/Berlin' });

    // A few reviews due are no pile.
    await insertDueCards(db.pool, user.id, 'kana', [new Date(NOW.getTime() - HOUR)], { firstMaterialId: PILE + 10 });
    const small = (await user.session.get('/api/study/catch-up?course=kana')).json();
    expect(small).toMatchObject({ reviews_due: 1, offer: null, plan: null });
    const refused = await user.session.post('/api/study/catch-up', { course: 'kana', days: 7 });
    expect(refused.statusCode).toBe(409);
    await db.pool.query('delete from card_states where user_id = $1', [user.id]);

    await pile(user.id);
    const offered = (await user.session.get('/api/study/catch-up?course=kana')).json();
    // usual load: 21 cards a day (one-day interval) + 129 / 30 = 25 a day; 150 > 100 and > 3 × 25.
    expect(offered).toEqual({
      reviews_due: PILE,
      usual_daily: 25,
      offer: { choices: [{ days: 3, per_day: 50 }, { days: 7, per_day: 22 }, { days: 14, per_day: 11 }] },
      plan: null,
    });
    const badDays = await user.session.post('/api/study/catch-up', { course: 'kana', days: 5 });
    expect(badDays.statusCode).toBe(400);
    expect(badDays.json().errors).toEqual([{ field: 'days', message: 'Choose 3, 7, 14 days.' }]);

    // Without a plan, reviews come in due order (the oldest first), and the session counts them all.
    expect((await user.session.get('/api/flashcard?course=kana')).json()).toMatchObject({ flashcard: { flashcard_id: `kana-${PILE}` }, review_count: PILE, plan_left_today: null });

    const chosen = await user.session.post('/api/study/catch-up', { course: 'kana', days: 14 }, { headers: { 'idempotency-key': 'plan-choice-1' } });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ offer: null, plan: { days: 14, daily_quota: 11, reviews_at_start: PILE, day: 1, done_today: 0, done_for_today: false, last_day: '2026-07-14' } });
    const expected = await riskOrder(user.id, NOW);
    expect(expected[0]).not.toBe(`kana-${PILE}`); // the order is not the due order

    // The counts a session shows are the day's share, as it will be served: 11 left of 150 due, one fewer a grade.
    const first = (await user.session.get('/api/flashcard?course=kana')).json();
    expect(first).toMatchObject({ review_count: PILE, plan_left_today: 11 });
    const served: string[] = [];
    const leftAfterEach: number[] = [];
    let next = first.flashcard;
    while (next) {
      served.push(next.flashcard_id);
      const graded = await user.session.post('/api/flashcard', { id: next.flashcard_id, grade: 5, fetch_new: false, version: next.version });
      expect(graded.statusCode).toBe(200);
      leftAfterEach.push(graded.json().plan_left_today);
      next = graded.json().new_flashcard;
      expect(served.length).toBeLessThanOrEqual(11);
    }
    expect(served).toEqual(expected.slice(0, 11));
    expect(leftAfterEach).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    // The day's plan is done: no card, no lesson slipped in, the rest still counted, none left today.
    expect((await user.session.get('/api/flashcard?course=kana')).json()).toMatchObject({ flashcard: null, review_count: PILE - 11, plan_left_today: 0 });
    expect((await user.session.get('/api/study/catch-up?course=kana')).json().plan).toMatchObject({ done_today: 11, done_for_today: true });

    // The learner goes on: more reviews, still most at risk first.
    const went = await user.session.post('/api/study/catch-up/continue', { course: 'kana' });
    expect(went.json().plan).toMatchObject({ done_for_today: false, continued_today: true });
    // Gone on past the share: every due review is served, and counted (no share left to count).
    expect((await user.session.get('/api/flashcard?course=kana')).json()).toMatchObject({ flashcard: { flashcard_id: (await riskOrder(user.id, NOW))[0] }, plan_left_today: null });

    // The next local day: a fresh quota, not continued.
    clock.set(new Date(NOW.getTime() + 24 * HOUR));
    const tomorrow = (await user.session.get('/api/study/catch-up?course=kana')).json();
    expect(tomorrow.plan).toMatchObject({ day: 2, done_today: 0, done_for_today: false, continued_today: false });
    expect((await user.session.get('/api/flashcard?course=kana')).json()).toMatchObject({ flashcard: expect.anything(), plan_left_today: 11 });

    // Dropped: due order again.
    const dropped = await user.session.post('/api/study/catch-up/drop', { course: 'kana' });
    expect(dropped.json().plan).toBeNull();
    const { rows } = await db.pool.query(`select event_type from events where stream_id = $1 order by stream_version`, [`catch-up-${user.id}-kana`]);
    expect(rows.map((r) => r.event_type)).toEqual(['CatchUpPlanChosen', 'CatchUpPlanContinued', 'CatchUpPlanDropped']);
    const again = await user.session.post('/api/study/catch-up/drop', { course: 'kana' });
    expect(again.statusCode).toBe(409);
  });
});
