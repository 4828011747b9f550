import { AsyncLocalStorage } from 'node:async_hooks';
import type { Pool } from 'pg';

// In a module of its own so that the event store's commit notifier can use it without importing database.ts (a circle).

/**
 * The connection a withTransaction callback holds. A request that asks its pool for a second connection while it
 * holds one can deadlock the pool: with N connections, N such requests each hold one and wait for another that
 * never frees (issue 28: 8 sign-ups on a pool of 4 hung the app). Pass the transaction's client instead.
 */
export interface HeldConnection {
  pool: Pool;
  released: boolean;
}
export const heldConnection = new AsyncLocalStorage<HeldConnection>();

export class NestedConnectionError extends Error {
  constructor() {
    super('A second connection was asked of the pool while this request holds one (pass the transaction\'s client instead)');
  }
}

/**
 * Tests (KIOKU_POOL_NESTING=error, test/setup-env.ts) fail on a nested acquire, so every such path is found by the
 * suite; in production it is reported once as a process warning and allowed (the acquire timeout still bounds it).
 */
export function guardNestedAcquire(pool: Pool): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  let warned = false;
  (pool as { connect: unknown }).connect = (...args: unknown[]) => {
    const held = heldConnection.getStore();
    if (held && !held.released && held.pool === pool) {
      const error = new NestedConnectionError();
      if (process.env.KIOKU_POOL_NESTING === 'error') {
        const callback = args[0];
        if (typeof callback === 'function') {
          process.nextTick(() => (callback as (e: Error) => void)(error));
          return undefined;
        }
        return Promise.reject(error);
      }
      if (!warned) {
        warned = true;
        process.emitWarning(error.message + '\n' + (error.stack ?? ''), 'KiokuNestedConnection');
      }
    }
    return connect(...args);
  };
}

/**
 * Runs fn as the holder of `client`, a connection checked out of `pool` by the caller: a second connection asked of
 * the same pool meanwhile is a nested acquire (see heldConnection). withTransaction does this for its callback.
 */
export async function holdingConnection<T>(pool: Pool, fn: () => Promise<T>): Promise<T> {
  const held: HeldConnection = { pool, released: false };
  try {
    return await heldConnection.run(held, fn);
  } finally {
    held.released = true;
  }
}

/**
 * Runs fn (something that starts work of its own, such as a timer) outside any held connection: work that merely
 * starts while a transaction runs, and runs after it, is not that transaction's nested acquire.
 */
export function outsideHeldConnection<T>(fn: () => T): T {
  return heldConnection.exit(fn);
}
