import { Client, Pool, PoolClient, QueryResultRow } from 'pg';
import { beginAfterCommitScope, discardAfterCommitScope } from '../event-store/commit-notifier';
import { guardNestedAcquire, HeldConnection, heldConnection } from './held-connection';

export { holdingConnection, NestedConnectionError, outsideHeldConnection } from './held-connection';

// In its own module so that the event store's commit notifier can name it without importing this one (a circle).
export type { Queryable } from './queryable';
import type { Queryable } from './queryable';

export interface PoolOptions {
  /**
   * false: queries that name a prepared statement run unnamed (parsed each time). PgBouncer in transaction
   * mode before 1.21 hands each transaction any server connection, where a statement this client prepared on
   * another one does not exist. Default: DATABASE_PREPARED_STATEMENTS (config.ts) is not "off".
   */
  preparedStatements?: boolean;
  /** ms to wait for a connection, and for a query's answer (a replica that hangs must not hold reads); none by default */
  connectionTimeoutMillis?: number;
  queryTimeoutMillis?: number;
  /** server-side limits for the pool's sessions (PostgreSQL's statement_timeout, idle_in_transaction_session_timeout); 0 or none: off */
  statementTimeoutMillis?: number;
  idleInTransactionTimeoutMillis?: number;
}

/** `-c name=value` startup options (a proxy such as PgBouncer may ignore them: docs/operations.md). */
function sessionOptions(options: PoolOptions): string | undefined {
  const settings = [
    options.statementTimeoutMillis ? `-c statement_timeout=${options.statementTimeoutMillis}` : '',
    options.idleInTransactionTimeoutMillis ? `-c idle_in_transaction_session_timeout=${options.idleInTransactionTimeoutMillis}` : '',
  ].filter(Boolean);
  return settings.length ? settings.join(' ') : undefined;
}

export function createPool(connectionString: string, max = 20, options: PoolOptions = {}): Pool {
  const pool = new Pool({
    connectionString,
    max,
    application_name: 'kioku',
    connectionTimeoutMillis: options.connectionTimeoutMillis,
    query_timeout: options.queryTimeoutMillis,
    options: sessionOptions(options),
  });
  const prepared = options.preparedStatements ?? process.env.DATABASE_PREPARED_STATEMENTS !== 'off';
  // An idle client that loses its connection (database restart) must not crash the process.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    // Same for a checked-out client whose backend dies between queries: the next query on it fails instead.
    client.on('error', () => undefined);
    if (!prepared) unnamedStatements(client);
  });
  guardNestedAcquire(pool);
  return pool;
}

/** Drops the statement name from every query config this client runs (see PoolOptions.preparedStatements). */
function unnamedStatements(client: PoolClient | Client): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
    if (config && typeof config === 'object' && 'name' in config && 'text' in config && !('submit' in config)) {
      const { name: _unnamed, ...unnamed } = config as Record<string, unknown>;
      return query(unnamed, ...rest);
    }
    return query(config, ...rest);
  };
}

/** Runs fn in one transaction; rolls back on any error and rethrows it. */
export async function withTransaction<T>(pool: Pool, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  const held: HeldConnection = { pool, released: false };
  let broken: Error | undefined;
  const committed = beginAfterCommitScope(client);
  try {
    await client.query('begin');
    const result = await heldConnection.run(held, () => fn(client));
    await client.query('commit');
    committed();
    return result;
  } catch (error) {
    discardAfterCommitScope(client);
    // A connection that cannot even roll back is dead (database restarted): discard it, don't pool it.
    await client.query('rollback').catch((e: Error) => (broken = e));
    throw error;
  } finally {
    held.released = true;
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
