import { setSubscription } from '../../accounts';
import { COURSES } from '../../kernel/courses';
import { AdminTestContext, startAdminTestApp } from '../testing/admin-test-app';

describe('admin users, kanji and history', () => {
  let t: AdminTestContext;
  beforeAll(async () => {
    t = await startAdminTestApp();
    await setSubscription(t.db.pool, t.learner.email, 'active');
  });
  afterAll(() => t.close());

  /** The learner learns one kana card (a lesson answer), so they have a card, a last review and a course. */
  async function learnOneCard(): Promise<void> {
    const res = await t.learner.session.get('/api/flashcard?course=kana');
    expect(res.statusCode).toBe(200);
    const card = res.json().flashcard;
    expect(card).toBeTruthy();
    const graded = await t.learner.session.post('/api/flashcard', { id: card.flashcard_id, grade: 5, fetch_new: false });
    expect(graded.statusCode).toBe(200);
  }

  it('lists users with the SPEC §3 admin user fields, never a password hash', async () => {
    await learnOneCard();
    const res = await t.admin.session.get('/api/admin/users');
    expect(res.statusCode).toBe(200);
    const users = res.json().users;
    const learner = users.find((u: { id: string }) => u.id === t.learner.id);
    expect(learner).toEqual({
      id: t.learner.id,
      email: t.learner.email,
      name: t.learner.name,
      created_at: expect.any(String),
      last_flashcard_updated_at: expect.any(String),
      provider: 'password',
      timezone: 'UTC',
      current_course: 'kana',
      level: Object.fromEntries(COURSES.map((course) => [course, 1])),
      flashcard_count: 1,
      subscription_status: 'active',
      is_admin: false,
    });
    expect(users.find((u: { id: string }) => u.id === t.admin.id)).toMatchObject({ is_admin: true, flashcard_count: 0, current_course: null, last_flashcard_updated_at: null });
    expect(res.body).not.toMatch(/argon2|password_hash|token/i);
  });

  it('answers one user with their stats for a course and their profile', async () => {
    const res = await t.admin.session.get(`/api/admin/users/${t.learner.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ id: t.learner.id, current_course: 'kana' });
    expect(body.stats.levels).toHaveLength(9);
    expect(body.stats.levels[0]).toMatchObject({ level: 1, primary: { name: expect.any(String) } });
    const learned = body.stats.levels.reduce((n: number, l: { learning: number; intermediate: number; mastered: number }) => n + l.learning + l.intermediate + l.mastered, 0);
    expect(learned).toBeLessThanOrEqual(1);
    expect(Array.isArray(body.stats.review_forecast)).toBe(true);
    expect(body.profile).toMatchObject({ settings: expect.objectContaining({ keyboard_shortcuts: true }), updates_unread: expect.any(Number) });
    const kanji = (await t.admin.session.get(`/api/admin/users/${t.learner.id}?course=kanji1`)).json();
    expect(kanji.stats.levels[0].untrained).toBeGreaterThan(0);
    expect((await t.admin.session.get('/api/admin/users/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await t.admin.session.get('/api/admin/users/nope')).statusCode).toBe(404);
    expect((await t.admin.session.get(`/api/admin/users/${t.learner.id}?course=latin`)).statusCode).toBe(400);
  });

  it("shows a user's account events with before → after, and everything a person did, paged newest first", async () => {
    const changed = await t.learner.session.patch('/api/users/settings', { vocab_prompt: 'audio' });
    expect(changed.statusCode).toBeLessThan(300);
    const account = (await t.admin.session.get(`/api/admin/history?stream=user-${t.learner.id}`)).json();
    const settings = account.items.find((i: { type: string }) => i.type === 'SettingsChanged');
    expect(settings).toMatchObject({ actor: { id: t.learner.id, kind: 'user', name: t.learner.name }, changes: [{ field: 'vocab_prompt', before: 'text', after: 'audio' }] });
    const subscription = account.items.find((i: { type: string }) => i.type === 'SubscriptionChanged' || i.type === 'SubscriptionActivated');
    expect(subscription.actor).toMatchObject({ kind: 'operator', name: 'operator' });
    expect(JSON.stringify(account)).not.toMatch(/password_hash|argon2/);

    // A person's actions across streams, 50 a page, with a cursor.
    for (let i = 0; i < 55; i++) {
      const res = await t.admin.session.post('/api/admin/materials/12354/actions', { type: 'kana', actions: { [i % 2 ? 'approve_image' : 'unapprove_image']: true } });
      expect(res.statusCode).toBe(202);
    }
    const first = (await t.admin.session.get(`/api/admin/history?actor=${t.admin.id}`)).json();
    expect(first.items).toHaveLength(50);
    expect(first.items.every((i: { actor: { id: string } }) => i.actor.id === t.admin.id)).toBe(true);
    const times = first.items.map((i: { at: string }) => Date.parse(i.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(first.next_before).toEqual(expect.any(String));
    const second = (await t.admin.session.get(`/api/admin/history?actor=${t.admin.id}&before=${encodeURIComponent(first.next_before)}`)).json();
    expect(second.items.length).toBeGreaterThan(0);
    const ids = new Set(first.items.map((i: { event_id: string }) => i.event_id));
    expect(second.items.some((i: { event_id: string }) => ids.has(i.event_id))).toBe(false);

    const stream = (await t.admin.session.get('/api/admin/history?stream=material-kana-12354')).json();
    expect(stream.items).toHaveLength(50);
    const older = (await t.admin.session.get(`/api/admin/history?stream=material-kana-12354&before=${stream.next_before}`)).json();
    expect(older.items.at(-1).type).toBe('MaterialImported');
    expect(older.items.at(-1).actor).toMatchObject({ kind: 'system' });
    expect(older.next_before).toBeNull();

    expect((await t.admin.session.get('/api/admin/history')).statusCode).toBe(400);
    expect((await t.admin.session.get(`/api/admin/history?stream=x&actor=${t.admin.id}`)).statusCode).toBe(400);
    expect((await t.admin.session.get('/api/admin/history?actor=not-a-uuid')).statusCode).toBe(400);
    expect((await t.admin.session.get('/api/admin/history?stream=user-x&before=zzz')).statusCode).toBe(400);
  });

  it('lists kanji with their reading cards and answers one kanji with readings and words', async () => {
    const list = (await t.admin.session.get('/api/admin/kanji?course=kanji1&level=1')).json();
    const day = list.items.find((k: { character: string }) => k.character === '日');
    expect(day).toMatchObject({ id: 26085, level: 1, course: 'kanji1', meanings: expect.arrayContaining(['day']) });
    expect(day.reading_ids).toHaveLength(4);
    expect(list.items.every((k: { level: number; course: string }) => k.level === 1 && k.course === 'kanji1')).toBe(true);
    const one = (await t.admin.session.get('/api/admin/kanji/26085')).json();
    expect(one).toMatchObject({ id: 26085, character: '日', on_readings: expect.arrayContaining([{ reading: 'ニチ', grade: 'elementary' }]) });
    expect(one.readings.map((r: { id: number }) => r.id).sort()).toEqual([...day.reading_ids].sort());
    expect(one.readings[0]).toEqual(expect.objectContaining({ id: expect.any(Number), reading: expect.any(String), level: 1 }));
    expect((await t.admin.session.get('/api/admin/kanji/1')).statusCode).toBe(404);
  });
});
