// The scaled-out topology on one machine (issue 20), from Debian's packages, every piece on loopback and a free
// port, everything under one temp dir: a PostgreSQL primary of its own and a streaming replica (pg_basebackup -R),
// PgBouncer in transaction mode in front of the primary, a redis-server of its own, API processes (ROLE=api) and
// worker processes (backend/dist/worker.js), and HAProxy in front of the APIs. `npm run topology` starts it
// (run.mjs); the drills (scripts/topology-drills.mjs) and bench/topology.bench.mjs drive it through the handles
// startTopology returns. It never touches the machine's own PostgreSQL (5432) or Redis (6379).
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DATABASE = 'kioku';
const HAPROXY = '/usr/sbin/haproxy';
const PGBOUNCER = '/usr/sbin/pgbouncer';

// A port for a server that another process binds later. listen(0) would take one from the kernel's ephemeral range,
// which is also where every outgoing connection (pg, Redis, fetch) takes its local port; in the seconds before the
// app binds, one of those can land on it (a CI run failed with EADDRINUSE that way). So the port is drawn at random
// below that range, probed on all interfaces, and never handed out twice by one process.
const handedOut = new Set();

function ephemeralFloor() {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
}

function bindable(port) {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '0.0.0.0', () => s.close(() => resolve(true)));
  });
}

export async function freePort() {
  const high = ephemeralFloor() - 1;
  const low = Math.max(10_000, high - 12_000);
  for (let attempt = 0; high > low && attempt < 200; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (handedOut.has(port) || !(await bindable(port))) continue;
    handedOut.add(port);
    return port;
  }
  // No room below the ephemeral range on this machine: let the kernel choose.
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The newest PostgreSQL server binaries Debian installed (/usr/lib/postgresql/<version>/bin). */
function postgresBin() {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'initdb'))) : [];
  if (!versions.length) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install postgresql)');
  return join(base, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin');
}

function postgresUid() {
  const id = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** PostgreSQL refuses to run as root: its commands run as the postgres OS user (runuser), as root we are. */
function asPostgres(command, args) {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

function run(command, args, what) {
  const [cmd, argv] = asPostgres(command, args);
  const r = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${what} failed (${r.status}): ${r.stderr || r.stdout}`);
  return r.stdout;
}

function checkInstalled() {
  const missing = [HAPROXY, PGBOUNCER].filter((p) => !existsSync(p));
  if (missing.length) throw new Error(`missing ${missing.join(', ')}: run bash scripts/system-packages.sh topology`);
}

/** A PostgreSQL cluster in `dir` on `port`, started and stopped with pg_ctl. */
function cluster(bin, dir, port, name, logDir) {
  const log = join(logDir, `${name}.log`);
  return {
    name,
    port,
    dir,
    url: (db = DATABASE) => `postgres://postgres@127.0.0.1:${port}/${db}`,
    start() {
      run(join(bin, 'pg_ctl'), ['-D', dir, '-l', log, '-w', '-t', '60', 'start'], `${name}: pg_ctl start`);
    },
    /** fast: sessions are cut at once, as a restart or a failover does to clients */
    stop(mode = 'fast') {
      run(join(bin, 'pg_ctl'), ['-D', dir, '-m', mode, '-w', '-t', '60', 'stop'], `${name}: pg_ctl stop`);
    },
    running() {
      const [cmd, argv] = asPostgres(join(bin, 'pg_ctl'), ['-D', dir, 'status']);
      return spawnSync(cmd, argv).status === 0;
    },
  };
}

/**
 * A child process that can be killed and started again with the same command: `kill('SIGKILL')` for the drills,
 * `start()` again on the same port. Output goes to `<dir>/logs/<name>.log`.
 */
function service(name, command, args, { env = process.env, dir, ready } = {}) {
  const logFile = join(dir, 'logs', `${name}.log`);
  let child = null;
  const self = {
    name,
    get child() {
      return child;
    },
    get pid() {
      return child?.pid;
    },
    async start() {
      const out = openSync(logFile, 'a');
      child = spawn(command, args, { cwd: root, env, stdio: ['ignore', out, out] });
      const started = child;
      started.exited = new Promise((r) => started.once('exit', (code, signal) => r({ code, signal })));
      if (ready) await ready(started);
      return self;
    },
    /** Sends `signal` and waits for the process to be gone. */
    async kill(signal = 'SIGTERM', graceMs = 10_000) {
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      c.kill(signal);
      const timer = setTimeout(() => c.kill('SIGKILL'), graceMs);
      await c.exited;
      clearTimeout(timer);
    },
    running() {
      return Boolean(child && child.exitCode === null && child.signalCode === null);
    },
    logFile,
  };
  return self;
}

async function waitFor(what, check, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) throw new Error(`${what}: the process exited (${child.exitCode ?? child.signalCode})`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not ready within ${Math.round(timeoutMs / 1000)} s`);
    await sleep(200);
  }
}

const httpOk = (url) => () => fetch(url, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok);
const tcpOpen = (port) => () =>
  new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

function pgbouncerConfig({ dir, port, primaryPort, poolSize }) {
  // auth_type trust still looks the user up in auth_file.
  writeFileSync(join(dir, 'userlist.txt'), '"postgres" ""\n');
  return `[databases]
* = host=127.0.0.1 port=${primaryPort}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${join(dir, 'userlist.txt')}
pool_mode = transaction
max_client_conn = 1000
default_pool_size = ${poolSize}
min_pool_size = 0
reserve_pool_size = 0
; after a failed connect (the primary restarting) try again within a second, not 15 s
server_login_retry = 1
server_connect_timeout = 3
; a client waiting for a server connection gives up after 5 s: the app answers 503, not a hung request
query_wait_timeout = 5
ignore_startup_parameters = extra_float_digits,options
${bouncerSupportsPreparedStatements() ? 'max_prepared_statements = 200\n' : ''}logfile = ${join(dir, '..', 'logs', 'pgbouncer.log')}
pidfile = ${join(dir, 'pgbouncer.pid')}
admin_users = postgres
log_connections = 0
log_disconnections = 0
`;
}

function haproxyConfig({ port, apis, statsPort }) {
  const servers = apis.map((a, i) => `  server api${i + 1} 127.0.0.1:${a} check inter 1s fall 2 rise 2`).join('\n');
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 10s
  option http-keep-alive
  # a request that could not reach an API (refused connection) goes to the other one
  retries 2
  option redispatch 1

frontend web
  bind 127.0.0.1:${port}
  # The client's address for the APIs (TRUST_PROXY=127.0.0.1/8): whatever X-Forwarded-* the client sent is dropped
  # first, so it cannot choose its own address (the per-address sign-in throttle) or claim https.
  http-request del-header X-Forwarded-For
  http-request set-header X-Forwarded-Proto http
  option forwardfor
  default_backend api

frontend stats
  bind 127.0.0.1:${statsPort}
  http-request return status 200 content-type text/plain string ok if { path /ready }
  stats enable
  stats uri /stats

backend api
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  # /api/health waits up to 2 s for PostgreSQL and 1 s for Redis: a slow answer is not a dead API (the default
  # check timeout would be the 1 s interval, and Redis down would take every API out)
  timeout check 4s
  # Requests that reached an API are never sent again when they change something: a POST may have been applied.
  # (Connection failures, before anything was sent, still go to the other API.) The client retries with its
  # Idempotency-Key instead. Reads may be retried on an empty answer or a 503.
  retry-on conn-failure empty-response response-timeout 503
  http-request disable-l7-retry if { method POST PUT PATCH DELETE }
${servers}
`;
}

/**
 * Starts the whole topology. Options: apis (2), workers (2), env (more environment for the app processes),
 * workerEnv (for the workers only),
 * log (a line printer), poolSize (each app process's pool, through PgBouncer), bouncerPoolSize (PgBouncer's
 * server connections to the primary), dir (default a new temp dir). Returns handles for every piece and stop().
 */
export async function startTopology({ apis = 2, workers = 2, env = {}, workerEnv = {}, log = () => undefined, poolSize = 10, bouncerPoolSize = 20, dir } = {}) {
  checkInstalled();
  const bin = postgresBin();
  const base = dir ?? mkdtempSync(join(tmpdir(), 'kioku-topology-'));
  chmodSync(base, 0o755);
  // As root, PostgreSQL and PgBouncer run as the postgres user and own their dirs; otherwise as whoever we are.
  const owner = process.getuid?.() === 0 ? postgresUid() : null;
  const own = (path) => owner && chownSync(path, owner.uid, owner.gid);
  const pgDir = (name) => {
    const d = join(base, name);
    mkdirSync(d, { recursive: true, mode: 0o700 });
    own(d);
    return d;
  };
  // PgBouncer runs as postgres too (it will not run as root): its config, log and pid live in a dir it owns.
  const bouncerDir = pgDir('pgbouncer');
  // every log, in one dir the postgres user can write too
  const logDir = pgDir('logs');
  const ports = {
    primary: await freePort(),
    replica: await freePort(),
    bouncer: await freePort(),
    redis: await freePort(),
    haproxy: await freePort(),
    haproxyStats: await freePort(),
    apis: [],
    metrics: [],
  };
  for (let i = 0; i < apis; i++) ports.apis.push(await freePort());
  for (let i = 0; i < apis; i++) ports.metrics.push(await freePort());
  const stops = [];
  const t = { dir: base, ports, url: `http://127.0.0.1:${ports.haproxy}` };
  // The last resort when the driving script dies without stop(): nothing of the topology outlives it.
  const leftovers = () => {
    for (const s of [t.haproxy, ...(t.apis ?? []), ...(t.workers ?? []), t.redis, t.pgbouncer]) if (s?.running()) s.child.kill('SIGKILL');
    for (const c of [t.replica, t.primary]) if (c?.running()) c.stop('immediate');
    if (!dir && !process.env.TOPOLOGY_KEEP) rmSync(base, { recursive: true, force: true });
  };
  process.once('exit', leftovers);
  t.stop = async () => {
    for (const stop of stops.reverse()) await stop().catch((e) => log(`stop: ${e.message}`));
    stops.length = 0;
    process.removeListener('exit', leftovers);
  };
  try {
    // The primary: trust on loopback (initdb's pg_hba.conf also lets 127.0.0.1 replicate), WAL for a standby.
    const primaryDir = pgDir('primary');
    run(join(bin, 'initdb'), ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8'], 'initdb');
    appendFileSync(
      join(primaryDir, 'postgresql.conf'),
      [
        `port = ${ports.primary}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${base}/primary-socket'`,
        'wal_level = replica',
        'max_wal_senders = 5',
        'hot_standby = on',
        'max_connections = 200',
        // the replica asks for WAL it has not replayed yet after being stopped a while: keep some
        'wal_keep_size = 256MB',
        '',
      ].join('\n'),
    );
    pgDir('primary-socket');
    pgDir('replica-socket');
    t.primary = cluster(bin, primaryDir, ports.primary, 'primary', logDir);
    t.primary.start();
    stops.push(async () => t.primary.running() && t.primary.stop());
    log(`primary PostgreSQL on 127.0.0.1:${ports.primary}`);

    // The streaming replica: a base backup with -R (standby.signal and primary_conninfo), on its own port.
    const replicaDir = pgDir('replica');
    run(join(bin, 'pg_basebackup'), ['-h', '127.0.0.1', '-p', String(ports.primary), '-U', 'postgres', '-D', replicaDir, '-R', '-X', 'stream', '--checkpoint=fast'], 'pg_basebackup');
    appendFileSync(join(replicaDir, 'postgresql.conf'), `port = ${ports.replica}\nunix_socket_directories = '${base}/replica-socket'\n`);
    t.replica = cluster(bin, replicaDir, ports.replica, 'replica', logDir);
    t.replica.start();
    stops.push(async () => t.replica.running() && t.replica.stop());
    log(`streaming replica on 127.0.0.1:${ports.replica}`);

    writeFileSync(join(bouncerDir, 'pgbouncer.ini'), pgbouncerConfig({ dir: bouncerDir, port: ports.bouncer, primaryPort: ports.primary, poolSize: bouncerPoolSize }));
    own(join(bouncerDir, 'pgbouncer.ini'));
    own(join(bouncerDir, 'userlist.txt'));
    // -u: PgBouncer drops to the postgres user itself (it will not run as root), and stays the process we signal
    const asUser = process.getuid?.() === 0 ? ['-u', 'postgres'] : [];
    t.pgbouncer = service('pgbouncer-process', PGBOUNCER, [...asUser, join(bouncerDir, 'pgbouncer.ini')], { dir: base, ready: (c) => waitFor('pgbouncer', tcpOpen(ports.bouncer), 15_000, c) });
    await t.pgbouncer.start();
    stops.push(() => t.pgbouncer.kill('SIGINT'));
    log(`PgBouncer (transaction pooling) on 127.0.0.1:${ports.bouncer}`);

    // An append-only file, as a production Redis for BullMQ has: queued media jobs survive a Redis restart.
    t.redis = service('redis', 'redis-server', ['--port', String(ports.redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'everysec', '--dir', base], {
      dir: base,
      ready: (c) => waitFor('redis', tcpOpen(ports.redis), 15_000, c),
    });
    await t.redis.start();
    stops.push(() => t.redis.kill('SIGTERM'));
    log(`Redis on 127.0.0.1:${ports.redis}`);

    t.urls = {
      primary: t.primary.url(),
      replica: t.replica.url(),
      bouncer: `postgres://postgres@127.0.0.1:${ports.bouncer}/${DATABASE}`,
      redis: `redis://127.0.0.1:${ports.redis}`,
    };

    // Migrations and the bundled content once, straight on the primary, before any app process starts.
    const cliEnv = { ...process.env, DATABASE_URL: t.urls.primary, REDIS_URL: t.urls.redis, LOG_LEVEL: 'warn' };
    for (const command of ['db:migrate', 'content:load']) {
      const r = spawnSync(process.execPath, [join(root, 'backend', 'dist', 'cli.js'), command], { cwd: root, env: cliEnv, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`${command} failed: ${r.stderr || r.stdout}`);
    }
    log('migrated and loaded the bundled content (on the primary)');

    const appEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: t.urls.bouncer,
      DATABASE_LISTEN_URL: t.urls.primary,
      DATABASE_REPLICA_URL: t.urls.replica,
      DATABASE_POOL_SIZE: String(poolSize),
      // PgBouncer before 1.21 cannot carry protocol-level prepared statements in transaction mode
      DATABASE_PREPARED_STATEMENTS: bouncerSupportsPreparedStatements() ? 'on' : 'off',
      REDIS_URL: t.urls.redis,
      PUBLIC_URL: t.url,
      MEDIA_DIR: join(base, 'media'),
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      PROJECTION_POLL_MS: '200',
      // HAProxy, on loopback, is the one proxy whose X-Forwarded-For / -Proto the APIs believe (issue 28)
      TRUST_PROXY: '127.0.0.1/8',
      ...env,
    };
    t.appEnv = appEnv;
    t.apis = ports.apis.map((port, i) =>
      service(`api${i + 1}`, process.execPath, [join(root, 'backend', 'dist', 'main.js')], {
        env: { ...appEnv, ROLE: 'api', PORT: String(port), HOST: '127.0.0.1', METRICS_PORT: String(ports.metrics[i]) },
        dir: base,
        ready: (c) => waitFor(`api${i + 1}`, httpOk(`http://127.0.0.1:${port}/api/health`), 120_000, c),
      }),
    );
    t.apis.forEach((a, i) => Object.assign(a, { port: ports.apis[i], metricsUrl: `http://127.0.0.1:${ports.metrics[i]}/metrics` }));
    t.workers = Array.from({ length: workers }, (_, i) =>
      service(`worker${i + 1}`, process.execPath, [join(root, 'backend', 'dist', 'worker.js')], {
        env: { ...appEnv, ROLE: 'worker', ...workerEnv },
        dir: base,
        ready: async () => sleep(0),
      }),
    );
    await Promise.all([...t.apis, ...t.workers].map((s) => s.start()));
    stops.push(() => Promise.all([...t.apis, ...t.workers].map((s) => s.kill('SIGTERM'))));
    log(`${apis} API processes on ${ports.apis.map((p) => `127.0.0.1:${p}`).join(', ')}; ${workers} workers`);

    writeFileSync(join(base, 'haproxy.cfg'), haproxyConfig({ port: ports.haproxy, apis: ports.apis, statsPort: ports.haproxyStats }));
    t.haproxy = service('haproxy', HAPROXY, ['-db', '-f', join(base, 'haproxy.cfg')], {
      dir: base,
      ready: (c) => waitFor('haproxy', httpOk(`${t.url}/api/health`), 15_000, c),
    });
    await t.haproxy.start();
    stops.push(() => t.haproxy.kill('SIGTERM'));
    t.statsUrl = `http://127.0.0.1:${ports.haproxyStats}/stats`;
    log(`HAProxy on ${t.url} (stats ${t.statsUrl})`);
    // the temp dir goes last, after every process that writes in it
    stops.unshift(async () => {
      if (!dir && !process.env.TOPOLOGY_KEEP) rmSync(base, { recursive: true, force: true });
    });
    return t;
  } catch (error) {
    await t.stop();
    if (!dir && !process.env.TOPOLOGY_KEEP) rmSync(base, { recursive: true, force: true });
    throw error;
  }
}

/** PgBouncer 1.21 added protocol-level prepared statements in transaction mode (max_prepared_statements). */
export function bouncerSupportsPreparedStatements() {
  const out = spawnSync(PGBOUNCER, ['--version'], { encoding: 'utf8' }).stdout ?? '';
  const [major, minor] = (out.match(/PgBouncer (\d+)\.(\d+)/) ?? []).slice(1).map(Number);
  return major > 1 || (major === 1 && minor >= 21);
}
