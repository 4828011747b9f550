// Issue 20: behind PgBouncer in transaction mode before 1.21 a statement prepared on one server connection is
// unknown on the next, so DATABASE_PREPARED_STATEMENTS=off runs named queries unnamed. Checked on PostgreSQL's
// own view of the session's prepared statements.
import { Pool } from 'pg';
import { createPool } from './database';

const preparedInSession = `select count(*)::int as n from pg_prepared_statements where name = 'prepared_statements_probe'`;

async function probe(pool: Pool): Promise<number> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ answer: number }>({ name: 'prepared_statements_probe', text: 'select $1::int as answer', values: [42] });
    expect(rows[0].answer).toBe(42);
    return (await client.query<{ n: number }>(preparedInSession)).rows[0].n;
  } finally {
    client.release();
  }
}

describe('createPool prepared statements', () => {
  const pools: Pool[] = [];
  afterAll(() => Promise.all(pools.map((p) => p.end())));
  const pool = (preparedStatements?: boolean) => {
    const p = createPool(process.env.DATABASE_URL!, 1, { preparedStatements });
    pools.push(p);
    return p;
  };

  it('prepares named queries by default', async () => {
    expect(await probe(pool())).toBe(1);
  });

  it('runs them unnamed, with the same answer, when prepared statements are off', async () => {
    const p = pool(false);
    expect(await probe(p)).toBe(0);
    // and again on the same connection: nothing was left behind to collide with
    expect(await probe(p)).toBe(0);
  });
});
