import { randomUUID } from 'node:crypto';
import { Client, ClientConfig, Pool } from 'pg';
import { holdingConnection, Queryable } from '../database/database';
import { EVENTS_CHANNEL } from '../event-store/event-store';
import { currentSchemaVersion, upcast } from '../event-store/event-registry';
import { Checkpoint, EventMetadata, RecordedEvent, VISIBLE_EVENTS } from '../event-store/event-store.types';
import { Projection, TableNames, liveTables } from './projection';
import { projectionAdvanced } from './projection-progress';

export interface RunnerOptions {
  ownerId?: string;
  leaseMs?: number;
  pollMs?: number;
  batchSize?: number;
  /**
   * After a batch smaller than batchSize, wait this long before the next one: under a steady stream of commits
   * a projection then applies fewer, larger batches (each batch costs about six round trips and two commits,
   * which at 300 grades/s were a third of the database's round trips). Read models lag by at most this more.
   */
  lingerMs?: number;
  /** where the NOTIFY listener connects; without it the runner only polls */
  listenUrl?: string;
  onError?: (projection: string, error: unknown) => void;
}

/** How long stop() waits for a batch in flight before it hands the leases back anyway. */
const STOP_WAIT_MS = 1_000;

interface ClaimedCheckpoint extends Checkpoint {
  version: number;
}

/**
 * Reads one batch after `from`; data is only fetched for the event types the projection reads. The batch
 * comes back as one JSON array (json_agg) instead of 10,000 protocol rows: parsing one JSON document in
 * node is about 3× faster than node-postgres's per-row parsing, which dominated replay time.
 */
export async function readBatch(db: Queryable, projection: Projection, from: Checkpoint, limit: number, to?: Checkpoint, everyCommitted = false): Promise<RecordedEvent[]> {
  // `to` (inclusive) bounds a range whose end is known (replays read several ranges at once). `everyCommitted`:
  // every event committed before this statement, also above a transaction still open (only for a reader that
  // holds its projection's write lock, so that no event of its own can still appear below what it read).
  const visible = everyCommitted ? '' : `and ${VISIBLE_EVENTS}`;
  const { rows } = await db.query<{ batch: BatchRow[] }>(
    `select coalesce(json_agg(json_build_array(global_position, transaction_id::text, stream_id, stream_version, event_id,
              event_type, schema_version, case when event_type = any($4::text[]) then data end,
              case when event_type = any($4::text[]) then metadata end, actor_id, recorded_at)
              order by transaction_id, global_position), '[]'::json) as batch
       from (select * from events
              where (transaction_id, global_position) > ($1::xid8, $2::bigint)
                and ($5::xid8 is null or (transaction_id, global_position) <= ($5::xid8, $6::bigint))
                ${visible}
              order by transaction_id, global_position
              limit $3) e`,
    [from.tx, from.position, limit, projection.eventTypes, to?.tx ?? null, to?.position ?? null],
  );
  return rows[0].batch.map((r) => {
    const type = r[5];
    return {
      globalPosition: r[0],
      transactionId: r[1],
      streamId: r[2],
      streamVersion: r[3],
      eventId: r[4],
      type,
      schemaVersion: currentSchemaVersion(type),
      data: r[7] === null ? null : upcast(type, r[6], r[7]),
      metadata: r[8] ?? {},
      actorId: r[9],
      recordedAt: new Date(r[10]),
    };
  });
}

type BatchRow = [number, string, string, number, string, string, number, unknown, EventMetadata | null, string | null, string];

export function relevant(projection: Projection, events: RecordedEvent[]): RecordedEvent[] {
  const types = new Set(projection.eventTypes);
  return events.filter((e) => types.has(e.type));
}

/**
 * Runs asynchronous projections. Leadership is a lease in the checkpoint row: a runner claims a projection
 * when the lease is free or expired and renews it with every batch and idle tick, so with several API and
 * worker processes each projection is applied by one of them. The checkpoint update is fenced on the owner
 * and the previous position: a runner that lost its lease (paused, partitioned) rolls its batch back.
 */
export class ProjectionRunner {
  readonly ownerId: string;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly lingerMs: number;
  private readonly projections: Projection[];
  private running = false;
  private loops: Promise<void>[] = [];
  private wakers = new Set<() => void>();
  /** counts NOTIFYs, so a loop that was busy when one arrived does not go to sleep on it */
  private notifications = 0;
  private listener?: Client;

  constructor(
    private readonly pool: Pool,
    projections: Projection[],
    private readonly options: RunnerOptions = {},
  ) {
    // Inline projections are applied by the writers themselves: running them here too would apply twice.
    this.projections = projections.filter((p) => !p.inline);
    this.ownerId = options.ownerId ?? `runner-${process.pid}-${randomUUID().slice(0, 8)}`;
    this.leaseMs = options.leaseMs ?? 15_000;
    this.pollMs = options.pollMs ?? 1_000;
    this.batchSize = options.batchSize ?? 1_000;
    this.lingerMs = options.lingerMs ?? 20;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await ensureCheckpoints(this.pool, this.projections);
    await this.listen();
    this.loops = this.projections.map((p) => this.loop(p));
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wakeAll();
    // A batch in flight may wait for a pool that requests stuck on the database have exhausted (a shutdown under
    // load, issue 28): wait for it a little, not for ever. A batch still running when the leases go back fails its
    // fenced checkpoint move and rolls back, so handing them back early is safe.
    const loops = Promise.all(this.loops);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([loops, new Promise((r) => (timer = setTimeout(r, STOP_WAIT_MS)))]).finally(() => clearTimeout(timer));
    this.loops = [];
    // Hand the leases back so another process takes over at once instead of after expiry.
    await this.releaseLeases();
    if (this.listener) {
      const l = this.listener;
      this.listener = undefined;
      await l.end().catch(() => undefined);
    }
  }

  /**
   * On a connection that does not wait for the pool: the LISTEN connection when there is one, else one of its own.
   */
  private async releaseLeases(): Promise<void> {
    const sql = `update projection_checkpoints set owner_id = null, lease_until = null where owner_id = $1`;
    if (this.listener) {
      if (await this.listener.query(sql, [this.ownerId]).then(() => true, () => false)) return;
    }
    const own = new Client({ ...(this.pool as unknown as { options: ClientConfig }).options, connectionTimeoutMillis: 2_000, application_name: 'kioku-runner-stop' });
    own.on('error', () => undefined);
    try {
      await own.connect();
      await own.query(sql, [this.ownerId]);
    } catch {
      // Unreachable database: the leases expire by themselves after leaseMs.
    } finally {
      await own.end().catch(() => undefined);
    }
  }

  /**
   * Applies at most one batch, claiming (or renewing) the lease first unless this runner holds it with half of it
   * left. Returns the events read, or -1 without the lease.
   */
  async step(projection: Projection): Promise<number> {
    const claimed = this.heldCheckpoint(projection.name) ?? (await this.claim(projection.name));
    if (!claimed) return -1;
    const batch = await readBatch(this.pool, projection, claimed, this.batchSize);
    if (batch.length === 0) return 0;
    const last = batch[batch.length - 1];
    const toApply = relevant(projection, batch);
    if (toApply.length && projection.beforeApply) await projection.beforeApply(toApply);
    const sentAt = Date.now();
    let moved: boolean;
    try {
      // A batch with nothing for this projection only moves its checkpoint: one statement, no transaction.
      moved = toApply.length ? await this.applyAndMove(projection, toApply, claimed, last) : await this.moveCheckpoint(this.pool, projection, claimed, last);
    } catch (error) {
      // The commit's outcome is unknown: claim again (which reads the checkpoint) before the next batch.
      this.held.delete(projection.name);
      throw error;
    }
    if (!moved) {
      this.held.delete(projection.name);
      return -1;
    }
    this.hold(projection.name, { tx: last.transactionId, position: last.globalPosition, version: claimed.version }, sentAt);
    projectionAdvanced(projection.name);
    return batch.length;
  }

  /** Applies the events and moves the checkpoint in one transaction; false (rolled back) when the fence fails. */
  private async applyAndMove(projection: Projection, events: RecordedEvent[], from: Checkpoint, to: RecordedEvent): Promise<boolean> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('begin');
      await holdingConnection(this.pool, () => projection.apply(client, events, liveTables(projection)));
      if (!(await this.moveCheckpoint(client, projection, from, to))) {
        await client.query('rollback');
        return false;
      }
      await client.query('commit');
      return true;
    } catch (error) {
      await client.query('rollback').catch((e: Error) => (broken = e));
      throw error;
    } finally {
      // A connection that could not even roll back is dead (killed backend, restart): discard it.
      client.release(broken);
    }
  }

  /**
   * Moves the checkpoint from `from` to `to` and renews the lease, fenced on the owner and the previous position:
   * false when another runner or a rebuild took the projection meanwhile.
   */
  private async moveCheckpoint(db: Queryable, projection: Projection, from: Checkpoint, to: RecordedEvent): Promise<boolean> {
    const moved = await db.query({
      name: 'projection_move_checkpoint',
      text: `update projection_checkpoints
                set last_tx = $3::xid8, last_position = $4, lease_until = now() + make_interval(secs => $5::float8 / 1000), updated_at = now()
              where name = $1 and owner_id = $2 and last_tx = $6::xid8 and last_position = $7`,
      values: [projection.name, this.ownerId, to.transactionId, to.globalPosition, this.leaseMs, from.tx, from.position],
    });
    return moved.rowCount === 1;
  }

  private readonly ensured = new Set<string>();

  /**
   * Checkpoints this runner holds the lease of, as it last wrote them, and when to renew the lease. Every batch's
   * checkpoint update renews the lease too, so a busy runner need not claim before each batch (a write and a
   * commit per batch and projection: at 300 grades/s, a sixth of the database's round trips). Correctness does
   * not rest on this estimate: the checkpoint update is fenced on the owner and the previous position, so a
   * runner whose lease was taken (or whose projection a rebuild took over) rolls back, forgets it, and claims.
   */
  private readonly held = new Map<string, { checkpoint: ClaimedCheckpoint; renewBy: number }>();

  private heldCheckpoint(name: string): ClaimedCheckpoint | null {
    const held = this.held.get(name);
    return held && Date.now() < held.renewBy ? held.checkpoint : null;
  }

  /** `sentAt`: when the statement that set the lease was sent (the database's now() is later): half the lease of margin. */
  private hold(name: string, checkpoint: ClaimedCheckpoint, sentAt: number): void {
    this.held.set(name, { checkpoint, renewBy: sentAt + this.leaseMs / 2 });
  }

  private async claim(name: string): Promise<ClaimedCheckpoint | null> {
    if (!this.ensured.has(name)) {
      await this.pool.query('insert into projection_checkpoints (name) values ($1) on conflict (name) do nothing', [name]);
      this.ensured.add(name);
    }
    const sentAt = Date.now();
    const { rows } = await this.pool.query<{ tx: string; position: string; version: number }>(
      // A plain rebuild (status rebuilding) holds a lease it renews with each batch: one whose lease ran out was
      // killed or stalled, and its runner takes it over from the rebuild's last batch (issue 28).
      `update projection_checkpoints
          set owner_id = $2, lease_until = now() + make_interval(secs => $3::float8 / 1000), status = 'running'
        where name = $1
          and ((status = 'running' and (owner_id = $2 or owner_id is null or lease_until is null or lease_until < now()))
            or (status = 'rebuilding' and (lease_until is null or lease_until < now())))
        returning last_tx::text as tx, last_position as position, version`,
      [name, this.ownerId, this.leaseMs],
    );
    if (!rows.length) {
      this.held.delete(name);
      return null;
    }
    const claimed = { tx: rows[0].tx, position: Number(rows[0].position), version: rows[0].version };
    this.hold(name, claimed, sentAt);
    return claimed;
  }

  private async loop(projection: Projection): Promise<void> {
    let failures = 0;
    while (this.running) {
      let read = 0;
      const seen = this.notifications;
      try {
        read = await this.step(projection);
        failures = 0;
      } catch (error) {
        failures++;
        this.options.onError?.(projection.name, error);
      }
      if (!this.running) break;
      if (read >= this.batchSize) continue;
      if (read > 0 && this.lingerMs > 0) {
        await new Promise((r) => setTimeout(r, this.lingerMs));
        continue;
      }
      if (read >= 0 && this.notifications !== seen) continue;
      // Back off on repeated failures (database restarting), else sleep until NOTIFY or the poll tick.
      const wait = failures ? Math.min(30_000, this.pollMs * 2 ** Math.min(failures, 5)) : this.pollMs;
      await this.sleep(wait);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakers.add(done);
    });
  }

  private wakeAll(): void {
    for (const wake of [...this.wakers]) wake();
  }

  private async listen(): Promise<void> {
    if (!this.options.listenUrl) return;
    try {
      const client = new Client({ connectionString: this.options.listenUrl, application_name: 'kioku-listener' });
      client.on('notification', () => {
        this.notifications++;
        this.wakeAll();
      });
      client.on('error', () => {
        // The database went away: polling carries on; try to listen again later.
        if (this.listener === client) this.listener = undefined;
        setTimeout(() => this.running && !this.listener && void this.listen(), this.pollMs * 5).unref();
      });
      await client.connect();
      await client.query(`listen ${EVENTS_CHANNEL}`);
      this.listener = client;
    } catch {
      setTimeout(() => this.running && !this.listener && void this.listen(), this.pollMs * 5).unref();
    }
  }
}

export async function ensureCheckpoints(pool: Pool, projections: Projection[]): Promise<void> {
  if (!projections.length) return;
  await pool.query(
    `insert into projection_checkpoints (name) select unnest($1::text[]) on conflict (name) do nothing`,
    [projections.map((p) => p.name)],
  );
}

export type { TableNames };
