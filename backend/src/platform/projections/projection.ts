import { Queryable } from '../database/database';
import { RecordedEvent } from '../event-store/event-store.types';

/** Maps a projection's logical table names to the physical tables a run writes (live or blue-green shadow). */
export type TableNames = Record<string, string>;

/**
 * An asynchronous read model. `apply` receives a whole batch and should write it set-based (one upsert
 * per table with unnest), never one statement per event: replays of millions of events depend on it.
 * It runs inside the transaction that also advances the checkpoint, so every event has exactly one effect.
 */
export interface Projection {
  readonly name: string;
  /** the event types this projection reads; others only advance its checkpoint */
  readonly eventTypes: readonly string[];
  /** the tables it owns (created by migrations); rebuilds truncate them or build shadow copies of them */
  readonly tables: readonly string[];
  /**
   * Written by its own context in the transaction of its events (read-your-writes), so the async runner skips
   * it; it is registered so that `projections:rebuild` can replay it.
   */
  readonly inline?: boolean;
  /**
   * For an inline projection whose writers may run while it is rebuilt: takes, in the rebuild's transaction, the lock
   * its writers hold (shared) from before they append their event until they commit. Held exclusively, no writer is
   * between its event and its commit, so replaying every committed event leaves nothing out, and writers that come
   * later wait, then write to the tables the rebuild leaves.
   */
  writeLock?(db: Queryable): Promise<void>;
  /**
   * Runs before the batch's transaction, on the pool, holding no connection: waits for what the batch needs (a
   * reactor waiting for the read models it reads); throws to have the batch retried later. Waiting inside apply
   * would hold the batch's connection meanwhile, and a second one asked for there can deadlock the pool.
   */
  beforeApply?(events: RecordedEvent[]): Promise<void>;
  apply(db: Queryable, events: RecordedEvent[], tables: TableNames): Promise<void>;
}

export function liveTables(projection: Projection): TableNames {
  return Object.fromEntries(projection.tables.map((t) => [t, t]));
}
