import { Pool, PoolClient } from 'pg';
import { Queryable, quoteIdent, withTransaction } from '../database/database';
import { Checkpoint, RecordedEvent, START, VISIBLE_EVENTS } from '../event-store/event-store.types';
import { Projection, TableNames, liveTables } from './projection';
import { nextAdvance } from './projection-progress';
import { ensureCheckpoints, readBatch, relevant } from './projection-runner';

export interface ProjectionStatus {
  name: string;
  version: number;
  status: string;
  lastPosition: number;
  owner: string | null;
  leaseUntil: Date | null;
  /**
   * events committed after the checkpoint and not applied yet (0 = caught up). Every committed event counts, also
   * those a reader may not take yet (above an open transaction of this database): a frozen projection shows its lag.
   */
  lag: number;
}

export async function projectionStatuses(db: Queryable, projections: Projection[]): Promise<ProjectionStatus[]> {
  if (!projections.length) return [];
  const { rows } = await db.query(
    `select c.name, c.version, c.status, c.last_position, c.owner_id, c.lease_until,
            (select count(*) from (select 1 from events e
               where (e.transaction_id, e.global_position) > (c.last_tx, c.last_position) limit 1000000) t) as lag
       from projection_checkpoints c where c.name = any($1::text[]) order by c.name`,
    [projections.map((p) => p.name)],
  );
  const byName = new Map(rows.map((r) => [r.name, r]));
  return projections.map((p) => {
    const r = byName.get(p.name);
    return {
      name: p.name,
      version: r?.version ?? 1,
      // An inline projection is written with its events: it has no lag (its checkpoint only moves on rebuilds).
      status: p.inline && r?.status !== 'rebuilding' ? 'inline' : (r?.status ?? 'not started'),
      lastPosition: Number(r?.last_position ?? 0),
      owner: r?.owner_id ?? null,
      leaseUntil: r?.lease_until ?? null,
      lag: p.inline ? 0 : Number(r?.lag ?? 0),
    };
  });
}

/** What keeps readers of the log from the newest events (migration 045), for health and projections:status. */
export interface LogVisibility {
  /** committed events that no reader may take yet: they lie above a transaction of this database still open */
  heldBack: number;
  /** the oldest transaction of this database holding a transaction id, or null when there is none */
  oldestOpenTransaction: { pid: number; ageSeconds: number; state: string | null; applicationName: string | null } | null;
}

export async function logVisibility(db: Queryable): Promise<LogVisibility> {
  const { rows } = await db.query(
    `select (select count(*) from (select 1 from events where transaction_id >= (select events_visible_below()) limit 1000000) t) as held_back,
            o.pid, o.age_seconds, o.state, o.application_name
       from (select 1) one left join events_oldest_open_writer() o on true`,
  );
  const r = rows[0];
  return {
    heldBack: Number(r.held_back),
    oldestOpenTransaction: r.pid === null ? null : { pid: r.pid, ageSeconds: Math.round(r.age_seconds * 10) / 10, state: r.state, applicationName: r.application_name },
  };
}

/**
 * Waits until a projection has applied everything up to `target` (read-your-writes for a response that
 * needs a read model). Resolves false when the timeout passes first; callers answer with what they have.
 */
export async function waitForProjection(db: Queryable, name: string, target: Checkpoint, timeoutMs = 2_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 5; ; delay = Math.min(delay * 2, 50)) {
    const { rows } = await db.query({
      name: 'projection_reached',
      text: `select 1 from projection_checkpoints where name = $1 and (last_tx, last_position) >= ($2::xid8, $3::bigint)`,
      values: [name, target.tx, target.position],
    });
    if (rows.length) return true;
    if (Date.now() + delay > deadline) return false;
    // A runner in this process wakes the wait when it commits a batch; one in another process is polled for.
    await nextAdvance(name, delay);
  }
}

/**
 * Read-your-writes for a read model, across processes and with no cookie: waits until the projection has applied
 * the actor's newest event (events_actor index), at most `timeoutMs`. 'current' when it already had, 'waited' when
 * it got there meanwhile (a replica may not have replayed the projection's batch yet: read the primary), 'late'
 * when the timeout passed first (answer with what there is).
 */
export async function waitForActorWrites(db: Queryable, name: string, actorId: string, timeoutMs: number): Promise<'current' | 'waited' | 'late'> {
  const { rows } = await db.query<{ tx: string; position: string; reached: boolean }>({
    name: 'projection_reached_actor',
    text: `select e.transaction_id::text as tx, e.global_position as position,
                  exists (select 1 from projection_checkpoints c where c.name = $2 and (c.last_tx, c.last_position) >= (e.transaction_id, e.global_position)) as reached
             from (select transaction_id, global_position from events where actor_id = $1 order by recorded_at desc limit 1) e`,
    values: [actorId, name],
  });
  if (!rows.length || rows[0].reached) return 'current';
  return (await waitForProjection(db, name, { tx: rows[0].tx, position: Number(rows[0].position) }, timeoutMs)) ? 'waited' : 'late';
}

export interface RebuildProgress {
  applied: number;
  total: number;
  eventsPerSecond: number;
  etaSeconds: number;
}

export interface RebuildOptions {
  blueGreen?: boolean;
  batchSize?: number;
  onProgress?: (p: RebuildProgress) => void;
  /** who holds the projection during a plain rebuild (runners skip it meanwhile) */
  ownerId?: string;
  /** the plain rebuild's lease, renewed with every batch: a killed rebuild is taken over this long after (PROJECTION_LEASE_SECONDS) */
  leaseMs?: number;
}

async function countEvents(db: Queryable, after: Checkpoint): Promise<number> {
  const { rows } = await db.query(
    `select count(*)::bigint as n from events where (transaction_id, global_position) > ($1::xid8, $2::bigint)`,
    [after.tx, after.position],
  );
  return Number(rows[0].n);
}

/**
 * Replays events into `tables` from `from` until the commit-visible head, in keyset batches: each batch is
 * its own short query and transaction (a long-open cursor snapshot slows the upserts badly).
 */
/** Batches read at once during a replay, besides the one being applied (3: 122,000 events/s and 230 MB peak RSS at 1,000,000 events; 2: 114,000 and 180 MB). */
const REPLAY_READS_AHEAD = 3;

async function replay(
  pool: Pool,
  projection: Projection,
  tables: TableNames,
  from: Checkpoint,
  options: RebuildOptions,
  total: number,
  commitBatch: (client: PoolClient, last: Checkpoint, previous: Checkpoint) => Promise<void>,
): Promise<Checkpoint> {
  const batchSize = options.batchSize ?? 10_000;
  const started = Date.now();
  let applied = 0;
  let cursor = from;
  const reads = new RangeReads(pool, projection, from, batchSize);
  for (;;) {
    const batch = await reads.next();
    if (!batch.length) break;
    const last = batch[batch.length - 1];
    const next = { tx: last.transactionId, position: last.globalPosition };
    await withTransaction(pool, async (client) => {
      const toApply = relevant(projection, batch);
      if (toApply.length) await projection.apply(client, toApply, tables);
      await commitBatch(client, next, cursor);
    });
    cursor = next;
    applied += batch.length;
    if (options.onProgress) {
      const seconds = Math.max((Date.now() - started) / 1000, 0.001);
      const rate = applied / seconds;
      const left = Math.max(total - applied, 0);
      options.onProgress({ applied, total: Math.max(total, applied), eventsPerSecond: rate, etaSeconds: left / rate });
    }
  }
  return cursor;
}

/**
 * The replay's batches in order, read ahead in parallel: building a batch's JSON in PostgreSQL is the slowest
 * part of a replay, and with the end of each range known, several ranges are read at once (on their own
 * connections) while the current batch is applied. A range's end is the batchSize-th event after its start,
 * found by a short index-only scan. Ranges below the oldest running transaction never change (events become
 * visible only above it), so a range read later holds exactly the events it held when its end was found.
 * The last range, open-ended, may find events committed meanwhile; a full one means there may be more.
 */
class RangeReads {
  private readonly pending: Promise<RecordedEvent[]>[] = [];
  private start: Checkpoint;
  private open = true;

  constructor(
    private readonly pool: Pool,
    private readonly projection: Projection,
    from: Checkpoint,
    private readonly batchSize: number,
  ) {
    this.start = from;
  }

  async next(): Promise<RecordedEvent[]> {
    await this.fill();
    const read = this.pending.shift();
    if (!read) return [];
    const batch = await read;
    // The open-ended last range came back full: more events may follow it.
    if (!this.open && this.pending.length === 0 && batch.length === this.batchSize) {
      this.open = true;
      const last = batch[batch.length - 1];
      this.start = { tx: last.transactionId, position: last.globalPosition };
    }
    await this.fill();
    return batch;
  }

  private async fill(): Promise<void> {
    while (this.open && this.pending.length < REPLAY_READS_AHEAD) {
      const end = await this.rangeEnd(this.start);
      const read = readBatch(this.pool, this.projection, this.start, this.batchSize, end ?? undefined);
      read.catch(() => undefined); // awaited in order by next(); a failure elsewhere must not leave it unhandled
      this.pending.push(read);
      if (end) this.start = end;
      else this.open = false;
    }
  }

  /** The batchSize-th commit-visible event after `from`, or null when fewer follow it. */
  private async rangeEnd(from: Checkpoint): Promise<Checkpoint | null> {
    const { rows } = await this.pool.query<{ tx: string; position: string }>(
      `select transaction_id::text as tx, global_position as position from events
        where (transaction_id, global_position) > ($1::xid8, $2::bigint)
          and ${VISIBLE_EVENTS}
        order by transaction_id, global_position
        offset $3 - 1 limit 1`,
      [from.tx, from.position, this.batchSize],
    );
    return rows.length ? { tx: rows[0].tx, position: Number(rows[0].position) } : null;
  }
}

/**
 * Rebuilds a projection from the first event.
 * Plain, asynchronous projection: takes the projection's lease (status `rebuilding`), truncates its tables and
 * replays (readers see it fill up again), renewing the lease with every batch. A rebuild killed half-way leaves
 * the lease to expire: a runner then takes the projection over and goes on from the rebuild's last batch, as it
 * would from any checkpoint (issue 28: it used to stay `rebuilding`, half-built, for good).
 * Plain, inline projection (catalogue, card_states): one transaction under the writers' lock (rebuildLocked), so
 * a killed rebuild rolls back and leaves the live tables as they were.
 * Blue-green: replays into shadow tables `<table>_v<N+1>` while the live ones keep serving and the live
 * runner keeps applying, then in one transaction catches up the last events, swaps the tables by rename
 * and moves the checkpoint, so readers switch from the old complete table to the new complete one. Killed
 * before the switch, it never touched the live tables (the next one drops the shadow tables it left).
 */
export async function rebuildProjection(pool: Pool, projection: Projection, options: RebuildOptions = {}): Promise<void> {
  if (projection.inline && !projection.writeLock) {
    // Without its writers' lock a replay cannot know it saw every committed event, and nothing catches an
    // inline projection up afterwards.
    throw new Error(`The inline projection ${projection.name} has no writeLock: it cannot be rebuilt safely`);
  }
  await ensureCheckpoints(pool, [projection]);
  if (options.blueGreen) return rebuildBlueGreen(pool, projection, options);
  if (projection.writeLock) return rebuildLocked(pool, projection, options);
  const owner = options.ownerId ?? `rebuild-${process.pid}`;
  const leaseMs = options.leaseMs ?? 15_000;
  const total = await countEvents(pool, START);
  await withTransaction(pool, async (client) => {
    await client.query('select 1 from projection_checkpoints where name = $1 for update', [projection.name]);
    for (const table of projection.tables) await client.query(`truncate ${quoteIdent(table)}`);
    await client.query(
      `update projection_checkpoints set status = 'rebuilding', owner_id = $2, lease_until = now() + make_interval(secs => $3::float8 / 1000),
              last_tx = '0', last_position = 0, updated_at = now() where name = $1`,
      [projection.name, owner, leaseMs],
    );
  });
  let done = START;
  try {
    done = await replay(pool, projection, liveTables(projection), START, options, total, async (client, last, previous) => {
      // Fenced like a runner's batch: a runner that took an expired lease (this process stalled) owns it now.
      const moved = await client.query(
        `update projection_checkpoints set last_tx = $2::xid8, last_position = $3, lease_until = now() + make_interval(secs => $5::float8 / 1000), updated_at = now()
          where name = $1 and owner_id = $4 and last_tx = $6::xid8 and last_position = $7`,
        [projection.name, last.tx, last.position, owner, leaseMs, previous.tx, previous.position],
      );
      if (moved.rowCount !== 1) throw new Error(`The rebuild of ${projection.name} lost its lease: a runner took it over and goes on from the last batch`);
    });
  } finally {
    await pool.query(
      `update projection_checkpoints set status = 'running', owner_id = null, lease_until = null, updated_at = now()
        where name = $1 and owner_id = $2 and last_tx = $3::xid8 and last_position = $4`,
      [projection.name, owner, done.tx, done.position],
    );
  }
}

/**
 * The plain rebuild of a projection whose writers run with the app (card_states): one transaction that holds its
 * write lock, truncates and replays every committed event. Readers wait for it (the truncate's lock) instead of
 * reading a half-built table, and writers wait too, so no answer is decided from a table being rebuilt. Blue-green
 * is the way to rebuild it without that pause.
 */
async function rebuildLocked(pool: Pool, projection: Projection, options: RebuildOptions): Promise<void> {
  const batchSize = options.batchSize ?? 10_000;
  const started = Date.now();
  const total = await countEvents(pool, START);
  await withTransaction(pool, async (client) => {
    await projection.writeLock!(client);
    await client.query('select 1 from projection_checkpoints where name = $1 for update', [projection.name]);
    for (const table of projection.tables) await client.query(`truncate ${quoteIdent(table)}`);
    let cursor = START;
    let applied = 0;
    for (;;) {
      const batch = await readBatch(client, projection, cursor, batchSize, undefined, true);
      if (!batch.length) break;
      const toApply = relevant(projection, batch);
      if (toApply.length) await projection.apply(client, toApply, liveTables(projection));
      const last = batch[batch.length - 1];
      cursor = { tx: last.transactionId, position: last.globalPosition };
      applied += batch.length;
      if (options.onProgress) {
        const rate = applied / Math.max((Date.now() - started) / 1000, 0.001);
        options.onProgress({ applied, total: Math.max(total, applied), eventsPerSecond: rate, etaSeconds: Math.max(total - applied, 0) / rate });
      }
    }
    await client.query(`update projection_checkpoints set last_tx = $2::xid8, last_position = $3, updated_at = now() where name = $1`, [
      projection.name,
      cursor.tx,
      cursor.position,
    ]);
  });
}

async function rebuildBlueGreen(pool: Pool, projection: Projection, options: RebuildOptions): Promise<void> {
  const { rows } = await pool.query('select version from projection_checkpoints where name = $1', [projection.name]);
  const next = Number(rows[0].version) + 1;
  const shadow: TableNames = Object.fromEntries(projection.tables.map((t) => [t, `${t}_v${next}`]));
  for (const table of projection.tables) {
    await pool.query(`drop table if exists ${quoteIdent(shadow[table])}`);
    await pool.query(`create table ${quoteIdent(shadow[table])} (like ${quoteIdent(table)} including all)`);
  }
  const total = await countEvents(pool, START);
  // Catch up outside any lock while the app serves from the live tables.
  let cursor = await replay(pool, projection, shadow, START, options, total, async () => undefined);
  for (let round = 0; round < 3; round++) {
    cursor = await replay(pool, projection, shadow, cursor, { ...options, onProgress: undefined }, 0, async () => undefined);
  }
  // The switch. First the live tables in share mode: readers go on, the live runner's batch in flight
  // finishes and its next one waits. A runner locks the tables (its apply) before the checkpoint row (its
  // fenced move), so the switch takes them in that order too: the other way round, a runner holding a table
  // and waiting for the row would deadlock with a switch holding the row and waiting for the table. Then the
  // checkpoint row, the tail of the log into the shadow tables, the swap. A runner batch that waited applies
  // to the new tables, and its fenced checkpoint move finds the checkpoint moved, so it is rolled back.
  await withTransaction(pool, async (client) => {
    // Writers of an inline projection first: once its write lock is held none is between its event and its commit,
    // so the tail read below (every committed event) holds all of them, and later writers wait for the new tables.
    if (projection.writeLock) await projection.writeLock(client);
    for (const table of projection.tables) await client.query(`lock table ${quoteIdent(table)} in share mode`);
    await client.query('select 1 from projection_checkpoints where name = $1 for update', [projection.name]);
    for (;;) {
      const batch = await readBatch(client, projection, cursor, options.batchSize ?? 10_000, undefined, Boolean(projection.writeLock));
      if (!batch.length) break;
      const toApply = relevant(projection, batch);
      if (toApply.length) await projection.apply(client, toApply, shadow);
      const last = batch[batch.length - 1];
      cursor = { tx: last.transactionId, position: last.globalPosition };
    }
    for (const table of projection.tables) {
      await client.query(`alter table ${quoteIdent(table)} rename to ${quoteIdent(retired(table, next))}`);
      await client.query(`alter table ${quoteIdent(shadow[table])} rename to ${quoteIdent(table)}`);
    }
    await client.query(
      `update projection_checkpoints set version = $2, last_tx = $3::xid8, last_position = $4, updated_at = now() where name = $1`,
      [projection.name, next, cursor.tx, cursor.position],
    );
  });
  // Dropped after the switch, not in it: a reader already waiting on the old table when the switch
  // commits still holds its id and finishes from it, instead of failing on a vanished relation.
  for (const table of projection.tables) await pool.query(`drop table if exists ${quoteIdent(retired(table, next))}`);
}

function retired(table: string, nextVersion: number): string {
  return `${table}_retired_v${nextVersion - 1}`;
}
