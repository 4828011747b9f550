import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { z } from 'zod';
import { eventually } from '../../../test/support/eventually';
import { createIsolatedDatabase } from '../../../test/test-db';
import { defineEvent } from '../event-store/event-registry';
import { Queryable } from '../database/database';
import { EventStore } from '../event-store/event-store';
import { projectionStatuses, rebuildProjection, waitForProjection } from './projection-admin';
import { ProjectionRunner } from './projection-runner';
import { COUNTER_TABLE_DDL, counterProjection } from './testing/counter.projection';

const Ticked = defineEvent('TestTicked', z.object({ i: z.number() }));

async function appendMany(store: EventStore, prefix: string, n: number, concurrency = 8): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        await store.append(`${prefix}-${i % 37}`, prefix, 'any', [Ticked({ i })]);
      }
    }),
  );
}

async function counterRows(pool: Pool): Promise<Record<string, number>> {
  const { rows } = await pool.query('select stream_type, events from event_counter order by stream_type');
  return Object.fromEntries(rows.map((r) => [r.stream_type, Number(r.events)]));
}

/** This database's session sleeping in a slow batch (pg_stat_activity is cluster-wide: other test files run too). */
const SLEEPING = `from pg_stat_activity where datname = current_database() and query like 'select pg_sleep%' and state = 'active'`;

/** Starts the counter's checkpoint at the log's head: a database cloned from the run's template holds other files' events. */
async function startAtHead(pool: Pool, store: EventStore): Promise<void> {
  const head = await store.head();
  await pool.query(`insert into projection_checkpoints (name, last_tx, last_position) values ('event_counter', $1::xid8, $2)`, [head.tx, head.position]);
}

describe('projection engine', () => {
  let db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let store: EventStore;
  beforeEach(async () => {
    db = await createIsolatedDatabase();
    store = new EventStore(db.pool);
    await db.pool.query(COUNTER_TABLE_DDL);
  });
  afterEach(() => db.drop());

  it('applies every event exactly once when a runner dies mid-batch and another takes over', async () => {
    await appendMany(store, 'a', 600);
    let slowFirstBatch = true;
    const projection = counterProjection(['TestTicked'], { delayMs: () => (slowFirstBatch ? 3_000 : 0) });
    // The lease is real time in PostgreSQL (now()): 2 s leaves a wide margin for the "still valid" step below.
    const doomed = new ProjectionRunner(db.pool, [projection], { ownerId: 'doomed', leaseMs: 2_000, pollMs: 20, batchSize: 100 });
    const survivor = new ProjectionRunner(db.pool, [projection], { ownerId: 'survivor', leaseMs: 2_000, pollMs: 20, batchSize: 100 });
    // The doomed runner takes the lease and starts a slow batch; we kill its database session mid-batch,
    // as a crashed process would leave it: its transaction rolls back and its lease stops being renewed.
    const doomedStep = doomed.step(projection).catch((e) => e);
    await eventually('the doomed runner inside its slow batch', async () => (await db.pool.query(`select 1 ${SLEEPING}`)).rowCount! > 0);
    await db.pool.query(`select pg_terminate_backend(pid) ${SLEEPING}`);
    expect(await doomedStep).toBeInstanceOf(Error);
    slowFirstBatch = false;
    // While the dead runner's lease is still valid nobody else applies; after it expires the survivor does.
    expect(await survivor.step(projection)).toBe(-1);
    await survivor.start();
    await appendMany(store, 'a', 400);
    await eventually('1000 a events counted', async () => (await counterRows(db.pool)).a === 1000);
    await survivor.stop();
    expect(await counterRows(db.pool)).toEqual({ a: 1000 });
  });

  it('fences a runner that lost its lease: its late batch is rolled back, not applied twice', async () => {
    await appendMany(store, 'b', 300);
    // Real time is under test here (the lease lapses in PostgreSQL's clock): the paused batch sleeps 10x the lease,
    // so the other runner has seconds, not milliseconds, to see the lapse and take over before the late commit.
    let delay = 3_000;
    const projection = counterProjection(['TestTicked'], { delayMs: () => delay });
    const paused = new ProjectionRunner(db.pool, [projection], { ownerId: 'paused', leaseMs: 300, pollMs: 20, batchSize: 100 });
    const other = new ProjectionRunner(db.pool, [counterProjection(['TestTicked'])], { ownerId: 'other', leaseMs: 300, pollMs: 20, batchSize: 100 });
    const late = paused.step(projection); // holds its batch past its lease
    await eventually('the paused runner inside its slow batch', async () => (await db.pool.query(`select 1 ${SLEEPING}`)).rowCount! > 0);
    delay = 0;
    await eventually(
      "the paused runner's lease to lapse",
      async () => (await db.pool.query(`select lease_until < now() as lapsed from projection_checkpoints where name = 'event_counter'`)).rows[0]?.lapsed,
    );
    // Claims the lapsed lease, then catches up.
    await eventually('the other runner caught up', async () => (await other.step(projection)) === 0);
    expect(await late).toBe(-1); // its fenced checkpoint update matched no row → rolled back
    expect(await counterRows(db.pool)).toEqual({ b: 300 });
  });

  it('claims its lease once while it holds it, and claims again after losing it to another owner', async () => {
    await startAtHead(db.pool, store);
    await appendMany(store, 'h', 300);
    const projection = counterProjection(['TestTicked']);
    const runner = new ProjectionRunner(db.pool, [projection], { ownerId: 'holder', leaseMs: 60_000, pollMs: 20, batchSize: 100 });
    const query = jest.spyOn(db.pool, 'query');
    const claims = () => query.mock.calls.filter(([q]) => String(typeof q === 'string' ? q : (q as { text: string }).text).includes('set owner_id = $2')).length;
    // Three batches, one claim: each batch's fenced checkpoint update renews the lease it holds.
    expect([await runner.step(projection), await runner.step(projection), await runner.step(projection)]).toEqual([100, 100, 100]);
    expect(claims()).toBe(1);
    // Another owner takes the projection (an expired lease claimed elsewhere): the next batch is fenced out.
    await appendMany(store, 'h', 50);
    await db.pool.query(`update projection_checkpoints set owner_id = 'thief', lease_until = now() + interval '1 minute' where name = 'event_counter'`);
    expect(await runner.step(projection)).toBe(-1);
    expect(await counterRows(db.pool)).toEqual({ h: 300 });
    // Once the lease is free again the runner claims it (reading the checkpoint afresh) and applies the rest once.
    await db.pool.query(`update projection_checkpoints set owner_id = null, lease_until = null where name = 'event_counter'`);
    expect(await runner.step(projection)).toBe(50);
    expect(claims()).toBe(2);
    expect(await counterRows(db.pool)).toEqual({ h: 350 });
    query.mockRestore();
  });

  it('moves past a batch with nothing for the projection in one statement, without a transaction', async () => {
    await startAtHead(db.pool, store);
    await appendMany(store, 'n', 40);
    const projection = counterProjection(['SomethingElse']);
    const runner = new ProjectionRunner(db.pool, [projection], { ownerId: 'skipper', leaseMs: 60_000, pollMs: 20, batchSize: 100 });
    const connect = jest.spyOn(db.pool, 'connect');
    expect(await runner.step(projection)).toBe(40);
    // A transaction checks a client out with connect(); pool.query's own one-statement checkouts pass a callback.
    expect(connect.mock.calls.filter((args) => (args as unknown[]).length === 0)).toHaveLength(0);
    connect.mockRestore();
    const [status] = await projectionStatuses(db.pool, [projection]);
    expect(status.lag).toBe(0);
    expect(await counterRows(db.pool)).toEqual({});
  });

  it('runs each projection in one of several runners at a time and wakes on NOTIFY', async () => {
    const projection = counterProjection(['TestTicked']);
    const runners = [1, 2, 3].map((i) => new ProjectionRunner(db.pool, [projection], { ownerId: `r${i}`, leaseMs: 2_000, pollMs: 10_000, listenUrl: db.url }));
    await Promise.all(runners.map((r) => r.start()));
    await appendMany(store, 'c', 500);
    const head = await store.head();
    // pollMs is 10 s: catching up quickly proves the NOTIFY wake-up works.
    expect(await waitForProjection(db.pool, 'event_counter', head, 8_000)).toBe(true);
    const [status] = await projectionStatuses(db.pool, [projection]);
    expect(status.lag).toBe(0);
    expect(['r1', 'r2', 'r3']).toContain(status.owner);
    await Promise.all(runners.map((r) => r.stop()));
    expect(await counterRows(db.pool)).toEqual({ c: 500 });
  });

  it('rebuilds to exactly the incrementally built table', async () => {
    const projection = counterProjection(['TestTicked']);
    const runner = new ProjectionRunner(db.pool, [projection], { ownerId: 'live', pollMs: 20, batchSize: 50 });
    await runner.start();
    await appendMany(store, 'd', 300);
    await appendMany(store, 'e', 200);
    // The table itself, not the checkpoint against the commit-visible head (see the blue-green test below).
    await eventually('300 d and 200 e events counted', async () => {
      const rows = await counterRows(db.pool);
      return rows.d === 300 && rows.e === 200;
    });
    await runner.stop();
    const incremental = await counterRows(db.pool);
    const progress: number[] = [];
    await rebuildProjection(db.pool, projection, { batchSize: 64, onProgress: (p) => progress.push(p.applied) });
    expect(await counterRows(db.pool)).toEqual(incremental);
    expect(incremental).toEqual({ d: 300, e: 200 });
    expect(progress.length).toBeGreaterThan(3);
  });

  it('rebuilds blue-green while appends continue and the live runner keeps serving', async () => {
    const projection = counterProjection(['TestTicked']);
    const runner = new ProjectionRunner(db.pool, [projection], { ownerId: 'live', pollMs: 10, leaseMs: 2_000, batchSize: 50, listenUrl: db.url });
    await runner.start();
    await appendMany(store, 'f', 400);
    // Wait for the table itself: head() is the commit-visible head, which stops below any transaction still open
    // (the runner's own apply may hold an xid older than the last appends), so the checkpoint reaching it does not
    // prove every f event applied yet; the reads below must start from the complete live table.
    await eventually('400 f events counted', async () => (await counterRows(db.pool)).f === 400);
    let appending = true;
    let appended = 0;
    const writer = (async () => {
      while (appending) {
        await store.append(`g-${randomUUID()}`, 'g', 'no_stream', [Ticked({ i: appended })]);
        appended++;
      }
    })();
    const readsDuringSwitch: number[] = [];
    const reader = (async () => {
      while (appending) {
        const rows = await counterRows(db.pool).catch(() => ({}) as Record<string, number>);
        readsDuringSwitch.push(rows.f ?? -1);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    await rebuildProjection(db.pool, projection, { blueGreen: true, batchSize: 70 });
    appending = false;
    await Promise.all([writer, reader]);
    await eventually('every g event counted', async () => (await counterRows(db.pool)).g === appended);
    await runner.stop();
    expect(appended).toBeGreaterThan(0);
    expect(await counterRows(db.pool)).toEqual({ f: 400, g: appended });
    // Readers never saw an empty or half-built table: the live one served until the atomic switch.
    expect(readsDuringSwitch.filter((n) => n !== 400)).toEqual([]);
    const { rows } = await db.pool.query(`select version from projection_checkpoints where name = 'event_counter'`);
    expect(rows[0].version).toBe(2);
    const leftovers = await db.pool.query(`select tablename from pg_tables where tablename like 'event_counter_%'`);
    expect(leftovers.rows).toEqual([]);
  });
  // Issue 28: a plain rebuild killed half-way stayed `rebuilding`, half-built, for good.
  it('a plain rebuild that dies half-way is taken over by a runner once its lease runs out, and ends equal to the log', async () => {
    await appendMany(store, 'k', 500);
    let batches = 0;
    const projection = counterProjection(['TestTicked'], { delayMs: () => (++batches === 3 ? 5_000 : 0) });
    const rebuild = rebuildProjection(db.pool, projection, { batchSize: 100, leaseMs: 1_000, ownerId: 'doomed-rebuild' }).catch((e) => e);
    await eventually('the rebuild inside its third batch', async () => (await db.pool.query(`select 1 ${SLEEPING}`)).rowCount! > 0);
    await db.pool.query(`select pg_terminate_backend(pid) ${SLEEPING}`);
    expect(await rebuild).toBeInstanceOf(Error);
    const [halfway] = await projectionStatuses(db.pool, [projection]);
    expect(halfway).toMatchObject({ status: 'rebuilding', owner: 'doomed-rebuild' });
    expect(halfway.lag).toBeGreaterThan(0);
    const runner = new ProjectionRunner(db.pool, [projection], { ownerId: 'next', leaseMs: 2_000, pollMs: 20, batchSize: 100 });
    await runner.start();
    try {
      await eventually('the runner to finish what the rebuild left', async () => (await counterRows(db.pool)).k === 500, 10_000);
      const [done] = await projectionStatuses(db.pool, [projection]);
      expect(done).toMatchObject({ status: 'running', owner: 'next', lag: 0 });
    } finally {
      await runner.stop();
    }
    expect(await counterRows(db.pool)).toEqual({ k: 500 });
  });

  it('a plain rebuild of an inline projection that dies half-way leaves its live table as it was', async () => {
    await appendMany(store, 'm', 300);
    const live = counterProjection(['TestTicked']);
    await rebuildProjection(db.pool, { ...live, inline: true, writeLock: async (q) => void (await q.query('select pg_advisory_xact_lock(4711)')) });
    const before = await counterRows(db.pool);
    expect(before).toEqual({ m: 300 });
    let batches = 0;
    const slow = counterProjection(['TestTicked'], { delayMs: () => (++batches === 2 ? 5_000 : 0) });
    const inline = { ...slow, inline: true, writeLock: async (q: Queryable) => void (await q.query('select pg_advisory_xact_lock(4711)')) };
    const rebuild = rebuildProjection(db.pool, inline, { batchSize: 100 }).catch((e) => e);
    await eventually('the rebuild inside its second batch', async () => (await db.pool.query(`select 1 ${SLEEPING}`)).rowCount! > 0);
    await db.pool.query(`select pg_terminate_backend(pid) ${SLEEPING}`);
    expect(await rebuild).toBeInstanceOf(Error);
    expect(await counterRows(db.pool)).toEqual(before);
    const [status] = await projectionStatuses(db.pool, [inline]);
    expect(status.status).toBe('inline');
  });
});
