import { Client } from 'pg';
import { quoteIdent } from '../src/platform/database/database';

export default async function globalTeardown(): Promise<void> {
  const runId = process.env.KIOKU_TEST_RUN_ID;
  const adminUrl = process.env.KIOKU_TEST_ADMIN_URL;
  if (!runId || !adminUrl) return;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query(`select datname from pg_database where datname like $1 order by datname desc`, [`${runId}%`]);
    for (const row of rows) await admin.query(`drop database if exists ${quoteIdent(row.datname)} with (force)`);
  } finally {
    await admin.end();
  }
}
