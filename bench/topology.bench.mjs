// Topology benchmark (issue 20): the study loop through the scaled-out topology (infra/topology: HAProxy, two APIs,
// two workers, PgBouncer in transaction mode, a streaming replica serving stats reads) beside one process
// (ROLE=all, straight to PostgreSQL) in the same run, on the same PostgreSQL primary (its own database) and Redis.
// Prints grades/s and the grade's p99 for both, the stats read's p99, CPU per grade by piece (from /proc), and the
// price of read-your-writes (the commit position each write answer carries). On 2 cores the point is
// correctness and overhead, not speed-up: every extra process competes for the same cores.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { startTopology } from '../infra/topology/topology.mjs';
import { startApp } from '../scripts/app-harness.mjs';
import { freePort, httpClient, onCleanup, percentile, processCpuMs, require, result, round, runMain, signUp, stopChild } from './lib.mjs';

const pg = require('pg');
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 3;
const READS_PER_LEARNER = 20;
const CLK_TCK = 100;

/** CPU ms of a PostgreSQL cluster: its postmaster (with the backends it reaped) and the live backends. */
function clusterCpuMs(dataDir) {
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields after "(comm) ": state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14)
    if (Number(pid) === postmaster) ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    else if (Number(f[1]) === postmaster) ticks += Number(f[11]) + Number(f[12]);
  }
  return (ticks * 1000) / CLK_TCK;
}

/** A learner's closed loop: answer the card shown, take the next one from the answer, until the deadline. */
async function study(http, user, deadline, latencies, errors) {
  const headers = { 'content-type': 'application/json', 'x-xsrf-token': user.token, cookie: user.cookie };
  let card = JSON.parse((await http.call('GET', '/api/flashcard?course=kanji1', { headers })).body).flashcard;
  let grades = 0;
  while (card && Date.now() < deadline) {
    const started = process.hrtime.bigint();
    const res = await http.call('POST', '/api/flashcard', {
      headers: { ...headers, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ id: card.flashcard_id, grade: card.attempts === 0 ? 3 : 5, fetch_new: true }),
    });
    latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (res.status !== 200) {
      errors.set(res.status, (errors.get(res.status) ?? 0) + 1);
      card = JSON.parse((await http.call('GET', '/api/flashcard?course=kanji1', { headers })).body).flashcard;
      continue;
    }
    grades++;
    card = JSON.parse(res.body).new_flashcard;
    // the commit position the answer carried goes with the learner's next requests, as a browser's cookie would
    const commit = [].concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('kioku_commit='));
    if (commit) headers.cookie = `${user.cookie}; ${commit.split(';')[0]}`;
  }
  return { grades, headers };
}

/** The study loop against one deployment: grades/s, p99, and the stats read's p99 afterwards; `cpu()` brackets it. */
async function measure(port, cpu) {
  const http = httpClient(port, LEARNERS);
  const users = [];
  for (let i = 0; i < LEARNERS; i++) users.push(await signUp(http.call, { email: `bench-topology-${randomUUID()}@example.test` }));
  const errors = new Map();
  await Promise.all(users.map((u) => study(http, u, Date.now() + WARMUP_SECONDS * 1000, [], errors)));
  const latencies = [];
  const before = cpu();
  const started = Date.now();
  const runs = await Promise.all(users.map((u) => study(http, u, started + SECONDS * 1000, latencies, errors)));
  const elapsed = (Date.now() - started) / 1000;
  const after = cpu();
  const grades = runs.reduce((n, r) => n + r.grades, 0);
  const reads = [];
  const beforeReads = cpu();
  await Promise.all(
    runs.map(async (r) => {
      for (let i = 0; i < READS_PER_LEARNER; i++) {
        const t0 = process.hrtime.bigint();
        const res = await http.call('GET', '/api/users/stats?course=kanji1', { headers: r.headers });
        if (res.status === 200) reads.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }),
  );
  const afterReads = cpu();
  http.close();
  latencies.sort((a, b) => a - b);
  reads.sort((a, b) => a - b);
  const cpuPerGrade = Object.fromEntries(Object.entries(after).map(([k, v]) => [k, (v - before[k]) / grades]));
  const cpuPerRead = Object.fromEntries(Object.entries(afterReads).map(([k, v]) => [k, (v - beforeReads[k]) / reads.length]));
  return { gradesPerS: grades / elapsed, p99: percentile(latencies, 99), readP99: percentile(reads, 99), errors, cpuPerGrade, cpuPerRead };
}

/** What the commit position costs a write: one more round trip through PgBouncer, and the primary's CPU for it. */
async function commitPositionCost(t) {
  const client = new pg.Client({ connectionString: t.urls.bouncer });
  await client.connect();
  const n = 3_000;
  const before = clusterCpuMs(t.primary.dir);
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await client.query('select pg_current_wal_insert_lsn()::text as lsn');
  const ms = Number(process.hrtime.bigint() - started) / 1e6 / n;
  const pgMs = (clusterCpuMs(t.primary.dir) - before) / n;
  await client.end();
  return { ms, pgMs };
}

const sumCpu = (pids) => pids.reduce((n, pid) => n + (processCpuMs(pid) || 0), 0);

async function main() {
  const t = await startTopology({ env: { VOICE_AUTO: 'off', LOG_LEVEL: 'error' }, log: (l) => console.log(`  topology: ${l}`) });
  // The topology's own stop, once, from the finally or on any other exit path (after the single app is stopped).
  let stopped;
  const stopTopology = () => (stopped ??= t.stop());
  const forget = onCleanup(stopTopology, { name: 'the topology' });
  let single;
  try {
    // One process with everything (ROLE=all), straight to the same primary, its own database.
    const port = await freePort();
    const env = {
      ...process.env,
      ROLE: 'all',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: t.primary.url('kioku_single'),
      REDIS_URL: t.urls.redis,
      MEDIA_QUEUE_PREFIX: 'kioku-bench-single',
      MEDIA_DIR: join(t.dir, 'media-single'),
      VOICE_AUTO: 'off',
      LOG_LEVEL: 'error',
      PROJECTION_POLL_MS: '200',
    };
    single = await startApp(env, { healthTimeoutMs: 180_000 });
    const apiPids = () => t.apis.map((a) => a.pid);
    const workerPids = () => t.workers.map((w) => w.pid);
    const singleCpu = () => ({ app: processCpuMs(single.pid), primary: clusterCpuMs(t.primary.dir) });
    const one = await measure(port, singleCpu);
    // The same process with prepared statements off, as the topology runs them behind PgBouncer before 1.21: what
    // that costs, apart from the extra processes.
    await stopChild(single);
    single = await startApp({ ...env, DATABASE_PREPARED_STATEMENTS: 'off' }, { healthTimeoutMs: 180_000 });
    const unnamed = await measure(port, singleCpu);
    const many = await measure(t.ports.haproxy, () => ({
      app: sumCpu([...apiPids(), ...workerPids()]),
      apis: sumCpu(apiPids()),
      workers: sumCpu(workerPids()),
      primary: clusterCpuMs(t.primary.dir),
      replica: clusterCpuMs(t.replica.dir),
      pgbouncer: processCpuMs(t.pgbouncer.pid),
      haproxy: processCpuMs(t.haproxy.pid),
    }));
    const commit = await commitPositionCost(t);
    const errors = (m) => [...m.errors].map(([s, n]) => `${s}×${n}`).join(' ') || 'none';
    console.log(`\n${LEARNERS} learners, ${SECONDS} s closed loop after ${WARMUP_SECONDS} s warm-up, same PostgreSQL primary and Redis`);
    console.log(`  single process (ROLE=all, direct):     ${round(one.gradesPerS)} grades/s, p99 ${round(one.p99)} ms, stats p99 ${round(one.readP99)} ms, errors ${errors(one)}`);
    console.log(`  topology (HAProxy, 2 APIs, 2 workers, PgBouncer, replica): ${round(many.gradesPerS)} grades/s, p99 ${round(many.p99)} ms, stats p99 ${round(many.readP99)} ms, errors ${errors(many)}`);
    console.log(`  single process, prepared statements off: ${round(unnamed.gradesPerS)} grades/s, p99 ${round(unnamed.p99)} ms, stats p99 ${round(unnamed.readP99)} ms, errors ${errors(unnamed)}`);
    console.log(`  CPU ms per grade, single:   app ${round(one.cpuPerGrade.app, 2)}, PostgreSQL ${round(one.cpuPerGrade.primary, 2)}`);
    console.log(`  CPU ms per grade, single with prepared statements off: app ${round(unnamed.cpuPerGrade.app, 2)}, PostgreSQL ${round(unnamed.cpuPerGrade.primary, 2)}`);
    console.log(
      `  CPU ms per grade, topology: APIs ${round(many.cpuPerGrade.apis, 2)}, workers ${round(many.cpuPerGrade.workers, 2)}, primary ${round(many.cpuPerGrade.primary, 2)}, ` +
        `replica ${round(many.cpuPerGrade.replica, 2)}, PgBouncer ${round(many.cpuPerGrade.pgbouncer, 2)}, HAProxy ${round(many.cpuPerGrade.haproxy, 2)}`,
    );
    console.log(`  CPU ms per stats read, single: app ${round(one.cpuPerRead.app, 2)}, PostgreSQL ${round(one.cpuPerRead.primary, 2)}`);
    console.log(
      `  CPU ms per stats read, topology: APIs ${round(many.cpuPerRead.apis, 2)}, primary ${round(many.cpuPerRead.primary, 2)}, replica ${round(many.cpuPerRead.replica, 2)}, ` +
        `PgBouncer ${round(many.cpuPerRead.pgbouncer, 2)}, HAProxy ${round(many.cpuPerRead.haproxy, 2)}`,
    );
    console.log(`  read-your-writes: the commit position per write answer costs ${round(commit.ms, 3)} ms (one round trip through PgBouncer) and ${round(commit.pgMs, 3)} ms of PostgreSQL CPU`);
    const totalOne = one.cpuPerGrade.app + one.cpuPerGrade.primary;
    const totalMany = Object.entries(many.cpuPerGrade)
      .filter(([k]) => !['apis', 'workers'].includes(k))
      .reduce((n, [, v]) => n + v, 0);
    result('topology grades/s (single process as baseline)', many.gradesPerS, 'grades/s', one.gradesPerS, many.gradesPerS / one.gradesPerS);
    result('topology grade p99 (single process as baseline)', many.p99, 'ms', one.p99, many.p99 / one.p99);
    result('topology stats read p99 (single process as baseline)', many.readP99, 'ms', one.readP99, many.readP99 / one.readP99);
    result('topology CPU per grade, all pieces (single process as baseline)', totalMany, 'ms', totalOne, totalMany / totalOne);
    result('single process without prepared statements, PostgreSQL CPU per grade (with them as baseline)', unnamed.cpuPerGrade.primary, 'ms', one.cpuPerGrade.primary, unnamed.cpuPerGrade.primary / one.cpuPerGrade.primary);
    result('commit position round trip per write', commit.ms, 'ms', NaN, NaN);
    return one.errors.size || unnamed.errors.size || many.errors.size ? 1 : 0;
  } finally {
    await stopChild(single);
    await stopTopology();
    forget();
  }
}

runMain(main);
