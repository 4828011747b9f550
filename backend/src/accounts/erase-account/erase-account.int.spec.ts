import { Pool } from 'pg';
import { startTestApp, TestApp } from '../../../test/http-app';
import { createPool, quoteIdent } from '../../platform/database/database';
import { signUpTestUser, TestSession } from '../testing/test-session';

/** Every row of every text, varchar, json or jsonb column in the public schema that contains the needle. */
async function findEverywhere(pool: Pool, needle: string): Promise<string[]> {
  const { rows: columns } = await pool.query<{ table_name: string; column_name: string; data_type: string }>(
    `select c.table_name, c.column_name, c.data_type
       from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')`,
  );
  const hits: string[] = [];
  for (const col of columns) {
    const { rows } = await pool.query(
      `select count(*)::int as n from ${quoteIdent(col.table_name)} where position(lower($1) in lower(${quoteIdent(col.column_name)}::text)) > 0`,
      [needle],
    );
    if (rows[0].n > 0) hits.push(`${col.table_name}.${col.column_name}`);
  }
  return hits;
}

describe('erasing an account', () => {
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

  it('leaves no email or name anywhere in the database while its events remain', async () => {
    const user = await signUpTestUser(app.inject, { name: `Erin Erasable ${Date.now()}` });
    // Leave traces everywhere an account can: settings, time zone, a second session, a reset link, failed sign-ins.
    await user.session.patch('/api/users/settings', { furigana: 'none' });
    await user.session.post('/api/users/timezone', { timezone: 'Europe/Berlin' });
    await new TestSession(app.inject).post('/api/auth/sign_in', { email: user.email, password: user.password });
    await new TestSession(app.inject).post('/api/auth/sign_in', { email: user.email, password: 'wrong password here' });
    await new TestSession(app.inject).post('/api/auth/password_reset', { email: user.email });
    expect(await findEverywhere(pool, user.email)).toEqual(expect.arrayContaining(['users.email', 'auth_throttle.key']));
    expect(await findEverywhere(pool, user.name)).toEqual(['users.name']);
    const eventsBefore = (await pool.query('select count(*)::int as n from events where stream_id = $1', [`user-${user.id}`])).rows[0].n;

    const wrong = await user.session.delete('/api/users/me', { password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    const res = await user.session.delete('/api/users/me', { password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ erased: true });

    expect(await findEverywhere(pool, user.email)).toEqual([]);
    expect(await findEverywhere(pool, user.name)).toEqual([]);
    const { rows } = await pool.query('select event_type from events where stream_id = $1 order by stream_version', [`user-${user.id}`]);
    expect(rows.length).toBe(eventsBefore + 1);
    expect(rows[0].event_type).toBe('UserRegistered');
    expect(rows[rows.length - 1].event_type).toBe('UserErased');
    const left = await pool.query('select email, name, password_hash, erased_at from users where id = $1', [user.id]);
    expect(left.rows[0]).toMatchObject({ email: null, name: null, password_hash: null });
    expect(left.rows[0].erased_at).toBeInstanceOf(Date);
    expect((await pool.query('select count(*)::int as n from sessions where user_id = $1', [user.id])).rows[0].n).toBe(0);

    // Signed out, cannot sign in, and the email is free for a new account.
    expect((await user.session.get('/api/users/profile')).statusCode).toBe(401);
    expect((await new TestSession(app.inject).post('/api/auth/sign_in', { email: user.email, password: user.password })).statusCode).toBe(401);
    const again = await new TestSession(app.inject).post('/api/auth/sign_up', { name: 'Someone New', email: user.email, password: 'a fresh new passphrase' });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(user.id);
  });
});
