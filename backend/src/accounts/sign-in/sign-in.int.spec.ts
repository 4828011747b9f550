// Issue 28 item 6: failed sign-ins lock out one (account, address) pair, so a guesser elsewhere cannot lock the owner
// out; a much higher per-account ceiling stops a guess spread over many addresses; and the owner always has a way
// in: a password reset clears the account's counts.
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { startTestApp, TestApp } from '../../../test/http-app';
import { createPool } from '../../platform/database/database';
import { newToken, tokenHash } from '../sessions';
import { signUpTestUser, TestSession } from '../testing/test-session';

const LOCKED = /^Too many sign-in attempts\. Try again in \d+ minutes?, or reset your password to sign in now\.$/;
/** the ceiling over every address, lowered from its default (100) to keep the test short */
const CEILING = 20;

describe('sign-in throttling per account and address', () => {
  let app: TestApp;
  let pool: Pool;
  beforeAll(async () => {
    app = await startTestApp({ env: { SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '10', SIGN_IN_MAX_FAILURES_PER_ACCOUNT_ALL_ADDRESSES: String(CEILING) } });
    pool = createPool(process.env.DATABASE_URL!, 2);
  });
  afterAll(async () => {
    await app.close();
    await pool.end();
  });

  const signIn = (from: TestSession, email: string, password: string) => from.post('/api/auth/sign_in', { email, password });

  it('locks the address that failed ten times out of that account, and only it: the owner elsewhere signs in', async () => {
    const user = await signUpTestUser(app.inject);
    const guesser = new TestSession(app.inject);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signIn(guesser, user.email, `wrong ${i}`)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    // Even the right password is refused from there, with when to retry and the way in that needs no waiting.
    const locked = await signIn(guesser, user.email, user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(locked.json()).toMatchObject({ status: 429, code: 'rate_limited', detail: expect.stringMatching(LOCKED) });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, at another address, is not locked out.
    expect((await signIn(new TestSession(app.inject), user.email, user.password)).statusCode).toBe(200);
  });

  it('locks an unknown email out of one address the same way, with the same words', async () => {
    const email = `nobody-${randomUUID()}@example.test`;
    const guesser = new TestSession(app.inject);
    let last;
    for (let i = 0; i < 11; i++) last = await signIn(guesser, email, `wrong ${i}`);
    expect(last!.statusCode).toBe(429);
    expect(last!.json().detail).toMatch(LOCKED);
  });

  it('stops a guess spread over many addresses at the per-account ceiling; a password reset lets the owner in again', async () => {
    const user = await signUpTestUser(app.inject);
    const statuses: number[] = [];
    // One failure from each of CEILING addresses: none of them reaches the per-address limit.
    for (let i = 0; i < CEILING; i++) statuses.push((await signIn(new TestSession(app.inject), user.email, `wrong ${i}`)).statusCode);
    expect(statuses.every((s) => s === 401)).toBe(true);
    // Now the account is closed to every address, the owner's included, until the window passes...
    const owner = new TestSession(app.inject);
    const locked = await signIn(owner, user.email, user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().detail).toMatch(LOCKED);

    // ...or the owner resets the password (the mailed link's token, made here): that signs them in, and clears the
    // account's counts from every address.
    const token = newToken();
    await pool.query(`insert into password_reset_tokens (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 hour')`, [tokenHash(token), user.id]);
    const reset = await owner.post('/api/auth/password_reset/confirm', { token, password: 'my own way back in' });
    expect(reset.statusCode).toBe(200);
    expect((await owner.get('/api/users/profile')).statusCode).toBe(200);
    expect((await signIn(new TestSession(app.inject), user.email, 'my own way back in')).statusCode).toBe(200);
    const { rows } = await pool.query<{ n: number }>(`select count(*)::int as n from auth_throttle where key like 'signin:email:' || $1 || '%'`, [user.email]);
    expect(rows[0].n).toBe(0);
  });

  it('clears only its own address’s count on a right password, not the account’s count from everywhere', async () => {
    const user = await signUpTestUser(app.inject);
    const owner = new TestSession(app.inject);
    for (let i = 0; i < 3; i++) await signIn(owner, user.email, `typo ${i}`);
    await signIn(new TestSession(app.inject), user.email, 'someone else guessing');
    expect((await signIn(owner, user.email, user.password)).statusCode).toBe(200);
    const { rows } = await pool.query<{ key: string; n: number }>(
      `select key, count(*)::int as n from auth_throttle where key like 'signin:email:' || $1 || '%' group by key order by key`,
      [user.email],
    );
    // The all-addresses count keeps its 4; the other address keeps its 1; the owner's address has none left.
    expect(rows).toEqual([
      { key: `signin:email:${user.email}`, n: 4 },
      { key: expect.stringMatching(/:ip:/), n: 1 },
    ]);
  });
});
