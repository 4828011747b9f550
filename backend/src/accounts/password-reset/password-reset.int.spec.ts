import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { startTestApp, TestApp } from '../../../test/http-app';
import { SmtpFake, startSmtpFake } from '../../../test/smtp-fake';
import { createPool } from '../../platform/database/database';
import { signUpTestUser, TestSession } from '../testing/test-session';
import { RESET_REQUESTED_MESSAGE } from './request-password-reset.handler';
import { RESET_EXPIRED_MESSAGE, RESET_INVALID_MESSAGE } from './reset-password.decide';

describe('password reset through a loopback SMTP server', () => {
  let app: TestApp;
  let smtp: SmtpFake;
  let pool: Pool;
  const publicUrl = 'https://kioku.example';
  beforeAll(async () => {
    smtp = await startSmtpFake();
    app = await startTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: publicUrl, MAIL_FROM: 'Kioku <no-reply@kioku.example>' } });
    pool = createPool(process.env.DATABASE_URL!, 4);
  });
  afterAll(async () => {
    await app.close();
    await smtp.stop();
    await pool.end();
  });

  const linkIn = (text: string) => {
    const match = /(https:\/\/kioku\.example\/reset-password\?token=[A-Za-z0-9_%-]+)/.exec(text);
    if (!match) throw new Error(`no reset link in:\n${text}`);
    return new URL(match[1]);
  };

  it('mails a link that works once, then not again', async () => {
    const user = await signUpTestUser(app.inject);
    const elsewhere = new TestSession(app.inject);
    await elsewhere.post('/api/auth/sign_in', { email: user.email, password: user.password });

    const asked = await new TestSession(app.inject).post('/api/auth/password_reset', { email: user.email.toUpperCase() });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    const mail = await smtp.waitForMail(user.email);
    expect(mail.from).toBe('no-reply@kioku.example');
    expect(mail.text).toMatch(/Subject: Reset your Kioku password/);
    const token = linkIn(mail.text).searchParams.get('token')!;
    // Only the hash of the token is stored.
    const stored = await pool.query('select token_hash, expires_at, created_at from password_reset_tokens where user_id = $1', [user.id]);
    expect(stored.rows[0].token_hash).not.toBe(token);
    expect(stored.rows[0].expires_at.getTime() - stored.rows[0].created_at.getTime()).toBe(3_600_000);

    const fresh = new TestSession(app.inject);
    const weak = await fresh.post('/api/auth/password_reset/confirm', { token, password: 'password1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0].field).toBe('password');

    const done = await fresh.post('/api/auth/password_reset/confirm', { token, password: 'my new reset passphrase' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id: user.id, email: user.email });
    expect((await fresh.get('/api/users/profile')).statusCode).toBe(200);
    // Every earlier session ended; the old password no longer works, the new one does.
    expect((await elsewhere.get('/api/users/profile')).statusCode).toBe(401);
    expect((await user.session.get('/api/users/profile')).statusCode).toBe(401);
    expect((await new TestSession(app.inject).post('/api/auth/sign_in', { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await new TestSession(app.inject).post('/api/auth/sign_in', { email: user.email, password: 'my new reset passphrase' })).statusCode).toBe(200);

    const again = await new TestSession(app.inject).post('/api/auth/password_reset/confirm', { token, password: 'yet another reset passphrase' });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe(RESET_INVALID_MESSAGE);
    const { rows } = await pool.query(`select data, actor_id from events where stream_id = $1 and event_type = 'PasswordChanged'`, [`user-${user.id}`]);
    expect(rows).toEqual([{ data: { userId: user.id, via: 'reset' }, actor_id: user.id }]);
  });

  it('refuses an expired link with a clear message', async () => {
    const user = await signUpTestUser(app.inject);
    await new TestSession(app.inject).post('/api/auth/password_reset', { email: user.email });
    const token = linkIn((await smtp.waitForMail(user.email)).text).searchParams.get('token')!;
    await pool.query(`update password_reset_tokens set expires_at = now() - interval '1 minute' where user_id = $1`, [user.id]);
    const res = await new TestSession(app.inject).post('/api/auth/password_reset/confirm', { token, password: 'a fine new passphrase' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: RESET_EXPIRED_MESSAGE, errors: [{ field: 'token' }] });
    expect((await new TestSession(app.inject).post('/api/auth/sign_in', { email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('answers 202 with the same message for an unknown email and sends nothing', async () => {
    const email = `nobody-${randomUUID()}@example.test`;
    const res = await new TestSession(app.inject).post('/api/auth/password_reset', { email });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    await expect(smtp.waitForMail(email, 300)).rejects.toThrow(/no mail/);
  });

  it('refuses a made-up token', async () => {
    const res = await new TestSession(app.inject).post('/api/auth/password_reset/confirm', { token: 'x'.repeat(43), password: 'a fine new passphrase' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(RESET_INVALID_MESSAGE);
  });
});
