// Event store benchmark (issue 2): appends/s at 32 writers and projection replay events/s over 1,000,000
// events, each printed beside a baseline measured in the same run against the same PostgreSQL.
import { randomUUID } from 'node:crypto';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { dist, dropDatabase, freshDatabase, pgbenchTps, require, result, round, runMain } from './lib.mjs';

const { z } = require('zod');
const { createPool } = dist('platform/database/database.js');
const { EventStore } = dist('platform/event-store/event-store.js');
const { defineEvent } = dist('platform/event-store/event-registry.js');
const { rebuildProjection } = dist('platform/projections/projection-admin.js');
const { readBatch } = dist('platform/projections/projection-runner.js');
const { COUNTER_TABLE_DDL, counterProjection } = dist('platform/projections/testing/counter.projection.js');

const WRITERS = 32;
// pgbench runs its 32 clients on 2 threads (-j 2); the appends run on as many Node threads, 16 writers each,
// so the comparison is between the two stores and not between one Node thread and two C threads.
const THREADS = 2;
const APPEND_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const REPLAY_EVENTS = Number(process.env.BENCH_REPLAY_EVENTS ?? 1_000_000);
const DB = 'kioku_bench_event_store';

const BenchTicked = defineEvent('BenchTicked', z.object({ i: z.number() }));

/** One thread's writers: each appends single events to its own stream with an exact expected version. */
async function runWriters(url, writers, seconds) {
  const pool = createPool(url, writers + 1);
  const store = new EventStore(pool);
  let appended = 0;
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      let version = 0;
      const stream = `bench-${w}-${randomUUID()}`;
      while (Date.now() < deadline) {
        await store.append(stream, 'bench', version === 0 ? 'no_stream' : version, [BenchTicked({ i: version })]);
        version++;
        appended++;
      }
    }),
  );
  await pool.end();
  return appended;
}

async function appendThroughput(url) {
  const started = Date.now();
  const counts = await Promise.all(
    Array.from({ length: THREADS }, () =>
      new Promise((resolve, reject) => {
        const worker = new Worker(new URL(import.meta.url), { workerData: { url, writers: WRITERS / THREADS, seconds: APPEND_SECONDS } });
        worker.once('message', resolve);
        worker.once('error', reject);
      }),
    ),
  );
  return counts.reduce((a, b) => a + b, 0) / ((Date.now() - started) / 1000);
}

async function seedEvents(pool, n) {
  // Set-based seeding in transactions of 50,000 so the log spans many transaction ids, as in real life.
  const per = 50_000;
  for (let done = 0; done < n; done += per) {
    const count = Math.min(per, n - done);
    await pool.query(
      `with s as (select g, 'seed' || (g % 1000) as stream from generate_series($1::int, $1::int + $2::int - 1) g)
       insert into events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
       select stream || '-' || g, 1, gen_random_uuid(), 'BenchTicked', 1, jsonb_build_object('i', g), '{}'::jsonb from s`,
      [done, count],
    );
  }
}

/**
 * The raw ordered scan: the same keyset batches the replay reads, all columns, in commit-safe order, with
 * nothing applied. The replay's ratio to it is the cost of applying the events.
 */
async function orderedScanRowsPerSecond(pool) {
  const reader = { name: 'scan', eventTypes: ['BenchTicked'], tables: [], apply: async () => undefined };
  const started = Date.now();
  let cursor = { tx: '0', position: 0 };
  let n = 0;
  for (;;) {
    const batch = await readBatch(pool, reader, cursor, 10_000);
    if (!batch.length) break;
    n += batch.length;
    const last = batch[batch.length - 1];
    cursor = { tx: last.transactionId, position: last.globalPosition };
  }
  return n / ((Date.now() - started) / 1000);
}

async function main() {
  console.log(`# event store benchmark: ${WRITERS} writers for ${APPEND_SECONDS}s, replay of ${REPLAY_EVENTS.toLocaleString()} events`);
  const tps = await pgbenchTps(WRITERS, APPEND_SECONDS);
  console.log(`(a) pgbench -N, ${WRITERS} clients: ${round(tps)} TPS (baseline)`);

  const url = await freshDatabase(DB);
  const pool = createPool(url, WRITERS + 2);
  try {
    const appends = await appendThroughput(url);
    console.log(`(b) event store appends, ${WRITERS} concurrent writers on ${THREADS} threads: ${round(appends)} events/s = ${round(appends / tps, 2)} × pgbench (target ≥ 1.0)`);

    await pool.query('truncate events, streams');
    await seedEvents(pool, REPLAY_EVENTS);
    await pool.query('vacuum analyze events');
    await pool.query(COUNTER_TABLE_DDL);
    const scan = await orderedScanRowsPerSecond(pool);
    console.log(`(d) raw ordered scan of the events table: ${round(scan)} rows/s`);

    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
    const started = Date.now();
    await rebuildProjection(pool, counterProjection(['BenchTicked']), { batchSize: 10_000 });
    const replay = REPLAY_EVENTS / ((Date.now() - started) / 1000);
    clearInterval(sampler);
    const { rows } = await pool.query('select sum(events)::bigint as n from event_counter');
    if (Number(rows[0].n) !== REPLAY_EVENTS) throw new Error(`replay counted ${rows[0].n}, expected ${REPLAY_EVENTS}`);
    console.log(`(c) counter projection replay: ${round(replay)} events/s = ${round(replay / scan, 2)} × raw scan (targets ≥ 120,000 and ≥ 0.5×); peak RSS ${round(peakRss / 1048576)} MB (target < 300)`);

    result('event_store_appends_per_s', appends, 'events/s', tps, appends / tps);
    result('projection_replay_events_per_s', replay, 'events/s', scan, replay / scan);
    result('projection_replay_peak_rss', peakRss / 1048576, 'MB', 300, peakRss / 1048576 / 300);
  } finally {
    await pool.end();
    await dropDatabase(DB);
  }
}

if (isMainThread) {
  runMain(main);
} else {
  runWriters(workerData.url, workerData.writers, workerData.seconds).then((n) => parentPort.postMessage(n));
}
