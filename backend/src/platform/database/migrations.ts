import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { quoteIdent, splitDatabaseUrl } from './database';
import { applyLiveFunctions, FUNCTIONS_DIR } from './live-functions';

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

export interface MigrateOptions {
  /**
   * Stop after this numbered migration and apply no live function: the database as a release whose last migration
   * is this one left it (tests of upgrades).
   */
  through?: string;
  /** the live function files (FUNCTIONS_DIR unless a test gives its own) */
  functionsDir?: string;
}

/** The advisory lock every migration transaction holds (transaction-level, so PgBouncer-safe). */
const MIGRATIONS_LOCK = 4242;

/**
 * Applies the numbered SQL files in migrations/ that have not run yet, each in its own transaction, then the live
 * function files that changed (live-functions.ts) in one more. A transaction-level advisory lock, taken first in each
 * of them, keeps two processes that start together from racing.
 */
export async function migrate(url: string, log: (line: string) => void = () => undefined, options: MigrateOptions = {}): Promise<string[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  const applied: string[] = [];
  try {
    // Under the lock too: two concurrent "create table if not exists" of one new table can fail on pg_type.
    await inLockedTransaction(client, 'schema_migrations', () =>
      client.query('create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())'),
    );
    const known = readdirSync(MIGRATIONS_DIR).filter((f) => /^\d+_.*\.sql$/.test(f)).sort();
    const files = options.through === undefined ? known : known.filter((f) => f <= options.through!);
    for (const file of files) {
      await inLockedTransaction(client, `Migration ${file}`, async () => {
        const done = await client.query('select 1 from schema_migrations where name = $1', [file]);
        if (done.rowCount === 0) {
          await client.query(readFileSync(join(MIGRATIONS_DIR, file), 'utf8'));
          await client.query('insert into schema_migrations (name) values ($1)', [file]);
          applied.push(file);
          log(`migrated ${file}`);
        }
      });
    }
    if (options.through === undefined) {
      const dir = options.functionsDir ?? FUNCTIONS_DIR;
      applied.push(...(await inLockedTransaction(client, 'Live functions', () => applyLiveFunctions(client, known, dir, log))));
    }
  } finally {
    await client.end();
  }
  return applied;
}

async function inLockedTransaction<T>(client: Client, what: string, work: () => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATIONS_LOCK]);
    const result = await work();
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    const message = (error as Error).message;
    throw new Error(message.startsWith('Live function') ? message : `${what} failed: ${message}`);
  }
}
