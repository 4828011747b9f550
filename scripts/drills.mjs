// npm run test:drills (issue 16): failure drills against the built app, run by .ci/run after the browser tests.
// Each drill starts the real app (backend/dist/main.js) on its own database, drives learners over HTTP the way the
// study panel does (an Idempotency-Key per answer, the same key on every retry), breaks something for real and
// checks what the learners were told against what the database holds. Figures are printed; the totals go to
// artifacts/drills-summary.json, which .ci/run adds into its closing line.
//
//   kill -9        the app killed three times under grading load and started again: every acknowledged grade
//                  recorded exactly once, nothing recorded twice.
//   redis down     the app on an unreachable Redis: health "degraded", learners sign up, learn and review.
//   postgres       PostgreSQL restarted under load: answers during the outage are clean 503s (never a 500), the
//                  app recovers by itself, every acknowledged grade is there.
//   long tx        an append held open in a transaction while later grades commit: every read model applies
//                  every event exactly once (counts equal the events).
//   rebuild        every projection rebuilt blue-green after the load (projections:rebuild): tables equal.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appEnvironment, databaseUrl, freePort, httpClient, require, root, signUp, startApp, stopApp } from './app-harness.mjs';

const pg = require('pg');
const dist = (p) => require(join(root, 'backend', 'dist', p));
const { gradeEventId } = dist('study/ids.js');

const results = [];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** An app on its own database, with an HTTP client; `restart()` starts it again on the same port and database. */
async function app(name, extra = {}) {
  const port = await freePort();
  const dbName = `kioku_drill_${name}_${process.pid}`;
  const env = await appEnvironment({ port, dbName, logLevel: process.env.DRILL_LOG_LEVEL ?? 'fatal', extra: { VOICE_AUTO: 'off', MEDIA_QUEUE_PREFIX: `kioku-drill-${name}-${process.pid}`, ...extra } });
  let child = await startApp(env);
  const http = httpClient(port, 64);
  const pool = new pg.Pool({ connectionString: databaseUrl(dbName), max: 4 });
  pool.on('error', () => undefined);
  return {
    http,
    pool,
    env,
    get child() {
      return child;
    },
    async restart() {
      child = await startApp(env);
    },
    async stop() {
      http.close();
      await this.pool.end().catch(() => undefined);
      await stopApp(child, dbName);
    },
  };
}

/**
 * A learner answering cards as the study panel does: each answer gets a new Idempotency-Key and is retried with it
 * until the server acknowledges it (a 200), whatever happens meanwhile. Returns the acknowledged answers.
 */
export function learner(a, user, until, { course = 'kanji1', onAnswer } = {}) {
  const headers = { 'content-type': 'application/json', 'x-xsrf-token': user.token, cookie: user.cookie };
  const acked = [];
  const statuses = new Map();
  const count = (s) => statuses.set(s, (statuses.get(s) ?? 0) + 1);
  const call = async (method, path, body, extra = {}) => {
    try {
      const res = await a.http.call(method, path, { headers: { ...headers, ...extra }, body });
      count(res.status);
      return res;
    } catch {
      count('connection');
      return null;
    }
  };
  const run = (async () => {
    while (Date.now() < until()) {
      const next = await call('GET', `/api/flashcard?course=${course}`);
      if (!next || next.status !== 200) {
        await sleep(100);
        continue;
      }
      const card = JSON.parse(next.body.toString()).flashcard;
      if (!card) break;
      const key = randomUUID();
      const body = JSON.stringify({ id: card.flashcard_id, grade: card.attempts === 0 ? 3 : 5, fetch_new: true });
      // The same answer with the same key until it is acknowledged (a 409 in flight and 5xx/connection errors retry).
      for (let attempt = 0; attempt < 600; attempt++) {
        const res = await call('POST', '/api/flashcard', body, { 'idempotency-key': key });
        if (res?.status === 200) {
          acked.push({ key, id: card.flashcard_id });
          onAnswer?.();
          break;
        }
        if (res && res.status < 500 && res.status !== 409) break; // refused for good: nothing recorded
        await sleep(100);
      }
    }
    return { acked, statuses };
  })();
  return run;
}

async function learners(a, n, { subscribe = false } = {}) {
  const users = [];
  for (let i = 0; i < n; i++) users.push(await signUp(a.http.call, { email: `drill-${randomUUID()}@example.test` }));
  if (subscribe) {
    const { setSubscription } = dist('accounts/operator/users.operator.js');
    for (const u of users) await setSubscription(a.pool, u.email, 'active');
  }
  return users;
}

/** Acknowledged answers against the card events: each one's event present once, no event without an answer. */
export async function checkRecorded(a, users, acked) {
  const ids = acked.map(({ user, key, id }) => gradeEventId(user.id, key, id));
  const { rows } = await a.pool.query(`select event_id::text as id from events where event_id = any($1::uuid[])`, [ids]);
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id)).length;
  const { rows: all } = await a.pool.query(
    `select count(*)::int as n, count(distinct event_id)::int as distinct_ids from events where event_type in ('CardLearned', 'CardGraded') and stream_id like any($1::text[])`,
    [users.map((u) => `card-${u.id}-%`)],
  );
  return { acknowledged: ids.length, events: all[0].n, missing, duplicates: all[0].n - all[0].distinct_ids, unacknowledged: all[0].n - (ids.length - missing) };
}

function record(name, ok, figures) {
  results.push({ name, ok });
  console.log(`${ok ? 'PASS' : 'FAIL'} drill ${name}: ${figures}`);
}

async function killDrill() {
  const a = await app('kill');
  try {
    const users = await learners(a, 24);
    let stopAt = Infinity;
    const runs = users.map((u) => learner(a, u, () => stopAt).then((r) => ({ ...r, user: u })));
    const kills = 3;
    for (let k = 0; k < kills; k++) {
      await sleep(1_500);
      a.child.kill('SIGKILL');
      await new Promise((r) => a.child.once('exit', r));
      await sleep(300);
      await a.restart();
    }
    await sleep(1_500);
    stopAt = 0;
    const done = await Promise.all(runs);
    const acked = done.flatMap((d) => d.acked.map((x) => ({ ...x, user: d.user })));
    const c = await checkRecorded(a, users, acked);
    const connectionErrors = done.reduce((n, d) => n + (d.statuses.get('connection') ?? 0), 0);
    const ok = c.acknowledged > 100 && c.missing === 0 && c.duplicates === 0 && c.unacknowledged === 0;
    record('kill -9', ok, `${kills} kills of the app under ${users.length} learners; ${c.acknowledged} grades acknowledged, ${c.events} grade events, ${c.missing} lost, ${c.duplicates} doubled, ${c.unacknowledged} recorded without an answer; ${connectionErrors} requests cut off and retried`);
  } finally {
    await a.stop();
  }
}

async function redisDownDrill() {
  const a = await app('redis', { REDIS_URL: 'redis://127.0.0.1:1' });
  try {
    const health = JSON.parse((await a.http.call('GET', '/api/health')).body.toString());
    const users = await learners(a, 4);
    const deadline = Date.now() + 3_000;
    const done = await Promise.all(users.map((u) => learner(a, u, () => deadline)));
    const acked = done.flatMap((d, i) => d.acked.map((x) => ({ ...x, user: users[i] })));
    const c = await checkRecorded(a, users, acked);
    const errors = done.reduce((n, d) => n + [...d.statuses].filter(([s]) => s === 'connection' || s >= 500).reduce((m, [, v]) => m + v, 0), 0);
    const ok = health.status === 'degraded' && c.acknowledged >= 20 && errors === 0 && c.missing === 0;
    record('redis down', ok, `health "${health.status}" (redis ${health.redis?.status}); ${users.length} learners signed up and answered ${c.acknowledged} cards, ${errors} errors`);
  } finally {
    await a.stop();
  }
}

async function postgresRestartDrill() {
  const a = await app('postgres');
  try {
    const users = await learners(a, 8);
    let stopAt = Infinity;
    const runs = users.map((u) => learner(a, u, () => stopAt).then((r) => ({ ...r, user: u })));
    await sleep(1_500);
    const cluster = spawnSync('sh', ['-c', 'ls /etc/postgresql | head -1'], { encoding: 'utf8' }).stdout.trim();
    const ctl = (action) => {
      const run = spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', cluster, 'main', action, ...(action === 'stop' ? ['-m', 'fast'] : [])], { encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`pg_ctlcluster ${action} failed: ${run.stderr}`);
    };
    // Down for two seconds (the learners keep answering), then up again; the app is left running.
    ctl('stop');
    const downFor = Date.now();
    await sleep(2_000);
    ctl('start');
    const outage = Date.now() - downFor;
    await sleep(3_000);
    stopAt = 0;
    const done = await Promise.all(runs);
    // The app was not restarted: it answers again by itself.
    const health = await a.http.call('GET', '/api/health');
    const acked = done.flatMap((d) => d.acked.map((x) => ({ ...x, user: d.user })));
    a.pool.end().catch(() => undefined);
    a.pool = new pg.Pool({ connectionString: a.env.DATABASE_URL, max: 4 });
    const c = await checkRecorded(a, users, acked);
    const statuses = new Map();
    for (const d of done) for (const [s, n] of d.statuses) statuses.set(s, (statuses.get(s) ?? 0) + n);
    const fivehundreds = [...statuses].filter(([s]) => s === 500).reduce((n, [, v]) => n + v, 0);
    const unavailable = statuses.get(503) ?? 0;
    const ok = health.status === 200 && fivehundreds === 0 && unavailable > 0 && c.missing === 0 && c.duplicates === 0 && c.acknowledged > 20;
    const seen = [...statuses].map(([s, n]) => `${s}×${n}`).join(' ');
    record('postgres restart', ok, `PostgreSQL down ${(outage / 1000).toFixed(1)} s under ${users.length} learners; answers ${seen} (503s during the outage, no 500); health after: ${health.status} without restarting the app; ${c.acknowledged} grades acknowledged, ${c.missing} lost, ${c.duplicates} doubled`);
  } finally {
    await a.stop();
  }
}

async function longTransactionDrill(a, users) {
  // An append held open: it takes its global position now and commits after later grades.
  const client = new pg.Client({ connectionString: a.env.DATABASE_URL });
  await client.connect();
  const study = dist('study/index.js');
  const held = users[0];
  const { rows } = await client.query(`select material_id, level from materials where course = 'kana' and servable order by level, position limit 1`);
  await client.query('begin');
  const event = study.decideGrade(
    { userId: held.id, course: 'kana', materialType: 'kana', materialId: rows[0].material_id, level: rows[0].level, grade: 3 },
    null,
    { now: new Date(), subscriptionActive: false },
  );
  // Through the grade's own write (event, card state, lesson floor in study_record_grade), as a slow grade would.
  const { appendArguments } = dist('platform/event-store/event-store.js');
  const d = event.data;
  await client.query(
    `select * from study_record_grade($1, $2, $3, $4::uuid, $5, $6::smallint, $7::jsonb, $8::jsonb, $9::uuid, $10::uuid, $11, $12, $13::int,
                                      $14::smallint, $15::int, $16, $17::int, $18::timestamptz, $19::timestamptz, $20::boolean, $21, $22, $23)`,
    // appendArguments' per-event arrays hold this one event: study_record_grade takes each as its single value.
    [...appendArguments(study.cardStreamId(held.id, 'kana', 'kana', rows[0].material_id), study.CARD_STREAM_TYPE, 0, [event], {}).map((a, i) => (i >= 3 && i <= 7 ? a[0] : a)), d.userId, d.course, d.materialType, d.materialId, d.level, d.attemptsAfter, d.masteryAfter, d.intervalHours, d.dueAt, d.reviewedAt, true, null, null, null],
  );
  const deadline = Date.now() + 2_000;
  const during = await Promise.all(users.slice(1).map((u) => learner(a, u, () => deadline)));
  await client.query('commit');
  await client.end();
  return during.reduce((n, d) => n + d.acked.length, 0);
}

/** Every progress read model equals what the card events say, per learner (after they caught up). */
export async function readModelsMatchEvents(a) {
  for (let i = 0; i < 100; i++) {
    const { rows } = await a.pool.query(
      `with ev as (select (data->>'userId')::uuid as u, data->>'course' as c,
                          count(*) filter (where event_type = 'CardLearned') as lessons,
                          count(*) filter (where event_type = 'CardGraded') as reviews,
                          count(distinct stream_id) as cards
                     from events where event_type in ('CardLearned', 'CardGraded') group by 1, 2)
       select count(*)::int as wrong from ev
         left join progress_activity a on a.user_id = ev.u and a.course = ev.c
         left join (select user_id, course, sum(learning + intermediate + mastered) as n from progress_level_counts group by 1, 2) l on l.user_id = ev.u and l.course = ev.c
        where a.lessons is distinct from ev.lessons or a.reviews is distinct from ev.reviews or l.n is distinct from ev.cards`,
    );
    if (rows[0].wrong === 0) return true;
    await sleep(100);
  }
  return false;
}

async function tableSnapshot(pool, tables) {
  const out = {};
  for (const t of tables) out[t] = (await pool.query(`select * from "${t}" order by 1, 2, 3`).catch(() => pool.query(`select * from "${t}" order by 1`))).rows.map((r) => JSON.stringify(r)).sort();
  return out;
}

async function longTxAndRebuildDrills() {
  const a = await app('consistency');
  try {
    const users = await learners(a, 6);
    const later = await longTransactionDrill(a, users);
    const exact = await readModelsMatchEvents(a);
    const { rows } = await a.pool.query(`select count(*)::int as n from events where event_type in ('CardLearned', 'CardGraded')`);
    record('long transaction', exact && later > 0, `an append held open while ${later} later grades committed; ${rows[0].n} grade events, read models ${exact ? 'equal to' : 'NOT equal to'} the events (activity counts and cards per learner)`);

    // Rebuild every projection blue-green, through the operator's command, while the app runs.
    const status = spawnSync(process.execPath, [join(root, 'backend', 'dist', 'cli.js'), 'projections:status'], { env: { ...process.env, ...a.env }, encoding: 'utf8' });
    const names = [...status.stdout.matchAll(/│\s*\d+\s*│\s*'([a-z_0-9]+)'/g)].map((m) => m[1]);
    // Each projection's tables, as it declares them.
    const declared = [
      ...dist('progress/progress.projections.js').PROGRESS_PROJECTIONS,
      dist('study/card-states.projection.js').cardStatesProjection,
      dist('content/catalogue/catalogue.projection.js').catalogueProjection,
    ];
    const tablesOf = Object.fromEntries(declared.map((p) => [p.name, p.tables]));
    const compared = [];
    let equal = true;
    for (const name of names.filter((n) => tablesOf[n])) {
      const before = await tableSnapshot(a.pool, tablesOf[name]);
      const run = spawnSync(process.execPath, [join(root, 'backend', 'dist', 'cli.js'), 'projections:rebuild', name, '--blue-green'], { env: { ...process.env, ...a.env }, encoding: 'utf8' });
      const after = await tableSnapshot(a.pool, tablesOf[name]);
      const same = run.status === 0 && JSON.stringify(before) === JSON.stringify(after);
      if (!same) {
        console.log(`  ${name}: exit ${run.status} ${run.stderr.slice(-300)}`);
        for (const t of Object.keys(before)) {
          const gone = before[t].filter((r) => !after[t].includes(r));
          const added = after[t].filter((r) => !before[t].includes(r));
          if (gone.length || added.length) {
            const [b, f] = [JSON.parse(gone[0] ?? '{}'), JSON.parse(added[0] ?? '{}')];
            const keys = [...new Set([...Object.keys(b), ...Object.keys(f)])].filter((k) => JSON.stringify(b[k]) !== JSON.stringify(f[k]));
            console.log(`  ${t}: ${gone.length} rows before, ${added.length} after differ; e.g. ${keys.map((k) => `${k}: ${JSON.stringify(b[k])?.slice(0, 120)} → ${JSON.stringify(f[k])?.slice(0, 120)}`).join('; ')}`);
          }
        }
      }
      equal &&= same;
      compared.push(`${name} ${same ? '=' : '≠'} (${Object.values(before).reduce((n, r) => n + r.length, 0)} rows)`);
    }
    record('rebuild equivalence', equal && compared.length >= 4, `blue-green rebuilds after the load: ${compared.join(', ')}`);
  } finally {
    await a.stop();
  }
}

async function main() {
  const build = spawnSync('npm', ['run', 'build', '-w', 'backend', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) return 1;
  const only = process.argv.slice(2);
  const drills = { kill: killDrill, redis: redisDownDrill, consistency: longTxAndRebuildDrills, postgres: postgresRestartDrill };
  for (const [name, drill] of Object.entries(drills)) {
    if (only.length && !only.includes(name)) continue;
    const started = Date.now();
    try {
      await drill();
    } catch (error) {
      record(name, false, `crashed: ${error.stack ?? error}`);
    }
    console.log(`  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  const failed = results.filter((r) => !r.ok).length;
  mkdirSync(join(root, 'artifacts'), { recursive: true });
  writeFileSync(join(root, 'artifacts', 'drills-summary.json'), JSON.stringify({ passed: results.length - failed, failed, skipped: 0 }));
  console.log(`drills: ${results.length - failed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

// Run when started as a script; scripts/topology-drills.mjs imports the learner loop and the checks.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
