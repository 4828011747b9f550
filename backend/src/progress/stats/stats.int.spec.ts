import { createIsolatedDatabase } from '../../../test/test-db';
import { startTestApp, TestApp } from '../../../test/http-app';
import { eventually } from '../../../test/support/eventually';
import { signUpTestUser, TestUser } from '../../accounts/testing/test-session';
import { COURSES, forecastBuckets } from '../../study';
import { courseMaterials, insertDueCards, insertMaterials, pinClock } from '../../study/testing/study-fixtures';

// GET /api/users/stats and /api/users/course_mastery over HTTP, with a pinned clock: the review forecast in
// the learner's time zone (midnight, DST), level counts, awards and the profile level.

const at = (iso: string) => new Date(iso);

describe('progress over HTTP', () => {
  let db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: TestApp;
  let clock: ReturnType<typeof pinClock>;

  beforeAll(async () => {
    db = await createIsolatedDatabase();
    await insertMaterials(db.pool, [...courseMaterials('vocab1', 3, 9), ...courseMaterials('kana', 1, 3, 501)]);
    app = await startTestApp({ databaseUrl: db.url, runner: true, env: { SESSION_TTL_DAYS: '3650' } });
    clock = pinClock(app.app, at('2026-01-05T09:00:00Z'));
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const forecastOf = async (user: TestUser, course = 'vocab1') => {
    const res = await user.session.get(`/api/users/stats?course=${course}`);
    expect(res.statusCode).toBe(200);
    const days = res.json().review_forecast as { day: number; count: number }[];
    expect(days.map((d) => d.day)).toEqual([0, 1, 2, 3, 4]);
    return days.map((d) => d.count);
  };
  const userIn = async (timezone: string) => {
    const user = await signUpTestUser(app.inject);
    expect((await user.session.post('/api/users/timezone', { timezone })).statusCode).toBe(200);
    return user;
  };

  // New York springs forward on 2026-03-08 (a 23-hour day) and falls back on 2026-11-01 (25 hours).
  const springDues = [
    at('2026-03-01T12:00:00Z'), // overdue: today
    at('2026-03-08T04:59:00Z'), // 23:59 EST Mar 7
    at('2026-03-08T05:00:00Z'), // 00:00 EST Mar 8
    at('2026-03-09T03:59:00Z'), // 23:59 EDT Mar 8, the short day
    at('2026-03-09T04:00:00Z'), // 00:00 EDT Mar 9
    at('2026-03-12T03:59:00Z'), // 23:59 EDT Mar 11: +4
    at('2026-03-12T04:00:00Z'), // 00:00 EDT Mar 12: +5, outside the forecast
  ];

  it('counts by calendar day in the learner time zone across a spring-forward DST change', async () => {
    const ny = await userIn('America/New_York');
    const tokyo = await userIn('Asia/Tokyo');
    await insertDueCards(db.pool, ny.id, 'vocab1', springDues);
    await insertDueCards(db.pool, tokyo.id, 'vocab1', springDues);
    const now = at('2026-03-08T04:30:00Z'); // 23:30 EST on Mar 7; 13:30 JST on Mar 8
    clock.set(now);
    expect(await forecastOf(ny)).toEqual([2, 2, 1, 0, 1]);
    expect(await forecastOf(tokyo)).toEqual([3, 2, 0, 0, 2]);
    expect(forecastBuckets(springDues, now, 'America/New_York')).toEqual([2, 2, 1, 0, 1]);
    expect(forecastBuckets(springDues, now, 'Asia/Tokyo')).toEqual([3, 2, 0, 0, 2]);

    // Past local midnight in New York: yesterday's "tomorrow" is today.
    clock.set(at('2026-03-08T05:01:00Z'));
    expect(await forecastOf(ny)).toEqual([4, 1, 0, 1, 1]);
  });

  it('counts by calendar day across a fall-back DST change (a 25-hour day)', async () => {
    const ny = await userIn('America/New_York');
    const dues = [
      at('2026-11-01T03:59:00Z'), // 23:59 EDT Oct 31: today
      at('2026-11-01T04:00:00Z'), // 00:00 EDT Nov 1
      at('2026-11-02T04:59:00Z'), // 23:59 EST Nov 1, end of the long day
      at('2026-11-02T05:00:00Z'), // 00:00 EST Nov 2
    ];
    await insertDueCards(db.pool, ny.id, 'vocab1', dues);
    clock.set(at('2026-11-01T03:30:00Z')); // 23:30 EDT Oct 31
    expect(await forecastOf(ny)).toEqual([1, 2, 1, 0, 0]);
  });

  it('agrees with the pure forecast for random due dates in zones with odd offsets and DST', async () => {
    const zones = ['America/New_York', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Asia/Kolkata', 'Europe/Berlin'];
    const nows = [at('2026-03-29T00:30:00Z'), at('2026-04-04T14:45:00Z'), at('2026-10-25T00:59:00Z'), at('2026-03-07T23:59:00Z')];
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    for (const zone of zones) {
      const user = await userIn(zone);
      for (const [n, now] of nows.entries()) {
        const dues = Array.from({ length: 60 }, () => new Date(now.getTime() + (random() * 9 - 2) * 86_400_000));
        const course = (['vocab1', 'vocab2', 'vocab3', 'kanji2'] as const)[n];
        await insertDueCards(db.pool, user.id, course, dues);
        clock.set(now);
        expect([zone, now.toISOString(), await forecastOf(user, course)]).toEqual([zone, now.toISOString(), forecastBuckets(dues, now, zone)]);
      }
    }
  });

  it('leaves level-2 cards out of the forecast of a learner without a subscription', async () => {
    const user = await userIn('UTC');
    await insertDueCards(db.pool, user.id, 'vocab1', [at('2026-05-01T10:00:00Z')], { level: 1 });
    await insertDueCards(db.pool, user.id, 'vocab1', [at('2026-05-01T10:00:00Z')], { level: 2, firstMaterialId: 100 });
    clock.set(at('2026-05-01T09:00:00Z'));
    expect(await forecastOf(user)).toEqual([1, 0, 0, 0, 0]);
  });

  it('shows level counts, names, course mastery with awards, and the profile level after grading', async () => {
    clock.set(at('2026-06-01T09:00:00Z'));
    const user = await signUpTestUser(app.inject);
    const empty = (await user.session.get('/api/users/stats?course=kana')).json();
    expect(empty.levels).toHaveLength(9);
    expect(empty.levels.slice(0, 3)).toEqual([
      { level: 1, primary: { name: 'Hiragana' }, secondary: { name: 'Part 1' }, untrained: 1, learning: 0, intermediate: 0, mastered: 0, cards: 1, available: 1 },
      { level: 2, primary: { name: 'Hiragana' }, secondary: { name: 'Part 2' }, untrained: 1, learning: 0, intermediate: 0, mastered: 0, cards: 1, available: 1 },
      { level: 3, primary: { name: 'Hiragana' }, secondary: { name: 'Part 3' }, untrained: 1, learning: 0, intermediate: 0, mastered: 0, cards: 1, available: 1 },
    ]);
    expect(empty.levels[8]).toEqual({ level: 9, primary: { name: 'Combinations' }, secondary: null, untrained: 0, learning: 0, intermediate: 0, mastered: 0, cards: 0, available: 0 });

    const res = await user.session.post('/api/flashcard', { id: 'kana-501', grade: 3, fetch_new: false }, { headers: { 'idempotency-key': 'first-kana-grade' } });
    expect(res.statusCode).toBe(200);
    const mastery = await eventually(
      'the kana Participation award granted',
      async () => {
        const m = (await user.session.get('/api/users/course_mastery?course=kana')).json();
        return m.awards[0].granted_at !== null && m;
      },
      5_000,
    );
    expect(mastery).toMatchObject({ course: 'kana', level: 1 });
    expect(mastery.levels).toHaveLength(9);
    expect(mastery.levels.slice(0, 4)).toEqual([
      { level: 1, total: 1, available: 1, completed: 0 },
      { level: 2, total: 1, available: 1, completed: 0 },
      { level: 3, total: 1, available: 1, completed: 0 },
      { level: 4, total: 0, available: 0, completed: 0 },
    ]);
    expect(mastery.awards).toHaveLength(9);
    expect(mastery.awards[0]).toEqual({
      id: 1,
      name: 'Participation Ribbon',
      text: 'You participated in the course!',
      criterion: expect.any(String),
      icon: expect.any(String),
      color: expect.any(String),
      granted_at: '2026-06-01T09:00:00.000Z',
    });
    expect(mastery.awards.slice(1).every((a: { granted_at: unknown }) => a.granted_at === null)).toBe(true);
    expect(mastery.awards[8].text).toBe("You're the best around! Gold Medal");
    const stats = (await user.session.get('/api/users/stats?course=kana')).json();
    expect(stats.levels[0]).toMatchObject({ untrained: 0, learning: 1 });
    const profile = (await user.session.get('/api/users/profile')).json();
    expect(profile.level).toEqual(Object.fromEntries(COURSES.map((course) => [course, 1])));
    // Granted once: the reactor's deterministic ids keep a second look from adding another.
    const granted = await db.pool.query(`select count(*)::int as n from events where event_type = 'AwardGranted' and stream_id = $1`, [`awards-${user.id}-kana`]);
    expect(granted.rows[0].n).toBe(1);
  });

  it('refuses an unknown course', async () => {
    const user = await signUpTestUser(app.inject);
    expect((await user.session.get('/api/users/stats?course=french')).statusCode).toBe(400);
    expect((await user.session.get('/api/users/course_mastery')).statusCode).toBe(400);
  });
});
