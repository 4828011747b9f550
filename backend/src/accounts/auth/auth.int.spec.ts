import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { COURSES } from '../../kernel/courses';
import { startTestApp, TestApp } from '../../../test/http-app';
import { createPool } from '../../platform/database/database';
import { grantAdmin } from '../operator/users.operator';
import { signUpTestUser, TestSession } from '../testing/test-session';

describe('accounts: sessions, CSRF, roles and sign-in throttling', () => {
  let app: TestApp;
  let pool: Pool;
  beforeAll(async () => {
    app = await startTestApp();
    pool = createPool(process.env.DATABASE_URL!, 4);
  });
  afterAll(async () => {
    await app.close();
    await pool.end();
  });

  const eventCount = async (userId: string) =>
    Number((await pool.query('select count(*) from events where stream_id = $1', [`user-${userId}`])).rows[0].count);

  it('answers 401 problem+json on the profile without a session', async () => {
    const res = await new TestSession(app.inject).get('/api/users/profile');
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 401, code: 'unauthenticated', detail: 'Please sign in.' });
  });

  it('keeps /api/auth/*, /api/health and the webhook public', async () => {
    const s = new TestSession(app.inject);
    expect((await s.get('/api/auth/csrf')).statusCode).toBe(200);
    expect((await s.get('/api/health')).statusCode).not.toBe(401);
  });

  it('hands out a readable XSRF-TOKEN cookie and the same token in the body', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/csrf' });
    const cookie = res.cookies.find((c: { name: string }) => c.name === 'XSRF-TOKEN') as { value: string; httpOnly?: boolean; sameSite?: string };
    expect(cookie.value).toBe(res.json().token);
    expect(cookie.httpOnly).toBeFalsy();
    expect(cookie.sameSite).toBe('Lax');
  });

  it('signs up with a session cookie (HttpOnly, SameSite=Lax, Secure behind https) and a default profile', async () => {
    const s = new TestSession(app.inject);
    const email = `New.User-${randomUUID().slice(0, 6)}@Example.test`;
    const res = await s.send('POST', '/api/auth/sign_up', {
      body: { name: 'New User', email, password: 'a long unusual passphrase' },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.statusCode).toBe(201);
    const set = String(res.headers['set-cookie']);
    expect(set).toMatch(/kioku_session=[^;]+;.*HttpOnly/);
    expect(set).toMatch(/kioku_session=[^;]+;.*SameSite=Lax/);
    expect(set).toMatch(/kioku_session=[^;]+;.*Secure/);
    expect(res.json()).toMatchObject({
      name: 'New User',
      email: email.toLowerCase(),
      level: Object.fromEntries(COURSES.map((course) => [course, 1])),
      subscription_status: 'inactive',
      settings: { keyboard_shortcuts: true, audio_autoplay: true, vocab_prompt: 'text', vocab_hide_text: false, vocab_audio_autoplay: true, furigana: 'show', typed_reading: false, vocab_typed_answer: 'off' },
      is_admin: false,
      updates_unread: 3,
      timezone: 'UTC',
    });
    const profile = await s.get('/api/users/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.json().email).toBe(email.toLowerCase());
    // Only a hash of the token is stored; the password is argon2id.
    const token = s.cookies.get('kioku_session')!;
    const stored = await pool.query('select token_hash from sessions where user_id = $1', [res.json().id]);
    expect(stored.rows[0].token_hash).not.toBe(token);
    expect(stored.rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    const hash = await pool.query('select password_hash from users where id = $1', [res.json().id]);
    expect(hash.rows[0].password_hash).toMatch(/^\$argon2id\$/);
    // Plain http: no Secure flag.
    const plain = await new TestSession(app.inject).post('/api/auth/sign_up', { name: 'Plain', email: `plain-${randomUUID().slice(0, 6)}@example.test`, password: 'another unusual passphrase' });
    expect(String(plain.headers['set-cookie'])).not.toMatch(/kioku_session=[^,]*Secure/);
  });

  it('records UserRegistered with ids only and the new user as actor', async () => {
    const user = await signUpTestUser(app.inject);
    const { rows } = await pool.query('select event_type, data, metadata, actor_id from events where stream_id = $1', [`user-${user.id}`]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event_type: 'UserRegistered', data: { userId: user.id }, actor_id: user.id });
    expect(JSON.stringify(rows[0])).not.toContain(user.email);
    expect(JSON.stringify(rows[0])).not.toContain(user.name);
  });

  it('refuses short, common and duplicate sign-ups with field errors', async () => {
    const s = new TestSession(app.inject);
    const short = await s.post('/api/auth/sign_up', { name: 'A', email: `a-${randomUUID()}@example.test`, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0]).toMatchObject({ field: 'password' });
    const common = await s.post('/api/auth/sign_up', { name: 'A', email: `a-${randomUUID()}@example.test`, password: 'Password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().detail).toMatch(/too common/);
    const user = await signUpTestUser(app.inject);
    // A taken address is not refused: it is answered "check your email" (sign-up/sign-up.int.spec.ts, issue 28).
    const dup = await s.post('/api/auth/sign_up', { name: 'B', email: user.email.toUpperCase(), password: 'yet another passphrase' });
    expect(dup.statusCode).toBe(202);
    const bad = await s.post('/api/auth/sign_up', { name: 'B', email: 'not-an-email', password: 'yet another passphrase', extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'extra']);
  });

  it('refuses a state-changing request without or with a wrong X-XSRF-TOKEN (403) and records nothing', async () => {
    const user = await signUpTestUser(app.inject);
    const before = await eventCount(user.id);
    const missing = await user.session.patch('/api/users/settings', { furigana: 'none' }, { csrf: false });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ code: 'csrf_failed' });
    const wrong = await user.session.patch('/api/users/settings', { furigana: 'none' }, { csrf: false, headers: { 'x-xsrf-token': 'A'.repeat(43) } });
    expect(wrong.statusCode).toBe(403);
    const noCookie = await app.inject({
      method: 'POST',
      url: '/api/auth/sign_up',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': 'B'.repeat(43) },
      payload: JSON.stringify({ name: 'X', email: `x-${randomUUID()}@example.test`, password: 'some unusual passphrase' }),
    });
    expect(noCookie.statusCode).toBe(403);
    expect(await eventCount(user.id)).toBe(before);
    expect((await user.session.get('/api/users/profile')).json().settings.furigana).toBe('show');
    // The right token passes.
    expect((await user.session.patch('/api/users/settings', { furigana: 'none' })).statusCode).toBe(200);
    expect(await eventCount(user.id)).toBe(before + 1);
  });

  it('signs in and out; sign-out (a POST with the token) redirects to / and ends the session', async () => {
    const user = await signUpTestUser(app.inject);
    const s = new TestSession(app.inject);
    const res = await s.post('/api/auth/sign_in', { email: ` ${user.email.toUpperCase()} `, password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(user.email);
    expect((await s.get('/api/users/profile')).statusCode).toBe(200);
    const out = await s.post('/users/sign_out');
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/');
    expect((await s.get('/api/users/profile')).statusCode).toBe(401);
    // The other session of the account stays; signing out twice is fine. (A GET never signs out: sign-out/.)
    expect((await user.session.get('/api/users/profile')).statusCode).toBe(200);
    expect((await s.post('/users/sign_out')).statusCode).toBe(303);
  });

  it('gives the same answer for an unknown email and a wrong password', async () => {
    const user = await signUpTestUser(app.inject);
    const wrong = await new TestSession(app.inject).post('/api/auth/sign_in', { email: user.email, password: 'not the password' });
    const unknown = await new TestSession(app.inject).post('/api/auth/sign_in', { email: `nobody-${randomUUID()}@example.test`, password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().detail).toBe(unknown.json().detail);
    expect(wrong.json().detail).toBe('The email or password is incorrect.');
  });

  // Per (account, address), the all-addresses ceiling and the owner's way in: sign-in/sign-in.int.spec.ts.

  it('rate limits per client address across accounts', async () => {
    const s = new TestSession(app.inject);
    const statuses: number[] = [];
    for (let i = 0; i < 52; i++) {
      statuses.push((await s.post('/api/auth/sign_in', { email: `spray-${i}-${randomUUID()}@example.test`, password: 'guess' })).statusCode);
    }
    expect(statuses.slice(0, 50).every((x) => x === 401)).toBe(true);
    expect(statuses.slice(50)).toEqual([429, 429]);
  });

  it('keeps /api/admin/* for admins: learner 403, admin 200', async () => {
    const learner = await signUpTestUser(app.inject);
    const denied = await learner.session.get('/api/admin/users');
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'forbidden' });
    const admin = await signUpTestUser(app.inject);
    await grantAdmin(pool, admin.email);
    const ok = await admin.session.get('/api/admin/users');
    expect(ok.statusCode).toBe(200);
    const listed = ok.json().users.find((u: { id: string }) => u.id === learner.id);
    expect(listed).toMatchObject({ id: learner.id, email: learner.email, name: learner.name, subscription_status: 'inactive', is_admin: false });
    expect(listed.created_at).toBeDefined();
    expect((await admin.session.get('/api/users/profile')).json().is_admin).toBe(true);
    expect((await new TestSession(app.inject).get('/api/admin/users')).statusCode).toBe(401);
  });

  it('lets an admin grant and revoke the role, recorded with the admin as actor', async () => {
    const admin = await signUpTestUser(app.inject);
    await grantAdmin(pool, admin.email);
    const other = await signUpTestUser(app.inject);
    const granted = await admin.session.post(`/api/admin/users/${other.id}/admin`);
    expect(granted.json()).toEqual({ id: other.id, is_admin: true });
    expect((await other.session.get('/api/admin/users')).statusCode).toBe(200);
    const revoked = await admin.session.delete(`/api/admin/users/${other.id}/admin`);
    expect(revoked.json()).toEqual({ id: other.id, is_admin: false });
    expect((await other.session.get('/api/admin/users')).statusCode).toBe(403);
    const { rows } = await pool.query(`select event_type, actor_id from events where stream_id = $1 and event_type like 'AdminRole%' order by stream_version`, [`user-${other.id}`]);
    expect(rows).toEqual([
      { event_type: 'AdminRoleGranted', actor_id: admin.id },
      { event_type: 'AdminRoleRevoked', actor_id: admin.id },
    ]);
    expect((await admin.session.delete(`/api/admin/users/${admin.id}/admin`)).statusCode).toBe(409);
  });

  it('changes the password: the old one stops working, other sessions end, this one stays', async () => {
    const user = await signUpTestUser(app.inject);
    const other = new TestSession(app.inject);
    await other.post('/api/auth/sign_in', { email: user.email, password: user.password });
    const wrong = await user.session.post('/api/users/password', { current_password: 'nope nope nope', new_password: 'a brand new passphrase' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].field).toBe('current_password');
    const weak = await user.session.post('/api/users/password', { current_password: user.password, new_password: 'qwerty123' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0].field).toBe('new_password');
    const ok = await user.session.post('/api/users/password', { current_password: user.password, new_password: 'a brand new passphrase' });
    expect(ok.statusCode).toBe(200);
    expect((await user.session.get('/api/users/profile')).statusCode).toBe(200);
    expect((await other.get('/api/users/profile')).statusCode).toBe(401);
    expect((await new TestSession(app.inject).post('/api/auth/sign_in', { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await new TestSession(app.inject).post('/api/auth/sign_in', { email: user.email, password: 'a brand new passphrase' })).statusCode).toBe(200);
    const { rows } = await pool.query(`select data from events where stream_id = $1 and event_type = 'PasswordChanged'`, [`user-${user.id}`]);
    expect(rows).toEqual([{ data: { userId: user.id, via: 'change' } }]);
  });
});
