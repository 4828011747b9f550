// Starting the built app for browser runs and drills (scripts/e2e.mjs, scripts/drills.mjs, the benches): a free
// loopback port, a database of its own that the app creates and migrates on boot, /api/health before anything talks
// to it, and a clean stop that drops the database again. Every process goes through scripts/children.mjs (its own
// process group, stopped on every exit path, issue 28); a database made here is dropped on those paths too.
// startPrivateCluster() gives a script a PostgreSQL cluster of its own (the drills restart theirs).
import { spawnSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onCleanup, runChild, spawnChild, stopChild } from './children.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const require = createRequire(join(root, 'backend', 'package.json'));
const pg = require('pg');

export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const baseDatabaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kioku';

// One free-port helper for the scripts and the topology (infra sits below scripts: no import runs back up).
export { freePort } from '../infra/topology/topology.mjs';
export { adoptChild, killChild, onCleanup, runChild, runMain, spawnChild, stopAll, stopChild } from './children.mjs';
import { freePort } from '../infra/topology/topology.mjs';

/** The URL of database `name` on the cluster of `base` (a database URL; default DATABASE_URL's cluster). */
export function databaseUrl(name, base = baseDatabaseUrl) {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One statement on the maintenance database (create/drop database cannot run inside the target). */
export async function adminQuery(sql, base = baseDatabaseUrl) {
  const c = new pg.Client({ connectionString: databaseUrl('postgres', base), connectionTimeoutMillis: 10_000 });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end();
  }
}

// Databases made here that are dropped on every exit path unless the script drops (or keeps) them itself.
const dropsOnExit = new Map();

function dropOnExit(name, base) {
  const key = `${databaseUrl(name, base)}`;
  dropsOnExit.get(key)?.();
  dropsOnExit.set(key, onCleanup(() => teardownDatabase(name, base), { name: `drop database ${name}` }));
}

export function dropDatabase(name, base = baseDatabaseUrl) {
  const key = `${databaseUrl(name, base)}`;
  dropsOnExit.get(key)?.();
  dropsOnExit.delete(key);
  return adminQuery(`drop database if exists "${name}" with (force)`, base);
}

/** An empty database `name` (dropped first if it exists), dropped again on every exit path unless `keep`. */
export async function createDatabase(name, { base = baseDatabaseUrl, keep = false } = {}) {
  await dropDatabase(name, base);
  await adminQuery(`create database "${name}"`, base);
  if (!keep) dropOnExit(name, base);
  return databaseUrl(name, base);
}

export async function waitForHealth(url, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the app exited with ${child.exitCode !== null ? `code ${child.exitCode}` : child.signalCode}`);
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

/**
 * The environment of an app on `port` with the database `dbName` on the cluster of `base` (dropped first: every
 * run starts empty; dropped on every exit path unless `keepDatabase`).
 */
export async function appEnvironment({ port, dbName, base = baseDatabaseUrl, keepDatabase = false, mediaDir = join(root, 'artifacts', 'e2e-media'), logLevel = 'warn', extra = {} }) {
  await dropDatabase(dbName, base);
  if (!keepDatabase) dropOnExit(dbName, base);
  const url = `http://127.0.0.1:${port}`;
  return {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: url,
    DATABASE_URL: databaseUrl(dbName, base),
    LOG_LEVEL: logLevel,
    MEDIA_DIR: mediaDir,
    PROJECTION_POLL_MS: '100',
    ...extra,
  };
}

/** backend/dist/main.js with `env` (from appEnvironment), healthy when this resolves; stopped if it never is. */
export async function startApp(env, { healthTimeoutMs } = {}) {
  const child = spawnChild(process.execPath, [join(root, 'backend', 'dist', 'main.js')], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] }, { name: `app :${env.PORT}` });
  try {
    await waitForHealth(env.PUBLIC_URL, child, healthTimeoutMs);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return child;
}

/**
 * SIGTERM to the app's process group and its exit (SIGKILL after 10 s), then the deployment's media queue (its
 * prefix comes from the database's id, migration 041: the system voice leaves thousands of jobs there) and the
 * database go. `child` may be undefined (the app never started), `dbName` too (the database is kept).
 */
export async function stopApp(child, dbName, { base = baseDatabaseUrl } = {}) {
  await stopChild(child);
  if (!dbName) return;
  await teardownDatabase(dbName, base);
}

async function teardownDatabase(dbName, base) {
  await dropMediaQueue(dbName, base).catch(() => undefined);
  await dropDatabase(dbName, base).catch(() => undefined);
}

async function dropMediaQueue(dbName, base) {
  const c = new pg.Client({ connectionString: databaseUrl(dbName, base), connectionTimeoutMillis: 10_000 });
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

// A PostgreSQL cluster of a script's own (as infra/topology runs its primary), so that a drill can stop and start
// PostgreSQL without touching the machine's cluster on 5432 or anyone else's tests on it.

/** The newest PostgreSQL server binaries Debian installed (/usr/lib/postgresql/<version>/bin). */
function postgresBin() {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'initdb'))) : [];
  if (!versions.length) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install postgresql)');
  return join(base, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin');
}

/** PostgreSQL refuses to run as root: as root (CI), its commands run as the postgres OS user (runuser). */
const asRoot = process.getuid?.() === 0;
const asPostgres = (command, args) => (asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]);

/**
 * initdb into a new temp dir, a free loopback port (listen_addresses 127.0.0.1, the unix socket in the temp dir),
 * trust auth, started with `pg_ctl -w`. Returns { port, dir, logFile, url(db), adminQuery(sql), createDatabase(name),
 * dropDatabase(name), client(db), stop(mode, { blocking }), start({ blocking }), destroy() }; destroy() (stop, then
 * delete the dir) also runs on every exit path.
 */
export async function startPrivateCluster({ prefix = 'kioku-pg-', log = () => undefined } = {}) {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const data = join(dir, 'data');
  const socket = join(dir, 'socket');
  const logFile = join(dir, 'postgres.log');
  mkdirSync(socket);
  if (asRoot) {
    const id = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    for (const d of [dir, socket]) chownSync(d, id('-u'), id('-g'));
  }
  const pgRun = async (command, args, what) => {
    const [cmd, argv] = asPostgres(join(bin, command), args);
    const r = await runChild(cmd, argv, {}, { capture: true, name: command, graceMs: 30_000 });
    if (r.code !== 0) throw new Error(`${what} failed (${r.code ?? r.signal}): ${r.stderr || r.stdout}`);
  };
  // The same with this process's event loop held until it returns (spawnSync): nothing of the script runs meanwhile.
  const pgRunBlocking = async (command, args, what) => {
    const [cmd, argv] = asPostgres(join(bin, command), args);
    const r = spawnSync(cmd, argv, { encoding: 'utf8', timeout: 120_000 });
    if (r.status !== 0) throw new Error(`${what} failed (${r.status ?? r.signal}): ${r.stderr || r.stdout}`);
  };
  // The postmaster of the data dir, if one runs: pg_ctl put it in a session of its own, so no group kill reaches it.
  const postmaster = () => {
    try {
      const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 0);
      return pid;
    } catch {
      return null;
    }
  };
  // Whatever pg_ctl could not stop goes the hard way (SIGQUIT: immediate shutdown, then SIGKILL), before its dir.
  const killPostmaster = (pid) => {
    for (const signal of ['SIGQUIT', 'SIGKILL']) {
      try {
        process.kill(pid, signal);
      } catch {
        return;
      }
      const until = Date.now() + 5_000;
      while (Date.now() < until) {
        try {
          process.kill(pid, 0);
        } catch {
          return;
        }
        spawnSync('sleep', ['0.05']);
      }
    }
  };
  // The last resort from process.on('exit'): nothing asynchronous runs there.
  const destroySync = () => {
    if (postmaster()) {
      const [cmd, argv] = asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop']);
      spawnSync(cmd, argv, { stdio: 'ignore' });
    }
    const left = postmaster();
    if (left) killPostmaster(left);
    rmSync(dir, { recursive: true, force: true });
  };
  let destroyed = null;
  const cluster = {
    port: await freePort(),
    dir,
    logFile,
    url: (db = 'postgres') => `postgres://postgres@127.0.0.1:${cluster.port}/${db}`,
    adminQuery: (sql) => adminQuery(sql, cluster.url()),
    /** A new empty database on this cluster (dropped on every exit path); its URL. */
    createDatabase: (name) => createDatabase(name, { base: cluster.url() }),
    dropDatabase: (name) => dropDatabase(name, cluster.url()),
    /** A connected pg.Client on database `db` of this cluster (end() it). */
    async client(db = 'postgres') {
      const c = new pg.Client({ connectionString: cluster.url(db) });
      c.on('error', () => undefined);
      await c.connect();
      return c;
    },
    /**
     * pg_ctl start -w (after a stop). `blocking`: this process does nothing else until PostgreSQL accepts
     * connections (its own clients send nothing to a cluster still starting up).
     */
    start: ({ blocking = false } = {}) => (blocking ? pgRunBlocking : pgRun)('pg_ctl', ['-D', data, '-l', logFile, '-w', '-t', '60', 'start'], 'pg_ctl start'),
    /** pg_ctl stop: fast (sessions cut at once, as a restart does to clients), or immediate; `blocking` as start's. */
    stop: (mode = 'fast', { blocking = false } = {}) => (blocking ? pgRunBlocking : pgRun)('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop'], 'pg_ctl stop'),
    /** Stops the cluster (if it runs) and deletes its dir; runs by itself on every exit path. */
    destroy() {
      destroyed ??= (async () => {
        forget();
        // its databases go with it
        for (const [key, forgetDrop] of dropsOnExit) {
          if (key.startsWith(cluster.url(''))) {
            forgetDrop();
            dropsOnExit.delete(key);
          }
        }
        if (postmaster()) await cluster.stop('fast').catch(() => cluster.stop('immediate').catch(() => undefined));
        const left = postmaster();
        if (left) killPostmaster(left);
        rmSync(dir, { recursive: true, force: true });
      })();
      return destroyed;
    },
  };
  const forget = onCleanup(() => cluster.destroy(), { sync: destroySync, name: `PostgreSQL cluster in ${dir}` });
  try {
    await pgRun('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8'], 'initdb');
    appendFileSync(join(data, 'postgresql.conf'), [`port = ${cluster.port}`, `listen_addresses = '127.0.0.1'`, `unix_socket_directories = '${socket}'`, ''].join('\n'));
    await cluster.start();
  } catch (error) {
    await cluster.destroy();
    throw error;
  }
  log(`PostgreSQL cluster of its own on 127.0.0.1:${cluster.port} (${dir})`);
  return cluster;
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

/** A stranger's session (nobody signed in): the CSRF token and its cookie, then `post(path, body)` as the frontend sends it. */
export async function stranger(call) {
  const csrf = await call('GET', '/api/auth/csrf');
  const cookie = [].concat(csrf.headers['set-cookie'] ?? []).map((l) => l.split(';')[0]).join('; ');
  const token = JSON.parse(csrf.body.toString()).token;
  return (path, body) => call('POST', path, { headers: { 'content-type': 'application/json', 'x-xsrf-token': token, cookie }, body: JSON.stringify(body) });
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
