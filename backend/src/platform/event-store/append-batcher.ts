import { Pool } from 'pg';

/** One append as append_events takes it (see appendArguments): $1…$9. */
export type AppendArgs = unknown[];

export interface AppendRow {
  stream_version: string;
  global_position: string;
  transaction_id: string;
  duplicate: boolean;
}

/** What a batched append answers: its last event's row, or 'conflict' when its expected version was not met. */
export type BatchedAppend = AppendRow | 'conflict';

interface Pending {
  args: AppendArgs;
  resolve: (row: BatchedAppend) => void;
  reject: (error: unknown) => void;
}

export interface AppendBatcherOptions {
  /** Batches on the wire at once. Two keep both cores of the database busy without queueing on row locks. */
  maxInFlight?: number;
  /** Appends per batch at most. */
  maxBatch?: number;
}

const BATCH_SQL = `select append_index, outcome, stream_version, global_position, transaction_id::text as transaction_id
  from append_events_batch($1::text[], $2::text[], $3::bigint[], $4::uuid[], $5::int[], $6::uuid[], $7::text[], $8::smallint[], $9::jsonb[], $10::jsonb[])`;

/**
 * Group commit for appends outside a caller's transaction (docs/decisions.md "Batched appends"). While batches
 * are on the wire, concurrent appends wait in a queue; the next batch takes them all and append_events_batch
 * (migration 033) checks and writes them in one statement and one commit. Under no load an append goes out
 * at once, alone, through the single-append path, so batching adds no latency; under load a commit and a
 * round trip serve many appends.
 *
 * Each append keeps its own outcome (a conflict or a retry answers for that append only). If the batch itself
 * fails (a deadlock, an event id raced by an identical retry), nothing of it was committed, and each append
 * is sent again on its own, so it gets its own answer or error.
 */
export class AppendBatcher {
  private readonly queue: Pending[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly maxInFlight: number;
  private readonly maxBatch: number;

  constructor(
    private readonly pool: Pool,
    private readonly single: (args: AppendArgs) => Promise<BatchedAppend>,
    options: AppendBatcherOptions = {},
  ) {
    this.maxInFlight = options.maxInFlight ?? 2;
    this.maxBatch = options.maxBatch ?? 64;
  }

  append(args: AppendArgs): Promise<BatchedAppend> {
    return new Promise((resolve, reject) => {
      this.queue.push({ args, resolve, reject });
      this.schedule();
    });
  }

  // Appends issued in the same turn of the event loop go out together.
  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    if (this.inFlight >= this.maxInFlight || this.queue.length === 0) return;
    const batch = takeBatch(this.queue, this.maxBatch);
    this.inFlight++;
    const done = batch.length === 1 ? this.sendAlone(batch[0]) : this.sendBatch(batch);
    void done.finally(() => {
      this.inFlight--;
      this.schedule();
    });
  }

  private async sendAlone(p: Pending): Promise<void> {
    try {
      p.resolve(await this.single(p.args));
    } catch (error) {
      p.reject(error);
    }
  }

  private async sendBatch(batch: Pending[]): Promise<void> {
    let rows: { append_index: number; outcome: 'appended' | 'duplicate' | 'conflict'; stream_version: string; global_position: string; transaction_id: string }[];
    try {
      rows = (await this.pool.query({ name: 'kioku_append_events_batch', text: BATCH_SQL, values: batchArguments(batch.map((p) => p.args)) })).rows;
    } catch {
      // Nothing of the batch committed: each append on its own gets its own answer or error.
      await Promise.all(batch.map((p) => this.sendAlone(p)));
      return;
    }
    const answered = new Set<number>();
    for (const row of rows) {
      const p = batch[row.append_index - 1];
      answered.add(row.append_index);
      if (row.outcome === 'conflict') p.resolve('conflict');
      else p.resolve({ stream_version: row.stream_version, global_position: row.global_position, transaction_id: row.transaction_id, duplicate: row.outcome === 'duplicate' });
    }
    // Every append gets exactly one row; a missing one would be a bug in the SQL function, not a silent loss.
    batch.forEach((p, i) => answered.has(i + 1) || p.reject(new Error('append_events_batch did not answer an append')));
  }
}

/**
 * Up to `max` appends from the front of the queue, in order. An append sharing an event id with one already
 * taken (a retry sent while its first attempt waits) stays for the next batch: within one batch it could not
 * see the other's events and would be answered 'conflict' instead of 'duplicate'.
 */
function takeBatch(queue: Pending[], max: number): Pending[] {
  const batch: Pending[] = [];
  const ids = new Set<string>();
  for (let i = 0; i < queue.length && batch.length < max; ) {
    const eventIds = queue[i].args[3] as string[];
    if (eventIds.some((id) => ids.has(id))) {
      i++;
      continue;
    }
    for (const id of eventIds) ids.add(id);
    batch.push(queue.splice(i, 1)[0]);
  }
  return batch;
}

/** append_events_batch's ten arrays from the appends' append_events arguments. */
function batchArguments(appends: AppendArgs[]): unknown[] {
  const streamIds: unknown[] = [];
  const streamTypes: unknown[] = [];
  const expected: unknown[] = [];
  const actors: unknown[] = [];
  const eventAppends: number[] = [];
  const eventIds: unknown[] = [];
  const types: unknown[] = [];
  const schemaVersions: unknown[] = [];
  const data: unknown[] = [];
  const metadata: unknown[] = [];
  appends.forEach(([streamId, streamType, exp, ids, ts, svs, ds, ms, actor], a) => {
    streamIds.push(streamId);
    streamTypes.push(streamType);
    expected.push(exp);
    actors.push(actor);
    (ids as unknown[]).forEach((id, k) => {
      eventAppends.push(a + 1);
      eventIds.push(id);
      types.push((ts as unknown[])[k]);
      schemaVersions.push((svs as unknown[])[k]);
      data.push((ds as unknown[])[k]);
      metadata.push((ms as unknown[])[k]);
    });
  });
  return [streamIds, streamTypes, expected, actors, eventAppends, eventIds, types, schemaVersions, data, metadata];
}
