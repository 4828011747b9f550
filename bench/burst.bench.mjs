// Burst benchmark (issue 28): 64 sign-ups, 64 sign-ins and 32 learners grading 3 cards each, all at once over
// loopback, against the built app (backend/dist/main.js, ROLE=all) on its own database, for each pool size in
// BENCH_POOL_SIZES (4,8,16). Before issue 28, 8 sign-ups on the default pool of 4 hung the whole app. Printed per
// pool size: the burst's p99 beside its baseline from the same run, one sign-up alone (the argon2id hash is most of
// it), and the grades' p99 inside the burst beside one grade alone. Run after `npm run build -w backend`.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { freePort, freshDatabase, httpClient, percentile, result, root, runMain, signUp, spawnChild, stopChild, stranger, waitForHealth } from './lib.mjs';

const POOL_SIZES = (process.env.BENCH_POOL_SIZES ?? '4,8,16').split(',').map(Number);
const PASSWORD = 'correct horse battery staple';

async function timed(send) {
  const started = process.hrtime.bigint();
  const res = await send().catch(() => ({ status: 'connection' }));
  return { status: res.status, ms: Number(process.hrtime.bigint() - started) / 1e6 };
}

/** One learner's next card and a grade of it, as the study panel sends them. */
function grader(call, user) {
  const headers = { 'content-type': 'application/json', 'x-xsrf-token': user.token, cookie: user.cookie };
  let card = null;
  return {
    async first() {
      const res = await call('GET', '/api/flashcard?course=kana', { headers });
      card = res.status === 200 ? JSON.parse(res.body.toString()).flashcard : null;
    },
    async grade() {
      if (!card) return null;
      const answer = await timed(async () => {
        const res = await call('POST', '/api/flashcard', { headers: { ...headers, 'idempotency-key': randomUUID() }, body: JSON.stringify({ id: card.flashcard_id, grade: 3, fetch_new: true }) });
        card = res.status === 200 ? JSON.parse(res.body.toString()).new_flashcard : null;
        return res;
      });
      return answer;
    },
  };
}

async function runPool(poolSize) {
  const db = `kioku_bench_burst_${poolSize}`;
  const url = await freshDatabase(db);
  const port = await freePort();
  const child = spawnChild(
    process.execPath,
    [join(root, 'backend', 'dist', 'main.js')],
    {
      env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', ROLE: 'all', LOG_LEVEL: 'warn', FRONTEND_DIST: '/nonexistent', VOICE_AUTO: 'off', DATABASE_POOL_SIZE: String(poolSize), SIGN_UP_MAX_PER_IP: '100000' },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
    { name: `app (pool ${poolSize})` },
  );
  const http = httpClient(port, 512);
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, child, 180_000);
    const accounts = [];
    for (let i = 0; i < 64; i++) accounts.push((await signUp(http.call, { email: `burst-${randomUUID()}@example.test` })).email);
    const graders = [];
    for (let i = 0; i < 32; i++) graders.push(grader(http.call, await signUp(http.call, { email: `burst-${randomUUID()}@example.test` })));
    for (const g of graders) await g.first();
    // Baselines, one request at a time: a sign-up and a grade alone.
    const alone = [];
    for (let i = 0; i < 10; i++) {
      const post = await stranger(http.call);
      alone.push((await timed(() => post('/api/auth/sign_up', { name: 'Alone', email: `alone-${randomUUID()}@example.test`, password: PASSWORD }))).ms);
    }
    const gradeAlone = [];
    for (let i = 0; i < 10; i++) gradeAlone.push((await graders[i].grade()).ms);
    // The burst.
    const signUps = Array.from({ length: 64 }, async () => {
      const post = await stranger(http.call);
      return timed(() => post('/api/auth/sign_up', { name: 'Burst', email: `burst-${randomUUID()}@example.test`, password: PASSWORD }));
    });
    const signIns = accounts.map(async (email) => {
      const post = await stranger(http.call);
      return timed(() => post('/api/auth/sign_in', { email, password: PASSWORD }));
    });
    const grades = graders.map(async (g) => {
      const out = [];
      for (let i = 0; i < 3; i++) {
        const a = await g.grade();
        if (!a) break;
        out.push(a);
      }
      return out;
    });
    const [up, inn, graded] = await Promise.all([Promise.all(signUps), Promise.all(signIns), Promise.all(grades).then((g) => g.flat())]);
    const all = [...up, ...inn, ...graded];
    const sorted = (list) => list.map((r) => r.ms).sort((a, b) => a - b);
    const statuses = [...all.reduce((m, r) => m.set(r.status, (m.get(r.status) ?? 0) + 1), new Map())].map(([s, n]) => `${s}×${n}`).join(' ');
    const aloneP50 = percentile(alone.sort((a, b) => a - b), 50);
    const gradeAloneP50 = percentile(gradeAlone.sort((a, b) => a - b), 50);
    const burstP99 = percentile(sorted(all), 99);
    const gradeP99 = percentile(sorted(graded), 99);
    console.log(`pool ${poolSize}: ${all.length} requests at once, answers ${statuses}`);
    result(`burst p99, pool ${poolSize} (baseline: one sign-up alone, p50)`, burstP99, 'ms', aloneP50, burstP99 / aloneP50);
    result(`grade p99 inside the burst, pool ${poolSize} (baseline: one grade alone, p50)`, gradeP99, 'ms', gradeAloneP50, gradeP99 / gradeAloneP50);
  } finally {
    http.close();
    await stopChild(child);
  }
}

runMain(async () => {
  for (const size of POOL_SIZES) await runPool(size);
  return 0;
});
