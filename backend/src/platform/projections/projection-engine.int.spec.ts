import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { z } from 'zod';
import { eventually } from '../../../test/support/eventually';
import { createIsolatedDatabase } from '../../../test/test-db';
import { defineEvent } from '../event-store/event-registry';
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
});
