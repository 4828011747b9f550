import { Client } from 'pg';
import { migrate } from '../src/platform/database/migrations';
import { quoteIdent, splitDatabaseUrl } from '../src/platform/database/database';

/**
 * One throwaway database per test run, named after the run, migrated once. Test files that need a clean
 * event log clone it (CREATE DATABASE … TEMPLATE, fast) through test/test-db.ts. Teardown drops them all.
 */
export default async function globalSetup(): Promise<void> {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kioku';
  const runId = `kioku_test_${Date.now().toString(36)}_${process.pid}`;
  const { adminUrl } = splitDatabaseUrl(base);
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Leftovers of runs that were killed before their teardown.
    const stale = await admin.query(`select datname from pg_database where datname like 'kioku_test_%' and datname not like $1`, [`${runId}%`]);
    for (const row of stale.rows) {
      const createdMs = parseInt(String(row.datname).split('_')[2], 36);
      if (Number.isFinite(createdMs) && Date.now() - createdMs > 6 * 3600_000) {
        await admin.query(`drop database if exists ${quoteIdent(row.datname)} with (force)`).catch(() => undefined);
      }
    }
    await admin.query(`create database ${quoteIdent(runId)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${runId}`;
  await migrate(url.toString());
  process.env.KIOKU_TEST_RUN_ID = runId;
  process.env.KIOKU_TEST_ADMIN_URL = adminUrl;
  process.env.DATABASE_URL = url.toString();
}
