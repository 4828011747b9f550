// Starting the built app for browser runs (scripts/e2e.mjs, bench/frontend.bench.mjs): a free loopback port,
// a database of its own that the app creates and migrates on boot, /api/health before anything talks to it,
// and a clean stop that drops the database again.
import { spawn } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const require = createRequire(join(root, 'backend', 'package.json'));
const pg = require('pg');

export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const baseDatabaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kioku';

// One free-port helper for the scripts and the topology (infra sits below scripts: no import runs back up).
export { freePort } from '../infra/topology/topology.mjs';

export function databaseUrl(name) {
  const u = new URL(baseDatabaseUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One statement on the maintenance database (create/drop database cannot run inside the target). */
export async function adminQuery(sql) {
  const c = new pg.Client({ connectionString: databaseUrl('postgres') });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

export function dropDatabase(name) {
  return adminQuery(`drop database if exists "${name}" with (force)`);
}

export async function waitForHealth(url, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the app did not become healthy within ${Math.round(timeoutMs / 1000)} s`);
}

/** The environment of an app on `port` with the database `dbName` (dropped first: every run starts empty). */
export async function appEnvironment({ port, dbName, mediaDir = join(root, 'artifacts', 'e2e-media'), logLevel = 'warn', extra = {} }) {
  await dropDatabase(dbName);
  const url = `http://127.0.0.1:${port}`;
  return {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: url,
    DATABASE_URL: databaseUrl(dbName),
    LOG_LEVEL: logLevel,
    MEDIA_DIR: mediaDir,
    PROJECTION_POLL_MS: '100',
    ...extra,
  };
}

/** backend/dist/main.js with `env` (from appEnvironment), healthy when this resolves. */
export async function startApp(env, { healthTimeoutMs } = {}) {
  const child = spawn(process.execPath, [join(root, 'backend', 'dist', 'main.js')], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  try {
    await waitForHealth(env.PUBLIC_URL, child, healthTimeoutMs);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return child;
}

/**
 * SIGTERM, a moment for the app to close its pool, then the deployment's media queue (its prefix comes from the
 * database's id, migration 041: the system voice leaves thousands of jobs there) and the database go.
 */
export async function stopApp(child, dbName) {
  if (child && child.exitCode === null) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  if (!dbName) return;
  await dropMediaQueue(dbName).catch(() => undefined);
  await dropDatabase(dbName).catch(() => undefined);
}

async function dropMediaQueue(dbName) {
  const c = new pg.Client({ connectionString: databaseUrl(dbName) });
  await c.connect();
  let id;
  try {
    id = (await c.query('select id::text as id from deployment_identity')).rows[0]?.id;
  } finally {
    await c.end();
  }
  if (!id || process.env.MEDIA_QUEUE_PREFIX) return;
  const { Queue } = require('bullmq');
  const { Redis } = require('ioredis');
  const connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
  // The app's own rule (the built backend is there: the app just ran from it).
  const { deploymentQueuePrefix } = require(join(root, 'backend', 'dist', 'media', 'media-queue.js'));
  const queue = new Queue('media', { connection, prefix: deploymentQueuePrefix(id) });
  try {
    await queue.obliterate({ force: true });
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

// Driving the app over HTTP as the frontend does: the drills and the benches share these.

/** Requests over keep-alive loopback connections: `call` resolves when the last byte arrived. */
export function httpClient(port, maxSockets) {
  const agent = new Agent({ keepAlive: true, maxSockets });
  const call = (method, path, { headers = {}, body } = {}) =>
    new Promise((resolve, reject) => {
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
  return { call, close: () => agent.destroy() };
}

/** A signed-in learner, as the frontend signs up: CSRF token first (cookie + header), then sign-up. */
export async function signUp(call, { name = 'Bench learner', email } = {}) {
  const jar = new Map();
  const keep = (res) => {
    for (const line of [].concat(res.headers['set-cookie'] ?? [])) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrf = await call('GET', '/api/auth/csrf');
  keep(csrf);
  const token = JSON.parse(csrf.body.toString()).token;
  const res = await call('POST', '/api/auth/sign_up', {
    headers: { 'content-type': 'application/json', 'x-xsrf-token': token, cookie: cookie() },
    body: JSON.stringify({ name, email, password: 'correct horse battery staple' }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.body}`);
  keep(res);
  return { id: JSON.parse(res.body.toString()).id, email, token, cookie: cookie() };
}
