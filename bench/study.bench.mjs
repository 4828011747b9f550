// Study benchmark (issue 5): grades/s and p99 of POST /api/flashcard with 64 concurrent learners over
// loopback, and the p99 of GET /api/users/stats and GET /api/flashcard for a learner with 100 events vs one
// with 100,000 events. Runs the built app (backend/dist/main.js, ROLE=all: API, projection runner, awards
// reactor in one process) on a random port against its own database. Run after `npm run build -w backend`.
// Last, the ceiling this machine puts on grades: GET /api/flashcard alone and the grade's write alone.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import {
  dist,
  dropDatabase,
  freePort,
  freshDatabase,
  httpClient,
  percentile,
  pgbenchScriptTps,
  pgbenchRun,
  postgresCpuByKind,
  postgresCpuMs,
  processCpuMs,
  processSystemCpuMs,
  result,
  root,
  round,
  runMain,
  signUp as signUpWith,
  spawnChild,
  stopChild,
  waitForHealth,
} from './lib.mjs';
import { openLoop, studyingLearner } from './learners.mjs';

const DB = 'kioku_bench_study';
const WRITE_DB = 'kioku_bench_study_write';
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const HEAVY_EVENTS = Number(process.env.BENCH_HEAVY_EVENTS ?? 100_000);
const LIGHT_EVENTS = 100;
const READS = Number(process.env.BENCH_READS ?? 2_000);
const TARGET_GRADES_PER_S = 2_000;
const TARGET_GRADE_P99_MS = 50;
const TARGET_READ_P99_MS = 10;
// Issue 19's targets: CPU per grade (from /proc, over the grade phase) and the open loop's p99.
const TARGET_APP_CPU_MS = 0.6;
const TARGET_PG_CPU_MS = 0.8;
const TARGET_OPEN_P99_MS = 25;
const COURSE = 'kanji1';

const { createPool } = dist('platform/database/database.js');
const { EventStore } = dist('platform/event-store/event-store.js');
const { setSubscription } = dist('accounts/operator/users.operator.js');
const study = dist('study/index.js');

/** The app's HTTP client, once it listens (keep-alive connections for every learner). */
let http;

const signUp = () => signUpWith(http.call, { email: `bench-${randomUUID()}@example.test` });


/** The closed loop: each learner answers again as soon as its answer arrives, until the deadline. */
async function learner(user, deadline, latencies, errors, grade = studyingLearner(http, user, errors)) {
  let grades = 0;
  while (Date.now() < deadline) {
    const r = await grade();
    if (!r) break;
    latencies.push(r.ms);
    if (r.ok) grades++;
  }
  return grades;
}

/**
 * A learner's history written directly: per card, a lesson and then reviews at their due times, decided by the
 * real scheduler (decideGrade) and shifted to end in the last days; each card's events in one append, its
 * card_states row as the grade handler writes it.
 */
async function writeHistory(pool, userId, totalEvents, materials) {
  const store = new EventStore(pool);
  const perCard = Math.max(2, Math.ceil(totalEvents / materials.length));
  const cards = Math.ceil(totalEvents / perCard);
  const now = Date.now();
  let written = 0;
  for (let i = 0; i < cards && written < totalEvents; i++) {
    const m = materials[i % materials.length];
    const n = Math.min(perCard, totalEvents - written);
    let t = new Date(Date.UTC(2023, 0, 1));
    let state = null;
    const events = [];
    for (let k = 0; k < n; k++) {
      const roll = Math.random();
      // A long streak of easy grades would push the history past the year 9999: a card forgotten after a
      // month away keeps every history within a few years.
      const grade = k === 0 ? 3 : roll < 0.35 || state.intervalHours > 30 * 24 ? 0 : roll < 0.65 ? 3 : 5;
      const event = study.decideGrade(
        { userId, course: m.course, materialType: m.material_type, materialId: m.material_id, level: m.level, grade },
        state,
        { now: t, subscriptionActive: true },
      );
      events.push(event);
      state = study.evolve(state ?? study.initialCardState, event);
      t = new Date(state.dueAt.getTime() + Math.random() * 6 * 3_600_000);
    }
    // Shift the card's history so it ends within the last 10 days (some cards due now, some later).
    const offset = now - Math.random() * 10 * 86_400_000 - new Date(events[events.length - 1].data.reviewedAt).getTime();
    const shift = (iso) => new Date(new Date(iso).getTime() + offset).toISOString();
    for (const e of events) Object.assign(e.data, { reviewedAt: shift(e.data.reviewedAt), dueAt: shift(e.data.dueAt) });
    const last = events[events.length - 1].data;
    const client = await pool.connect();
    try {
      await client.query('begin');
      const appended = await store.append(study.cardStreamId(userId, m.course, m.material_type, m.material_id), study.CARD_STREAM_TYPE, 'no_stream', events, { actorId: userId }, client);
      await client.query(
        `insert into card_states (user_id, course, material_type, material_id, level, attempts, mastery, interval_hours, due_at, last_reviewed_at, learned_at, version)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [userId, m.course, m.material_type, m.material_id, m.level, last.attemptsAfter, last.masteryAfter, last.intervalHours, last.dueAt, last.reviewedAt, events[0].data.reviewedAt, appended.streamVersion],
      );
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
    written += n;
  }
  return written;
}

const STUDY_READ_MODELS = ['progress_levels', 'progress_activity', 'progress_awards', 'awards_reactor'];

async function projectionsCaughtUp(pool) {
  const { rows } = await pool.query(
    `select count(*)::int as behind from projection_checkpoints c
      where c.name = any($1::text[])
        and exists (select 1 from events e where (e.transaction_id, e.global_position) > (c.last_tx, c.last_position)
                      and e.transaction_id < pg_snapshot_xmin(pg_current_snapshot()))`,
    [STUDY_READ_MODELS],
  );
  return rows[0].behind === 0;
}

async function readLatencies(users, path) {
  const out = users.map(() => []);
  for (let i = 0; i < 100; i++) for (const u of users) await http.call('GET', path, { headers: { cookie: u.cookie } });
  for (let i = 0; i < READS; i++) {
    // Interleaved, so both learners see the same server and database conditions.
    for (const [k, u] of users.entries()) {
      const started = process.hrtime.bigint();
      const res = await http.call('GET', path, { headers: { cookie: u.cookie } });
      out[k].push(Number(process.hrtime.bigint() - started) / 1e6);
      if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${res.body}`);
    }
  }
  return out.map((l) => l.sort((a, b) => a - b));
}

/** Requests/s of one GET by every learner at once, for `seconds`. */
async function requestRate(users, path, seconds) {
  let n = 0;
  const deadline = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    users.map(async (u) => {
      while (Date.now() < deadline) {
        const res = await http.call('GET', path, { headers: { cookie: u.cookie } });
        if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
        n++;
      }
    }),
  );
  return n / ((Date.now() - started) / 1000);
}

// The grade's write alone, as the grade handler sends it (a review of a new card stream, its card state and
// its Idempotency-Key), from pgbench's C client: no HTTP, no session, no read, no next card.
const RECORD_GRADE_SCRIPT = `select * from study_record_grade('card-bench-' || gen_random_uuid()::text, 'card', 0, gen_random_uuid(),
  'CardGraded', 1::smallint, jsonb_build_object('grade', 3, 'course', 'kanji1'), jsonb_build_object('actorId', null),
  null, gen_random_uuid(), 'kanji1', 'reading', 1, 1::smallint,
  jsonb_build_object('attempts', 2, 'mastery', 'learning', 'interval_hours', 4, 'due_at', now(), 'last_reviewed_at', now(), 'learned_at', now(),
                     'memory', jsonb_build_object('base_hours', 4, 'ease', 2.35, 'relearn_hours', 0, 'lapses', 0)),
  false, 'bench', gen_random_uuid()::text, 'hash');
`;

async function main() {
  console.log(`# study benchmark: ${LEARNERS} learners grading for ${SECONDS} s; reads for ${LIGHT_EVENTS} vs ${HEAVY_EVENTS.toLocaleString()} events`);
  const pgbench = await pgbenchRun(LEARNERS, 5);
  const tps = pgbench.tps;
  console.log(`pgbench -N, ${LEARNERS} clients: ${round(tps)} TPS, PostgreSQL ${round(pgbench.pgCpuMsPerTransaction, 3)} ms CPU per transaction (baseline)`);

  const url = await freshDatabase(DB, { keep: process.env.BENCH_KEEP_DB === '1' });
  const pool = createPool(url, 8);
  let child;
  try {
    const port = await freePort();
    // npm start's own path: migrations, the bundled content load, then API + projections + awards reactor.
    // BENCH_APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the app (written when it stops).
    const nodeArgs = (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
    child = spawnChild(process.execPath, [...nodeArgs, join(root, 'backend', 'dist', 'main.js')], {
      // VOICE_AUTO off: the system voice speaks a new catalogue once (minutes of Open JTalk); a server in steady state has
      // done it, and its CPU is not the grades'.
      env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', ROLE: process.env.BENCH_ROLE ?? 'all', LOG_LEVEL: 'warn', FRONTEND_DIST: '/nonexistent', VOICE_AUTO: 'off' },
      stdio: ['ignore', 'inherit', 'inherit'],
      // a --cpu-prof profile is written as it stops
    }, { name: 'app', graceMs: 60_000 });
    await waitForHealth(`http://127.0.0.1:${port}`, child, 180_000);
    http = httpClient(port, LEARNERS + 8);

    // The catalogue: the bundled content the app loaded; synthetic rows if there was none to load.
    let { rows } = await pool.query(`select count(*)::int as n from materials where servable`);
    if (rows[0].n === 0) {
      await pool.query(
        `insert into materials (material_type, material_id, course, level, position, version, servable, data)
         select t, c * 10000 + g, course, 1 + (g - 1) / 200, g, 1, true, jsonb_build_object('kana', 'か', 'sentence', 'テスト', 'sentence_meaning', 'test')
           from unnest(array['kana','kanji1','kanji2','vocab1','vocab2','vocab3'], array['kana','reading','reading','vocab','vocab','vocab']) with ordinality x(course, t, c),
                generate_series(1, 1800) g`,
      );
      console.log('catalogue: no bundled content loaded; 10,800 synthetic materials inserted');
    }
    ({ rows } = await pool.query(`select course, count(*)::int as n from materials where servable group by course order by course`));
    console.log(`catalogue (servable): ${rows.map((r) => `${r.course} ${r.n}`).join(', ')}`);

    // 1. Grades: LEARNERS new subscribers studying concurrently.
    const learners = [];
    for (let i = 0; i < LEARNERS; i++) learners.push(await signUp());
    for (const l of learners) await setSubscription(pool, l.email, 'active');
    const warm = Date.now() + 1_000;
    await Promise.all(learners.slice(0, 8).map((l) => learner(l, warm, [], new Map())));
    const latencies = [];
    const errors = new Map();
    const graders = learners.map((l) => studyingLearner(http, l, errors));
    // BENCH_PG_STATEMENTS=1 on a cluster that preloads pg_stat_statements: the grade phase's statements, top first.
    const statements = process.env.BENCH_PG_STATEMENTS === '1';
    if (statements) await pool.query('create extension if not exists pg_stat_statements').then(() => pool.query('select pg_stat_statements_reset()'));
    const cpu0 = { app: processCpuMs(child.pid), appSystem: processSystemCpuMs(child.pid), pg: postgresCpuMs(), pgKinds: postgresCpuByKind(), driver: processCpuMs(process.pid) };
    const started = Date.now();
    const counts = await Promise.all(learners.map((l, i) => learner(l, started + SECONDS * 1000, latencies, errors, graders[i])));
    const elapsed = (Date.now() - started) / 1000;
    const grades = counts.reduce((a, b) => a + b, 0);
    // CPU per grade over the grade phase only: the app process, every PostgreSQL process, this load driver.
    const perGrade = {
      app: (processCpuMs(child.pid) - cpu0.app) / grades,
      appSystem: (processSystemCpuMs(child.pid) - cpu0.appSystem) / grades,
      pg: (postgresCpuMs() - cpu0.pg) / grades,
      driver: (processCpuMs(process.pid) - cpu0.driver) / grades,
    };
    console.log(
      `CPU per grade: app ${round(perGrade.app, 3)} ms (of which kernel ${round(perGrade.appSystem, 3)}; target ≤ ${TARGET_APP_CPU_MS}), PostgreSQL ${round(perGrade.pg, 3)} ms (target ≤ ${TARGET_PG_CPU_MS}; ` +
        `${round(perGrade.pg / pgbench.pgCpuMsPerTransaction, 1)} × a pgbench -N transaction), load driver ${round(perGrade.driver, 3)} ms`,
    );
    const pgKinds = postgresCpuByKind();
    const split = Object.entries(pgKinds)
      .map(([kind, ms]) => [kind, (ms - (cpu0.pgKinds[kind] ?? 0)) / grades])
      .filter(([, ms]) => ms >= 0.005)
      .sort((a, b) => b[1] - a[1]);
    console.log(`PostgreSQL CPU per grade by process: ${split.map(([kind, ms]) => `${kind} ${round(ms, 3)} ms`).join(', ')}`);
    latencies.sort((a, b) => a - b);
    const gradesPerSecond = grades / elapsed;
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    console.log(
      `grades: ${grades} in ${round(elapsed, 2)} s = ${round(gradesPerSecond)} grades/s (target ≥ ${TARGET_GRADES_PER_S}); p50 ${round(p50, 2)} ms, p99 ${round(p99, 2)} ms (target ≤ ${TARGET_GRADE_P99_MS} ms)` +
        (errors.size ? `; non-200 answers: ${JSON.stringify(Object.fromEntries(errors))}` : ''),
    );

    if (statements) {
      const { rows: top } = await pool.query(
        `select calls, total_exec_time as ms, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as query
           from pg_stat_statements where query not like '%pg_stat_statements%' order by total_exec_time desc limit 30`,
      );
      const { rows: all } = await pool.query(`select sum(calls)::float8 as calls, sum(total_exec_time)::float8 as ms from pg_stat_statements where query not like '%pg_stat_statements%'`);
      console.log(`pg_stat_statements over the closed loop: ${round(all[0].calls / grades, 2)} statements and ${round(all[0].ms / grades, 3)} ms of execution per grade (exec ms per grade, calls per grade, statement):`);
      for (const r of top) console.log(`  ${round(r.ms / grades, 3)} ms  ${round(r.calls / grades, 2)}×  ${r.query}`);
    }

    // 1b. The open loop at 60% of the closed loop's rate: latency with room to spare, queueing included.
    const rate = 0.6 * gradesPerSecond;
    const open = await openLoop(graders, rate, SECONDS);
    const openP50 = percentile(open, 50);
    const openP99 = percentile(open, 99);
    console.log(`open loop at ${round(rate)} grades/s (60% of the closed loop): ${open.length} grades, p50 ${round(openP50, 2)} ms, p99 ${round(openP99, 2)} ms (target p99 ≤ ${TARGET_OPEN_P99_MS} ms)`);

    // 2. Reads for a learner with 100 events vs one with 100,000, written directly.
    const [light, heavy] = [await signUp(), await signUp()];
    for (const u of [light, heavy]) await setSubscription(pool, u.email, 'active');
    const { rows: materials } = await pool.query(
      `select material_type, material_id, course, level from materials where servable order by course = $1 desc, course, level, position`,
      [COURSE],
    );
    const t0 = Date.now();
    await writeHistory(pool, light.id, LIGHT_EVENTS, materials.filter((m) => m.course === COURSE).slice(0, 10));
    const heavyWritten = await writeHistory(pool, heavy.id, HEAVY_EVENTS, materials);
    console.log(`history: ${LIGHT_EVENTS} and ${heavyWritten.toLocaleString()} events written in ${round((Date.now() - t0) / 1000, 1)} s`);
    const t1 = Date.now();
    while (!(await projectionsCaughtUp(pool))) {
      if (Date.now() - t1 > 300_000) throw new Error('the projections did not catch up within 300 s');
      await new Promise((r) => setTimeout(r, 200));
    }
    console.log(`projections caught up with the history in ${round((Date.now() - t1) / 1000, 1)} s`);
    // The history went in within seconds; a live database's autovacuum would have processed it since (it wakes
    // every minute). Without it, index-only scans of the learner's cards visit the heap for every row.
    await pool.query('vacuum (analyze) card_states, events, progress_level_counts');
    const { rows: cards } = await pool.query(
      `select user_id = $1 as heavy, count(*)::int as cards, count(*) filter (where due_at <= now())::int as due
         from card_states where user_id = any($2::uuid[]) and course = $3 group by 1`,
      [heavy.id, [light.id, heavy.id], COURSE],
    );
    console.log(`${COURSE} cards (due now): ${cards.map((r) => `${r.heavy ? 'heavy' : 'light'} ${r.cards} (${r.due})`).join(', ')}`);

    const lines = [];
    for (const [name, path] of [
      ['stats', `/api/users/stats?course=${COURSE}`],
      ['flashcard', `/api/flashcard?course=${COURSE}`],
    ]) {
      const [l, h] = await readLatencies([light, heavy], path);
      const lp = percentile(l, 99);
      const hp = percentile(h, 99);
      console.log(
        `GET ${path}: p50 ${round(percentile(l, 50), 2)} / ${round(percentile(h, 50), 2)} ms, p99 ${round(lp, 2)} / ${round(hp, 2)} ms (100 / ${HEAVY_EVENTS.toLocaleString()} events; target p99 ≤ ${TARGET_READ_P99_MS} ms, within 20%)`,
      );
      lines.push([name, lp, hp]);
    }

    // 3. What the machine allows a grade at most (measured last, so its load does not touch the reads above).
    // A grade answers with the learner's next card and counts, so it does at least the work of GET
    // /api/flashcard (the session check, the next-card read) and the work of its write. Each is measured alone
    // with the whole machine to itself, so together they cannot exceed 1 / (1/r + 1/w), before the grade's own
    // read of the card, the second flashcard in its answer and the read models' work are counted. The session
    // check alone is printed for scale.
    const sessionOnly = await requestRate(learners, '/api/auth/csrf', 5);
    const nextCard = await requestRate(learners, `/api/flashcard?course=${COURSE}`, 5);
    // In a database of its own: its made-up events must not reach the app's read models.
    await freshDatabase(WRITE_DB);
    const writeOnly = await pgbenchScriptTps(WRITE_DB, RECORD_GRADE_SCRIPT, LEARNERS, 5);
    await dropDatabase(WRITE_DB);
    const bound = 1 / (1 / nextCard + 1 / writeOnly);
    console.log(
      `ceiling: GET /api/flashcard ${round(nextCard)} req/s (a request that only checks its session: ${round(sessionOnly)} req/s); ` +
        `the grade's write alone (study_record_grade from pgbench, ${LEARNERS} clients) ${round(writeOnly)}/s; ` +
        `a grade does both: ≤ ${round(bound)} grades/s = ${round(bound / tps, 2)} × pgbench, before its own read and the read models`,
    );

    result('study_grades_per_second', gradesPerSecond, 'grades/s', tps, gradesPerSecond / tps);
    result('study_app_cpu_ms_per_grade', perGrade.app, 'ms', TARGET_APP_CPU_MS, perGrade.app / TARGET_APP_CPU_MS);
    result('study_pg_cpu_ms_per_grade', perGrade.pg, 'ms', pgbench.pgCpuMsPerTransaction, perGrade.pg / pgbench.pgCpuMsPerTransaction);
    result('study_open_loop_p99', openP99, 'ms', TARGET_OPEN_P99_MS, openP99 / TARGET_OPEN_P99_MS);
    result('study_grade_p99', p99, 'ms', TARGET_GRADE_P99_MS, p99 / TARGET_GRADE_P99_MS);
    result('study_grade_ceiling_per_second', bound, 'grades/s', tps, bound / tps);
    for (const [name, lp, hp] of lines) {
      result(`study_${name}_p99_100_events`, lp, 'ms', TARGET_READ_P99_MS, lp / TARGET_READ_P99_MS);
      result(`study_${name}_p99_100k_events`, hp, 'ms', lp, hp / lp);
    }
  } finally {
    http?.close();
    await stopChild(child);
    await pool.end();
    if (process.env.BENCH_KEEP_DB !== '1') await dropDatabase(DB);
  }
}

runMain(main);
