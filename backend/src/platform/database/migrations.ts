import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { quoteIdent, splitDatabaseUrl } from './database';

export const MIGRATIONS_DIR = join(__dirname, '..', '..', '..', 'migrations');

/** Creates the database named in the URL when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const { adminUrl, name } = splitDatabaseUrl(url);
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await admin.query(`create database ${quoteIdent(name)}`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created meanwhile by another process
      });
    }
  } finally {
    await admin.end();
  }
}

/**
 * Applies the numbered SQL files in migrations/ that have not run yet, each in its own transaction.
 * A transaction-level advisory lock keeps two processes that start together from racing.
 */
export async function migrate(url: string, log: (line: string) => void = () => undefined): Promise<string[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())');
    const files = readdirSync(MIGRATIONS_DIR).filter((f) => /^\d+_.*\.sql$/.test(f)).sort();
    for (const file of files) {
      await client.query('begin');
      try {
        await client.query('select pg_advisory_xact_lock(4242)');
        const done = await client.query('select 1 from schema_migrations where name = $1', [file]);
        if (done.rowCount === 0) {
          await client.query(readFileSync(join(MIGRATIONS_DIR, file), 'utf8'));
          await client.query('insert into schema_migrations (name) values ($1)', [file]);
          applied.push(file);
          log(`migrated ${file}`);
        }
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`);
      }
    }
  } finally {
    await client.end();
  }
  return applied;
}
