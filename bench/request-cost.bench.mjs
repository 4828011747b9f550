// Where an app's CPU per request goes (issue 19): CPU ms of the app process per request, from /proc, for requests
// that do more and more: no session (a health check, a route with no work), a session check only, the next-card
// read, a grade; and the floor under them: the same server work without Nest (bench/floor-server.mjs: fastify,
// node-postgres and the app's own query code), for a route with no work and for a grade's three round trips.
// BENCH_CLIENTS keep-alive clients (8); the grade and its floor are measured in BENCH_ROUNDS turns (6) of N / ROUNDS.
// Last, the grade beside its floor, and Nest's route with no work beside fastify's, as JSON lines like every bench.
// Run: npm run bench -- request-cost, or node bench/request-cost.bench.mjs after npm run build -w backend
// (docs/operations.md, Performance).
import { randomUUID } from 'node:crypto';
import { dropDatabase, freePort, freshDatabase, httpClient, processCpuMs, processSystemCpuMs, result, root, round, runMain, signUp, spawnChild, stopChild, waitForHealth, dist } from './lib.mjs';
import { join } from 'node:path';

const DB = 'kioku_bench_request_cost';
const N = Number(process.env.BENCH_REQUESTS ?? 3000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);

async function main() {
  const url = await freshDatabase(DB);
  let child;
  let floor;
  try {
    const port = await freePort();
    child = spawnChild(process.execPath, [...(process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean), join(root, 'backend/dist/main.js')], {
      env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', ROLE: process.env.BENCH_ROLE ?? 'api', LOG_LEVEL: 'warn', FRONTEND_DIST: '/nonexistent', VOICE_AUTO: 'off' },
      stdio: ['ignore', 'inherit', 'inherit'],
    }, { name: 'app', graceMs: 60_000 });
    const floorPort = await freePort();
    floor = spawnChild(process.execPath, [...(process.env.BENCH_FLOOR_NODE_ARGS ?? '').split(' ').filter(Boolean), join(root, 'bench/floor-server.mjs')], {
      env: { ...process.env, DATABASE_URL: url, PORT: String(floorPort) },
      stdio: ['ignore', 'inherit', 'inherit'],
    }, { name: 'floor server' });
    await waitForHealth(`http://127.0.0.1:${port}`, child, 300_000);
    const http = httpClient(port, CLIENTS * 4);
    const { setSubscription } = dist('accounts/operator/users.operator.js');
    const { createPool } = dist('platform/database/database.js');
    const pool = createPool(url, 2);
    const users = [];
    for (let i = 0; i < CLIENTS; i++) users.push(await signUp(http.call, { email: `cost-${randomUUID()}@example.test` }));
    for (const u of users) await setSubscription(pool, u.email, 'active');
    const headers = (u) => ({ 'content-type': 'application/json', 'x-xsrf-token': u.token, cookie: u.cookie });
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
    async function measure(label, request, pid = child.pid) {
      if (only && !only.test(label)) return null;
      for (let w = 0; w < 200; w++) await request(users[w % CLIENTS], w);
      const c0 = processCpuMs(pid), s0 = processSystemCpuMs(pid);
      let next = 0;
      await Promise.all(users.map(async (u) => { while (next < N) await request(u, next++); }));
      const cpu = (processCpuMs(pid) - c0) / N, sys = (processSystemCpuMs(pid) - s0) / N;
      console.log(`${label.padEnd(44)} app CPU ${round(cpu, 3)} ms per request (kernel ${round(sys, 3)})`);
      return cpu;
    }
    // Two kinds of request measured in turns (ROUNDS chunks of N / ROUNDS each): on a shared machine the load moves
    // within a minute, and measured one after the other the floor and the grade saw different machines (the same
    // code gave ratios of 1.7 and 2.6 back to back on 12-07). In turns, both see the same load.
    async function measureInTurns(a, b) {
      if (only && !only.test(a.label) && !only.test(b.label)) return [null, null];
      const sides = [a, b].map((side) => ({ ...side, pid: side.pid ?? child.pid, cpu: 0, sys: 0 }));
      for (const side of sides) for (let w = 0; w < 200; w++) await side.request(users[w % CLIENTS], w);
      const chunk = Math.ceil(N / ROUNDS);
      for (let r = 0; r < ROUNDS; r++) {
        for (const side of sides) {
          const c0 = processCpuMs(side.pid), s0 = processSystemCpuMs(side.pid);
          let next = 0;
          await Promise.all(users.map(async (u) => { while (next < chunk) await side.request(u, next++); }));
          side.cpu += processCpuMs(side.pid) - c0;
          side.sys += processSystemCpuMs(side.pid) - s0;
        }
      }
      for (const side of sides) console.log(`${side.label.padEnd(44)} app CPU ${round(side.cpu / (chunk * ROUNDS), 3)} ms per request (kernel ${round(side.sys / (chunk * ROUNDS), 3)}; in turns)`);
      return sides.map((side) => side.cpu / (chunk * ROUNDS));
    }
    const ok = (res) => { if (res.status >= 400) throw new Error(`${res.status} ${res.body}`); return res; };
    await measure('GET /api/health (no session)', () => http.call('GET', '/api/health').then(ok));
    const nestNoWork = await measure('GET /api/auth/csrf (no session)', () => http.call('GET', '/api/auth/csrf').then(ok));
    await measure('GET /api/auth/csrf (session)', (u) => http.call('GET', '/api/auth/csrf', { headers: headers(u) }).then(ok));
    await measure('GET /api/flashcard (session, next card)', (u) => http.call('GET', '/api/flashcard?course=kanji1', { headers: headers(u) }).then(ok));
    // The floor: fastify and node-postgres alone, the same session and card reads, no Nest and no write.
    const floorHttp = httpClient(floorPort, CLIENTS * 4);
    const firstCards = new Map();
    for (const u of users) firstCards.set(u, JSON.parse((await http.call('GET', '/api/flashcard?course=kanji1', { headers: headers(u) }).then(ok)).body).flashcard);
    const fastifyNoWork = await measure('floor: fastify + pg, a route with no work', () => floorHttp.call('GET', '/floor/none').then(ok), floor.pid);
    const floorGradeRequest = (u) => {
      const card = firstCards.get(u);
      const body = JSON.stringify({ id: card.flashcard_id, course: 'kanji1' });
      return floorHttp.call('POST', '/floor/grade', { headers: { 'content-type': 'application/json', cookie: u.cookie }, body }).then(ok);
    };
    const cards = new Map();
    const gradeRequest = async (u) => {
      let card = cards.get(u);
      for (const course of ['vocab2', 'kanji2', 'vocab3', 'kanji1', 'vocab1']) {
        if (card) break;
        card = JSON.parse((await http.call('GET', `/api/flashcard?course=${course}`, { headers: headers(u) }).then(ok)).body).flashcard;
      }
      const res = await http.call('POST', '/api/flashcard', { headers: { ...headers(u), 'idempotency-key': randomUUID() }, body: JSON.stringify({ id: card.flashcard_id, grade: 5, fetch_new: true }) }).then(ok);
      const answer = JSON.parse(res.body);
      cards.set(u, answer.new_flashcard ?? null);
    };
    const [floorGrade, grade] = await measureInTurns(
      { label: "floor: fastify + pg, a grade's three reads", request: floorGradeRequest, pid: floor.pid },
      { label: 'POST /api/flashcard (a grade)', request: gradeRequest },
    );
    floorHttp.close();
    http.close();
    await pool.end();
    // The app's figure beside the floor measured in the same run (issue 19's app target, 0.6 ms, is below that floor).
    if (grade !== null && floorGrade !== null) result('request_app_cpu_ms_per_grade_vs_floor', grade, 'ms', floorGrade, grade / floorGrade);
    if (nestNoWork !== null && fastifyNoWork !== null) result('request_app_cpu_ms_no_work_nest_vs_fastify', nestNoWork, 'ms', fastifyNoWork, nestNoWork / fastifyNoWork);
  } finally {
    await Promise.all([stopChild(child), stopChild(floor)]);
    await dropDatabase(DB);
  }
}

runMain(main);
