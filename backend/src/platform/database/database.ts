import { Pool, PoolClient, QueryResultRow } from 'pg';
import { beginAfterCommitScope, discardAfterCommitScope } from '../event-store/commit-notifier';

// In its own module so that the event store's commit notifier can name it without importing this one (a circle).
export type { Queryable } from './queryable';
import type { Queryable } from './queryable';

export function createPool(connectionString: string, max = 20): Pool {
  const pool = new Pool({ connectionString, max, application_name: 'kioku' });
  // An idle client that loses its connection (database restart) must not crash the process.
  pool.on('error', () => undefined);
  // Same for a checked-out client whose backend dies between queries: the next query on it fails instead.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** Runs fn in one transaction; rolls back on any error and rethrows it. */
export async function withTransaction<T>(pool: Pool, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const committed = beginAfterCommitScope(client);
  try {
    await client.query('begin');
    const result = await fn(client);
    await client.query('commit');
    committed();
    return result;
  } catch (error) {
    discardAfterCommitScope(client);
    // A connection that cannot even roll back is dead (database restarted): discard it, don't pool it.
    await client.query('rollback').catch((e: Error) => (broken = e));
    throw error;
  } finally {
    client.release(broken);
  }
}

export async function queryRows<T extends QueryResultRow>(db: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
  const result = await db.query<T>(sql, params);
  return result.rows;
}

/** postgres://user@host/db → { adminUrl: same server, database postgres; name: db } */
export function splitDatabaseUrl(url: string): { adminUrl: string; name: string } {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'postgres';
  parsed.pathname = '/postgres';
  return { adminUrl: parsed.toString(), name };
}

export function quoteIdent(name: string): string {
  return '"' + name.replace(/"/g, '""') + '"';
}
