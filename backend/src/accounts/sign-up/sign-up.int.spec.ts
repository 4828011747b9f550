// Issue 28 items 7 and 1: sign-up is throttled per client address before the argon2 hash (the expensive part), and
// it never says that an address has an account: a taken address is answered like the password reset ("check your
// email", 202), its owner is mailed how to get in, and both paths hash the password so they take about as long.
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { startTestApp, TestApp } from '../../../test/http-app';
import { SmtpFake, startSmtpFake } from '../../../test/smtp-fake';
import { createPool } from '../../platform/database/database';
import * as passwords from '../passwords';
import { signUpTestUser, TestSession } from '../testing/test-session';
import { SIGN_UP_CHECK_EMAIL_MESSAGE } from './sign-up.handler';

// The real hash, counted: the throttle must refuse before any hashing happens.
jest.mock('../passwords', () => {
  const actual = jest.requireActual<typeof import('../passwords')>('../passwords');
  return { ...actual, hashPassword: jest.fn(actual.hashPassword) };
});
const hashes = () => (passwords.hashPassword as jest.Mock).mock.calls.length;

const PER_ADDRESS = 3;

describe('sign-up: per-address throttle and no account enumeration', () => {
  let app: TestApp;
  let smtp: SmtpFake;
  let pool: Pool;
  beforeAll(async () => {
    smtp = await startSmtpFake();
    app = await startTestApp({ env: { SIGN_UP_MAX_PER_IP: String(PER_ADDRESS), SMTP_URL: smtp.url, PUBLIC_URL: 'https://kioku.example' } });
    pool = createPool(process.env.DATABASE_URL!, 2);
  });
  afterAll(async () => {
    await app.close();
    await smtp.stop();
    await pool.end();
  });

  const form = (tag = randomUUID().slice(0, 8)) => ({ name: `Newcomer ${tag}`, email: `newcomer-${tag}@example.test`, password: `a fine passphrase ${tag}` });

  it(`takes ${PER_ADDRESS} sign-ups per address and window, then answers 429 with Retry-After before hashing`, async () => {
    const client = new TestSession(app.inject);
    for (let i = 0; i < PER_ADDRESS; i++) expect((await client.post('/api/auth/sign_up', form())).statusCode).toBe(201);
    const before = hashes();
    const refused = await client.post('/api/auth/sign_up', form());
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(refused.json()).toMatchObject({ status: 429, code: 'rate_limited', detail: expect.stringMatching(/^Too many accounts were created from this network recently\. Try again in \d+ minutes?\.$/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(hashes()).toBe(before);
    // Another address is not held up.
    expect((await new TestSession(app.inject).post('/api/auth/sign_up', form())).statusCode).toBe(201);
  });

  it('answers a taken address "check your email" (202, no session, no new account) and mails its owner the way in', async () => {
    const owner = await signUpTestUser(app.inject);
    const before = hashes();
    const someone = new TestSession(app.inject);
    const res = await someone.post('/api/auth/sign_up', { name: 'Not the owner', email: owner.email.toUpperCase(), password: 'an unrelated passphrase' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: SIGN_UP_CHECK_EMAIL_MESSAGE });
    expect(res.body).not.toMatch(/already exists|already registered|is taken/i);
    expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(/kioku_session=[^;]/);
    expect((await someone.get('/api/users/profile')).statusCode).toBe(401);
    // The password was hashed all the same, so the answer takes about as long as a real sign-up.
    expect(hashes()).toBe(before + 1);
    const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from users where lower(email) = $1', [owner.email]);
    expect(rows[0].n).toBe(1);
    // The account is untouched: the owner's password still works, the other one does not.
    expect((await new TestSession(app.inject).post('/api/auth/sign_in', { email: owner.email, password: owner.password })).statusCode).toBe(200);
    expect((await new TestSession(app.inject).post('/api/auth/sign_in', { email: owner.email, password: 'an unrelated passphrase' })).statusCode).toBe(401);

    const mail = await smtp.waitForMail(owner.email);
    expect(mail.text).toMatch(/Subject: Someone tried to sign up to Kioku with your address/);
    expect(mail.text).toContain('https://kioku.example/sign-in');
    expect(mail.text).toContain('https://kioku.example/forgot-password');
  });

  it('still signs a new address up at once, with the profile (201)', async () => {
    const res = await new TestSession(app.inject).post('/api/auth/sign_up', form());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toHaveProperty('email');
    expect(String(res.headers['set-cookie'])).toMatch(/kioku_session=[^;]+/);
  });

  it('forgets the notice throttle (keyed by the email) with the account when it is erased', async () => {
    const owner = await signUpTestUser(app.inject);
    await new TestSession(app.inject).post('/api/auth/sign_up', { name: 'Someone', email: owner.email, password: 'an unrelated passphrase' });
    await new TestSession(app.inject).post('/api/auth/sign_in', { email: owner.email, password: 'a wrong password' });
    const keys = async () => (await pool.query<{ key: string }>('select key from auth_throttle where position($1 in key) > 0', [owner.email])).rows.map((r) => r.key);
    expect(await keys()).toEqual(expect.arrayContaining([`signup:email:${owner.email}`, expect.stringMatching(/^signin:email:.*:ip:/)]));
    expect((await owner.session.delete('/api/users/me', { password: owner.password })).statusCode).toBe(200);
    expect(await keys()).toEqual([]);
  });
});
