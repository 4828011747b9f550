import { randomBytes } from 'node:crypto';
import { Client, Pool } from 'pg';
import { createPool, quoteIdent } from '../src/platform/database/database';

/**
 * A database of its own for one test file, cloned from the run's migrated template. Use it when a test
 * reads the global event log (projections, rebuilds) and must not see other files' events.
 */
export async function createIsolatedDatabase(): Promise<{ url: string; pool: Pool; drop: () => Promise<void> }> {
  const runId = process.env.KIOKU_TEST_RUN_ID!;
  const adminUrl = process.env.KIOKU_TEST_ADMIN_URL!;
  const name = `${runId}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // The template must have no other connections while it is copied; retry briefly if one is open.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${quoteIdent(name)} template ${quoteIdent(runId)}`);
        break;
      } catch (error) {
        if (attempt > 50 || !/being accessed by other users/.test((error as Error).message)) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = createPool(url.toString(), 20);
  return {
    url: url.toString(),
    pool,
    drop: async () => {
      await pool.end();
      const c = new Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${quoteIdent(name)} with (force)`).finally(() => c.end());
    },
  };
}
