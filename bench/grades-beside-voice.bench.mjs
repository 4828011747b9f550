// Grades beside the system voice (issue 34, item 2): learners must not feel the media worker. The built app as
// `npm start` runs it (backend/dist/main.js, ROLE=all) on one database, started three times:
//   idle   VOICE_AUTO=off: no clips are made (the baseline of this run);
//   same   the voice making the catalogue's clips in the API's own process (MEDIA_PROCESS=same, npm start on a
//          machine with more than 2 cores);
//   own    the voice in a niced process of its own (MEDIA_PROCESS=own, what npm start picks on 2 cores or fewer).
// In each, the same learners answer in an open loop at a fixed rate (latency from when the answer was due, so
// queueing counts): grade p50/p99, the API process's CPU per grade (from /proc) and the clips made meanwhile.
// Knobs: BENCH_LEARNERS (16), BENCH_RATE (grades/s, 60), BENCH_SECONDS (per phase, 20), BENCH_WARM_UP_SECONDS (5).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLoop, studyingLearner } from './learners.mjs';
import { dist, freePort, freshDatabase, httpClient, percentile, processCpuMs, result, root, round, runMain, signUp, spawnChild, stopChild, waitForHealth } from './lib.mjs';

const DB = 'kioku_bench_voice_grades';
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 16);
const RATE = Number(process.env.BENCH_RATE ?? 60);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const TARGET_P99_MS = 50;
const CLIPS_START_MS = 180_000;
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 5);

const { setSubscription } = dist('accounts/operator/users.operator.js');
const { createPool } = dist('platform/database/database.js');

const PHASES = [
  { name: 'idle', what: 'no voice (VOICE_AUTO=off)', env: { VOICE_AUTO: 'off', MEDIA_PROCESS: 'same' } },
  { name: 'same', what: 'voice in the API process (MEDIA_PROCESS=same)', env: { VOICE_AUTO: 'on', MEDIA_PROCESS: 'same' } },
  { name: 'own', what: 'voice in its own niced process (MEDIA_PROCESS=own)', env: { VOICE_AUTO: 'on', MEDIA_PROCESS: 'own' } },
];

const clipsMade = async (pool) => (await pool.query(`select count(*)::int as n from events where event_type = 'MediaActionSucceeded'`)).rows[0].n;

async function startApp(url, port, mediaDir, env) {
  const child = spawnChild(
    process.execPath,
    [join(root, 'backend', 'dist', 'main.js')],
    { env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', FRONTEND_DIST: '/nonexistent', MEDIA_DIR: mediaDir, ...env }, stdio: ['ignore', 'inherit', 'inherit'] },
    { name: 'app', graceMs: 30_000 },
  );
  await waitForHealth(`http://127.0.0.1:${port}`, child, 180_000);
  return child;
}

async function main() {
  const cores = availableParallelism();
  console.log(`# grades beside the voice: ${LEARNERS} learners, ${RATE} grades/s for ${SECONDS} s per phase; ${cores} cores (npm start picks MEDIA_PROCESS=${cores <= 2 ? 'own' : 'same'} here)`);
  const url = await freshDatabase(DB);
  const pool = createPool(url, 2);
  const port = await freePort();
  const http = httpClient(port, LEARNERS + 4);
  // Clips of its own: a media directory that already held the catalogue's clips would make none.
  const mediaDir = mkdtempSync(join(tmpdir(), 'kioku-bench-voice-'));
  const figures = {};
  let child;
  try {
    let graders;
    for (const phase of PHASES) {
      child = await startApp(url, port, mediaDir, phase.env);
      if (!graders) {
        const learners = [];
        for (let i = 0; i < LEARNERS; i++) learners.push(await signUp(http.call, { email: `bench-voice-${randomUUID()}@example.test` }));
        for (const l of learners) await setSubscription(pool, l.email, 'active');
        const errors = new Map();
        graders = learners.map((l) => studyingLearner(http, l, errors));
        graders.errors = errors;
      }
      if (phase.env.VOICE_AUTO === 'on') {
        // The voice at work first: its scheduler's first pass, then clips coming out.
        const before = await clipsMade(pool);
        const deadline = Date.now() + CLIPS_START_MS;
        while ((await clipsMade(pool)) < before + 4) {
          if (Date.now() > deadline) throw new Error(`${phase.name}: no voice clips within ${CLIPS_START_MS / 1000} s`);
          await new Promise((r) => setTimeout(r, 500));
        }
      }
      // A restarted app is cold (JIT, prepared statements, caches): a few seconds of the same load first.
      await openLoop(graders, RATE, WARM_UP_SECONDS);
      const clips0 = await clipsMade(pool);
      const cpu0 = processCpuMs(child.pid);
      const latencies = await openLoop(graders, RATE, SECONDS);
      const appCpu = (processCpuMs(child.pid) - cpu0) / latencies.length;
      const clips = (await clipsMade(pool)) - clips0;
      figures[phase.name] = { p50: percentile(latencies, 50), p99: percentile(latencies, 99), appCpu, clips, grades: latencies.length };
      const f = figures[phase.name];
      console.log(`${phase.what}: ${f.grades} grades, p50 ${round(f.p50, 2)} ms, p99 ${round(f.p99, 2)} ms; API process CPU ${round(f.appCpu, 3)} ms per grade; ${f.clips} clips made meanwhile (${round((f.clips * 60) / SECONDS)} a minute)`);
      await stopChild(child);
      child = undefined;
    }
    if (graders.errors.size) console.log(`non-200 answers: ${JSON.stringify(Object.fromEntries(graders.errors))}`);
    const { idle, same, own } = figures;
    console.log(
      `grade p99 with the voice running: ${round(own.p99, 2)} ms in its own process, ${round(same.p99, 2)} ms in the API process, ${round(idle.p99, 2)} ms idle (target ≤ ${TARGET_P99_MS} ms); ` +
        `API CPU per grade ${round(own.appCpu / idle.appCpu, 2)} × idle (own), ${round(same.appCpu / idle.appCpu, 2)} × idle (same)`,
    );
    result('voice_grade_p99_own_process', own.p99, 'ms', TARGET_P99_MS, own.p99 / TARGET_P99_MS);
    result('voice_grade_p99_same_process', same.p99, 'ms', TARGET_P99_MS, same.p99 / TARGET_P99_MS);
    result('voice_grade_p99_idle', idle.p99, 'ms', TARGET_P99_MS, idle.p99 / TARGET_P99_MS);
    result('voice_api_cpu_per_grade_own_vs_idle', own.appCpu, 'ms', idle.appCpu, own.appCpu / idle.appCpu);
    return 0;
  } finally {
    http.close();
    if (child) await stopChild(child);
    await pool.end();
    rmSync(mediaDir, { recursive: true, force: true });
  }
}

runMain(main);
