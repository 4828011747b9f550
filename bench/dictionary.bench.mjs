// Dictionary benchmark (issue 4): the full content load into an empty database, then the latency of
// GET /api/vocabs?course=vocab3&tab=ka (the largest free-text list a subscriber opens) against the built app,
// started from backend/dist on a random port with its own database. Run after `npm run build -w backend`.
// Knobs: BENCH_REQUESTS (5000), BENCH_CONCURRENCY (16), BENCH_NODE_ARGS (e.g. "--cpu-prof" for the app).
import { spawn } from 'node:child_process';
import { request as httpRequest, Agent } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { dist, dropDatabase, freshDatabase, percentile, result, root, round } from './lib.mjs';

const DB = 'kioku_bench_dict';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const TARGET_P99_MS = 20;
const LOAD_BUDGET_MS = 60_000;

const { createPool } = dist('platform/database/database.js');
const { EventStore } = dist('platform/event-store/event-store.js');
const { loadContent } = dist('content/load/load-content.js');
const { setSubscription } = dist('accounts/operator/users.operator.js');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** One request; resolves when the last byte arrived (the gzip body is not decompressed: server time only). */
function call(port, method, path, { headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body) req.end(body);
    else req.end();
  });
}

function cookiesOf(res, jar) {
  for (const line of [].concat(res.headers['set-cookie'] ?? [])) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
}
const cookieHeader = (jar) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

async function waitForHealth(port, child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}`);
    try {
      const res = await call(port, 'GET', '/api/health');
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the app did not become healthy within 120 s');
}

async function main() {
  const url = await freshDatabase(DB);
  const pool = createPool(url, 4);
  let child;
  try {
    // 1. The full content load into the empty database.
    const started = Date.now();
    const loaded = await loadContent(pool, new EventStore(pool), { requireAll: true });
    const loadMs = Date.now() - started;
    console.log(`content load: ${loaded.imported} materials imported in ${round(loadMs / 1000, 2)} s`);

    // 2. The built app on a random port (its own start-up load finds nothing to do).
    const port = await freePort();
    child = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), join(root, 'backend', 'dist', 'main.js')], {
      env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', ROLE: 'api', LOG_LEVEL: 'warn', FRONTEND_DIST: '/nonexistent' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitForHealth(port, child);

    // 3. A subscriber (vocab3 tab ka is not the free first tab): CSRF token first, then sign up.
    const jar = new Map();
    const csrf = await call(port, 'GET', '/api/auth/csrf');
    cookiesOf(csrf, jar);
    const token = JSON.parse(csrf.body.toString()).token;
    const email = `bench-${Date.now()}@example.test`;
    const signUp = await call(port, 'POST', '/api/auth/sign_up', {
      headers: { 'content-type': 'application/json', 'x-xsrf-token': token, cookie: cookieHeader(jar) },
      body: JSON.stringify({ name: 'Bench', email, password: 'correct horse battery staple' }),
    });
    if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status} ${signUp.body}`);
    cookiesOf(signUp, jar);
    await setSubscription(pool, email, 'active');

    // 4. The list, N times at the given concurrency (after a warm-up).
    const path = '/api/vocabs?course=vocab3&tab=ka';
    const headers = { cookie: cookieHeader(jar), 'accept-encoding': 'gzip' };
    const probe = await call(port, 'GET', path, { headers });
    if (probe.status !== 200) throw new Error(`GET ${path} answered ${probe.status}: ${probe.body}`);
    console.log(`GET ${path}: ${probe.body.length} bytes (${probe.headers['content-encoding'] ?? 'identity'})`);
    for (let i = 0; i < 200; i++) await call(port, 'GET', path, { headers });
    const latencies = [];
    let next = 0;
    const t0 = Date.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REQUESTS) {
          next++;
          const s = process.hrtime.bigint();
          const res = await call(port, 'GET', path, { headers });
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
    agent.destroy();
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await pool.end();
    await dropDatabase(DB);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
