// npm run test:topology (issue 20): the failure drills of the scaled-out topology (infra/topology), run by .ci/run
// after the single-process drills. One topology is started (its own PostgreSQL primary and streaming replica,
// PgBouncer, Redis, two APIs, two workers, HAProxy), learners drive it through HAProxy as the study panel does
// (scripts/drills.mjs's learner loop: an Idempotency-Key per answer, the same key on every retry), and each drill
// breaks one piece for real and checks what the learners were told against what the primary holds:
//
//   replica      read-your-writes while the replica's replay is paused (a learner who just wrote reads from the
//                primary, another from the replica), the paused replica leaving the rotation past the lag bound and
//                coming back; then the replica stopped under reads (all answered, from the primary) and started
//                again (used again)
//   redis        Redis stopped: learners keep studying; the media jobs (system voice) resume when it is back
//   kill API     kill -9 one API under 32 learners: every acknowledged grade present once, none doubled
//   kill worker  kill -9 the worker holding the projection leases: the other takes over within lease + 2 s, every
//                event applied exactly once
//   postgres     the primary restarted under load: 503s during the outage (never a 500), nothing acknowledged
//                lost, the topology recovers without restarting anything
//
// Counts are printed; totals go to artifacts/topology-summary.json, which .ci/run adds into its closing line.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTopology } from '../infra/topology/topology.mjs';
import { httpClient, require, root, signUp } from './app-harness.mjs';
import { checkRecorded, learner, readModelsMatchEvents } from './drills.mjs';

const pg = require('pg');
const results = [];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const LEASE_SECONDS = 5;

function record(name, ok, figures) {
  results.push({ name, ok });
  console.log(`${ok ? 'PASS' : 'FAIL'} topology drill ${name}: ${figures}`);
}

async function until(what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await sleep(100);
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
}

/** A Prometheus counter or gauge of one API (summed over its label sets matching `labels`). */
async function metric(api, name, labels = '') {
  const text = await (await fetch(api.metricsUrl)).text();
  let sum = 0;
  for (const line of text.split('\n')) if (line.startsWith(`${name}${labels ? `{${labels}}` : ''} `) || (!labels && line.startsWith(`${name}{`))) sum += Number(line.split(' ').pop());
  return sum;
}

const readsTo = async (apis, target) => (await Promise.all(apis.map((a) => metric(a, 'kioku_replica_eligible_reads_total', `target="${target}"`)))).reduce((a, b) => a + b, 0);

function statusSummary(done) {
  const statuses = new Map();
  for (const d of done) for (const [s, n] of d.statuses) statuses.set(s, (statuses.get(s) ?? 0) + n);
  return statuses;
}
const seen = (statuses) => [...statuses].map(([s, n]) => `${s}×${n}`).join(' ');

async function learners(t, n) {
  const users = [];
  for (let i = 0; i < n; i++) users.push(await signUp(t.http.call, { email: `topology-${randomUUID()}@example.test` }));
  return users;
}

/** Grading load through HAProxy until stop(): what each learner was told. */
function load(t, users) {
  let stopAt = Infinity;
  const runs = users.map((u) => learner(t, u, () => stopAt).then((r) => ({ ...r, user: u })));
  return {
    async stop() {
      stopAt = 0;
      const done = await Promise.all(runs);
      return { done, acked: done.flatMap((d) => d.acked.map((x) => ({ ...x, user: d.user }))), statuses: statusSummary(done) };
    },
  };
}

const withoutCommitCookie = (cookie) =>
  cookie
    .split('; ')
    .filter((c) => !c.startsWith('kioku_commit='))
    .join('; ');
const commitCookie = (res) => [].concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('kioku_commit='))?.split(';')[0];

async function replicaDrill(t) {
  const api = t.apis[0];
  const direct = httpClient(api.port, 8);
  const replica = new pg.Client({ connectionString: t.urls.replica });
  replica.on('error', () => undefined); // cut when the drill stops the replica
  await replica.connect();
  try {
    const [writer, reader] = await learners(t, 2);
    const headersOf = (u, cookie) => ({ 'content-type': 'application/json', 'x-xsrf-token': u.token, cookie });
    const stats = (cookie, u) => direct.call('GET', '/api/users/stats?course=kanji1', { headers: headersOf(u, cookie) });
    const readerCookie = withoutCommitCookie(reader.cookie);
    await until('replica in rotation', async () => (await metric(api, 'kioku_replica_in_rotation')) === 1, 15_000);

    // Read-your-writes: replay paused, the writer's grade is on the primary only.
    await replica.query('select pg_wal_replay_pause()');
    const card = JSON.parse((await direct.call('GET', '/api/flashcard?course=kanji1', { headers: headersOf(writer, writer.cookie) })).body).flashcard;
    const graded = await direct.call('POST', '/api/flashcard', {
      headers: { ...headersOf(writer, withoutCommitCookie(writer.cookie)), 'idempotency-key': randomUUID() },
      body: JSON.stringify({ id: card.flashcard_id, grade: 3, fetch_new: true }),
    });
    const writerCookie = `${withoutCommitCookie(writer.cookie)}; ${commitCookie(graded)}`;
    const [p0, r0] = [await readsTo([api], 'primary'), await readsTo([api], 'replica')];
    const writerReads = await Promise.all(Array.from({ length: 5 }, () => stats(writerCookie, writer)));
    const [p1, r1] = [await readsTo([api], 'primary'), await readsTo([api], 'replica')];
    const readerReads = await Promise.all(Array.from({ length: 5 }, () => stats(readerCookie, reader)));
    const [p2, r2] = [await readsTo([api], 'primary'), await readsTo([api], 'replica')];
    const ryw = graded.status === 200 && commitCookie(graded) && p1 - p0 === 5 && r1 === r0 && r2 - r1 === 5 && p2 === p1;
    const allOk = (rs) => rs.every((r) => r.status === 200);

    // Still paused: past the bound the replica leaves the rotation, and everyone reads from the primary.
    const pausedAt = Date.now();
    await until('paused replica out of the rotation', async () => (await metric(api, 'kioku_replica_in_rotation')) === 0, 15_000);
    const outAfter = Date.now() - pausedAt;
    const outReads = await Promise.all(Array.from({ length: 5 }, () => stats(readerCookie, reader)));
    const [p3, r3] = [await readsTo([api], 'primary'), await readsTo([api], 'replica')];
    await replica.query('select pg_wal_replay_resume()');
    await until('resumed replica back in the rotation', async () => (await metric(api, 'kioku_replica_in_rotation')) === 1, 15_000);
    await Promise.all(Array.from({ length: 5 }, () => stats(readerCookie, reader)));
    const r4 = await readsTo([api], 'replica');
    const lagOk = p3 - p2 === 5 && r3 === r2 && r4 - r3 === 5;
    record(
      'replica read-your-writes and lag',
      ryw && lagOk && allOk(writerReads) && allOk(readerReads) && allOk(outReads),
      `replay paused: the learner who just graded read ${p1 - p0}/5 times from the primary (${r1 - r0} from the replica), another learner ${r2 - r1}/5 from the replica; ` +
        `the paused replica left the rotation after ${(outAfter / 1000).toFixed(1)} s (bound ${t.appEnv.DATABASE_REPLICA_MAX_LAG_MS ?? 5000} ms; then ${p3 - p2}/5 reads from the primary), replay resumed: ${r4 - r3}/5 from the replica`,
    );

    // The replica stopped under reads (stats and the dictionary, through HAProxy), then started again.
    const readers = await learners(t, 6);
    const statuses = new Map();
    let reading = true;
    const paths = ['/api/users/stats?course=kanji1', '/api/kanji?course=kanji1&tab=1', '/api/users/course_mastery?course=kanji1'];
    const runs = readers.map(async (u, i) => {
      for (let n = i; reading; n++) {
        const res = await t.http.call('GET', paths[n % paths.length], { headers: headersOf(u, withoutCommitCookie(u.cookie)) }).catch(() => null);
        const s = res?.status ?? 'connection';
        statuses.set(s, (statuses.get(s) ?? 0) + 1);
        await sleep(20);
      }
    });
    await sleep(1_500);
    t.replica.stop();
    const stoppedAt = Date.now();
    // Within a second (the first failed read, or the monitor's next sample) it is out of the rotation.
    await sleep(1_000);
    const [outReplica, outPrimary] = [await readsTo(t.apis, 'replica'), await readsTo(t.apis, 'primary')];
    await sleep(2_000);
    const [duringReplica, duringPrimary, fallbacks] = [await readsTo(t.apis, 'replica'), await readsTo(t.apis, 'primary'), await readsTo(t.apis, 'replica_fallback')];
    t.replica.start();
    const down = Date.now() - stoppedAt;
    await until('replica back in both APIs', async () => (await Promise.all(t.apis.map((a) => metric(a, 'kioku_replica_in_rotation')))).every((v) => v === 1), 20_000);
    const backAt = await readsTo(t.apis, 'replica');
    await sleep(1_500);
    reading = false;
    await Promise.all(runs);
    const after = await readsTo(t.apis, 'replica');
    const failures = [...statuses].filter(([s]) => s !== 200).reduce((n, [, v]) => n + v, 0);
    // Reads already on their way to the replica when it stopped are answered by the primary (replica_fallback).
    const ok = failures === 0 && duringPrimary - outPrimary > 0 && duringReplica === outReplica && after - backAt > 0;
    record(
      'replica stopped and started',
      ok,
      `replica down ${(down / 1000).toFixed(1)} s under ${readers.length} readers: answers ${seen(statuses)}; ${fallbacks} reads the replica failed answered by the primary, ` +
        `from 1 s after the stop ${duringPrimary - outPrimary} reads went to the primary and ${duringReplica - outReplica} to the replica; started again: ${after - backAt} reads from the replica`,
    );
  } finally {
    direct.close();
    await replica.end().catch(() => undefined);
  }
}

const mediaDone = async (t) => (await t.pool.query(`select count(*)::int as n from events where event_type = 'MediaActionSucceeded'`)).rows[0].n;

async function redisDrill(t) {
  // The workers speak the catalogue in the background (VOICE_AUTO): those are the media jobs.
  await until('media jobs running', async () => (await mediaDone(t)) > 0, 60_000);
  const users = await learners(t, 8);
  const l = load(t, users);
  await sleep(1_000);
  await t.redis.kill('SIGTERM');
  const stoppedAt = Date.now();
  await sleep(4_000);
  const mediaAtRestart = await mediaDone(t);
  await t.redis.start();
  const down = Date.now() - stoppedAt;
  const { acked, statuses } = await l.stop();
  let resumed = 0;
  await until('media jobs after Redis is back', async () => (resumed = (await mediaDone(t)) - mediaAtRestart) > 0, 60_000).catch(() => undefined);
  const errors = [...statuses].filter(([s]) => s === 'connection' || s >= 500).reduce((n, [, v]) => n + v, 0);
  const c = await checkRecorded(t, users, acked);
  const ok = errors === 0 && c.acknowledged > 20 && c.missing === 0 && c.duplicates === 0 && resumed > 0;
  record(
    'redis stopped',
    ok,
    `Redis down ${(down / 1000).toFixed(1)} s under ${users.length} learners: ${c.acknowledged} grades acknowledged (${seen(statuses)}), ${errors} errors, ${c.missing} lost; ${resumed} media jobs done after it came back`,
  );
}

async function killApiDrill(t) {
  const users = await learners(t, 32);
  const l = load(t, users);
  await sleep(2_000);
  const victim = t.apis[0];
  await victim.kill('SIGKILL');
  await sleep(3_000);
  await victim.start();
  await sleep(1_500);
  const { done, acked, statuses } = await l.stop();
  const c = await checkRecorded(t, users, acked);
  const cut = done.reduce((n, d) => n + (d.statuses.get('connection') ?? 0), 0);
  const ok = c.acknowledged > 100 && c.missing === 0 && c.duplicates === 0 && c.unacknowledged === 0;
  record(
    'kill -9 API',
    ok,
    `one of two APIs killed under ${users.length} learners through HAProxy (and started again): ${c.acknowledged} grades acknowledged, ${c.events} present, ${c.missing} lost, ${c.duplicates} duplicated, ${c.unacknowledged} recorded without an answer; answers ${seen(statuses)} (${cut} cut off, retried with the same key)`,
  );
}

async function leases(t) {
  return (await t.pool.query(`select name, owner_id from projection_checkpoints where status = 'running' and owner_id is not null and lease_until > now()`)).rows;
}

async function killWorkerDrill(t) {
  await until('projection leases held', async () => (await leases(t)).length > 0, 30_000);
  const held = await leases(t);
  const pidOf = (owner) => Number(/^runner-(\d+)-/.exec(owner ?? '')?.[1]);
  const byPid = new Map();
  for (const l of held) byPid.set(pidOf(l.owner_id), (byPid.get(pidOf(l.owner_id)) ?? 0) + 1);
  const victim = t.workers.find((w) => byPid.has(w.pid)) ?? t.workers[0];
  const victimLeases = held.filter((l) => pidOf(l.owner_id) === victim.pid).map((l) => l.name);
  const users = await learners(t, 8);
  const l = load(t, users);
  await sleep(1_000);
  await victim.kill('SIGKILL');
  const killedAt = Date.now();
  await until(
    'the other worker takes over',
    async () => {
      const now = await leases(t);
      return victimLeases.every((name) => now.some((x) => x.name === name && pidOf(x.owner_id) !== victim.pid));
    },
    LEASE_SECONDS * 1000 + 20_000,
  ).catch(() => undefined);
  const takeover = Date.now() - killedAt;
  await sleep(1_000);
  await l.stop();
  const exact = await readModelsMatchEvents(t);
  const { rows } = await t.pool.query(`select count(*)::int as n from events where event_type in ('CardLearned', 'CardGraded')`);
  await victim.start();
  const ok = victimLeases.length > 0 && takeover <= LEASE_SECONDS * 1000 + 2_000 && exact;
  record(
    'kill -9 worker',
    ok,
    `the worker holding ${victimLeases.join(', ') || 'no lease'} killed under ${users.length} learners: the other took over in ${(takeover / 1000).toFixed(1)} s (lease ${LEASE_SECONDS} s + 2 s allowed); ${rows[0].n} grade events, read models ${exact ? 'equal to' : 'NOT equal to'} the events (each applied exactly once)`,
  );
}

async function postgresDrill(t) {
  const users = await learners(t, 16);
  const l = load(t, users);
  await sleep(1_500);
  t.primary.stop('fast');
  const stoppedAt = Date.now();
  await sleep(2_000);
  t.primary.start();
  const outage = Date.now() - stoppedAt;
  await sleep(4_000);
  const { acked, statuses } = await l.stop();
  // Nothing was restarted but PostgreSQL: the topology answers again by itself.
  let health = 0;
  await until('healthy again through HAProxy', async () => (health = (await t.http.call('GET', '/api/health')).status) === 200, 20_000).catch(() => undefined);
  t.pool.end().catch(() => undefined);
  t.pool = new pg.Pool({ connectionString: t.urls.primary, max: 4 });
  t.pool.on('error', () => undefined);
  const c = await checkRecorded(t, users, acked);
  const fivehundreds = statuses.get(500) ?? 0;
  const unavailable = statuses.get(503) ?? 0;
  const ok = health === 200 && fivehundreds === 0 && unavailable > 0 && c.missing === 0 && c.duplicates === 0 && c.acknowledged > 20;
  record(
    'postgres restart',
    ok,
    `primary down ${(outage / 1000).toFixed(1)} s under ${users.length} learners: answers ${seen(statuses)} (${unavailable} 503s during the outage, ${fivehundreds} 500s); health after: ${health} without restarting anything; ${c.acknowledged} grades acknowledged, ${c.missing} lost, ${c.duplicates} duplicated`,
  );
}

async function main() {
  const build = spawnSync('npm', ['run', 'build', '-w', 'backend', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) return 1;
  const started = Date.now();
  const only = process.argv.slice(2);
  const t = await startTopology({
    log: (line) => console.log(`  topology: ${line}`),
    env: { VOICE_AUTO: 'off', PROJECTION_LEASE_SECONDS: String(LEASE_SECONDS), LOG_LEVEL: process.env.DRILL_LOG_LEVEL ?? 'fatal' },
    // a trickle of system-voice clips: the media jobs of the Redis drill
    workerEnv: { VOICE_AUTO: 'on', VOICE_BATCH: '6', VOICE_SCAN_MS: '3000', MEDIA_WORKER_CONCURRENCY: '1' },
  });
  console.log(`  topology up in ${((Date.now() - started) / 1000).toFixed(1)} s at ${t.url}`);
  t.http = httpClient(t.ports.haproxy, 64);
  t.pool = new pg.Pool({ connectionString: t.urls.primary, max: 4 });
  t.pool.on('error', () => undefined);
  const drills = { replica: replicaDrill, redis: redisDrill, 'kill-api': killApiDrill, 'kill-worker': killWorkerDrill, postgres: postgresDrill };
  try {
    for (const [name, drill] of Object.entries(drills)) {
      if (only.length && !only.includes(name)) continue;
      const at = Date.now();
      try {
        await drill(t);
      } catch (error) {
        record(name, false, `crashed: ${error.stack ?? error}`);
      }
      console.log(`  (${((Date.now() - at) / 1000).toFixed(1)} s)`);
    }
  } finally {
    t.http.close();
    await t.pool.end().catch(() => undefined);
    await t.stop();
  }
  const failed = results.filter((r) => !r.ok).length;
  mkdirSync(join(root, 'artifacts'), { recursive: true });
  writeFileSync(join(root, 'artifacts', 'topology-summary.json'), JSON.stringify({ passed: results.length - failed, failed, skipped: 0 }));
  console.log(`topology drills: ${results.length - failed} passed, ${failed} failed (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
