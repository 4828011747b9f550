// Dictionary benchmark (issue 4): the full content load into an empty database, then the latency of
// GET /api/vocabs?course=vocab3&tab=ka (the largest free-text list a subscriber opens) against the built app,
// started from backend/dist on a random port with its own database. Run after `npm run build -w backend`.
// Knobs: BENCH_REQUESTS (5000), BENCH_CONCURRENCY (16), BENCH_NODE_ARGS (e.g. "--cpu-prof" for the app).
import { join } from 'node:path';
import { dist, dropDatabase, freePort, freshDatabase, httpClient, percentile, result, root, round, runMain, signUp, spawnChild, stopChild, waitForHealth } from './lib.mjs';

const DB = 'kioku_bench_dict';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const TARGET_P99_MS = 20;
const LOAD_BUDGET_MS = 60_000;

const { createPool } = dist('platform/database/database.js');
const { EventStore } = dist('platform/event-store/event-store.js');
const { loadContent } = dist('content/load/load-content.js');
const { setSubscription } = dist('accounts/operator/users.operator.js');

async function main() {
  const url = await freshDatabase(DB);
  const pool = createPool(url, 4);
  let child;
  let http;
  try {
    // 1. The full content load into the empty database.
    const started = Date.now();
    const loaded = await loadContent(pool, new EventStore(pool), { requireAll: true });
    const loadMs = Date.now() - started;
    console.log(`content load: ${loaded.imported} materials imported in ${round(loadMs / 1000, 2)} s`);

    // 2. The built app on a random port (its own start-up load finds nothing to do).
    const port = await freePort();
    child = spawnChild(process.execPath, [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), join(root, 'backend', 'dist', 'main.js')], {
      env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', ROLE: 'api', LOG_LEVEL: 'warn', FRONTEND_DIST: '/nonexistent' },
      stdio: ['ignore', 'inherit', 'inherit'],
    }, { name: 'app', graceMs: 60_000 });
    await waitForHealth(`http://127.0.0.1:${port}`, child);
    http = httpClient(port, CONCURRENCY);
    const { call } = http;

    // 3. A subscriber (vocab3 tab ka is not the free first tab).
    const { email, cookie } = await signUp(call, { name: 'Bench', email: `bench-${Date.now()}@example.test` });
    await setSubscription(pool, email, 'active');

    // 4. The list, N times at the given concurrency (after a warm-up).
    const path = '/api/vocabs?course=vocab3&tab=ka';
    const headers = { cookie, 'accept-encoding': 'gzip' };
    const probe = await call('GET', path, { headers });
    if (probe.status !== 200) throw new Error(`GET ${path} answered ${probe.status}: ${probe.body}`);
    console.log(`GET ${path}: ${probe.body.length} bytes (${probe.headers['content-encoding'] ?? 'identity'})`);
    for (let i = 0; i < 200; i++) await call('GET', path, { headers });
    const latencies = [];
    let next = 0;
    const t0 = Date.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REQUESTS) {
          next++;
          const s = process.hrtime.bigint();
          const res = await call('GET', path, { headers });
          latencies.push(Number(process.hrtime.bigint() - s) / 1e6);
          if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
        }
      }),
    );
    const seconds = (Date.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    console.log(
      `${REQUESTS} requests at concurrency ${CONCURRENCY}: ${round(REQUESTS / seconds)} req/s, p50 ${round(p50, 2)} ms, p99 ${round(p99, 2)} ms (target < ${TARGET_P99_MS} ms)`,
    );
    result('content_load_empty_db', loadMs, 'ms', LOAD_BUDGET_MS, loadMs / LOAD_BUDGET_MS);
    result('dictionary_vocab3_tab', p99, 'ms', TARGET_P99_MS, p99 / TARGET_P99_MS);
  } finally {
    http?.close();
    await stopChild(child);
    await pool.end();
    await dropDatabase(DB);
  }
}

runMain(main);
