// Shared helpers for the benchmarks: a fresh database per benchmark, pgbench baseline, result lines. Every process a
// bench starts (the app, pgbench, Chromium, the floor server) goes through scripts/children.mjs (re-exported here):
// a process group of its own, stopped from the bench's finally and on every other exit path (issue 28); a bench runs
// its main() with runMain, and the databases made here are dropped on those paths too.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adoptChild, baseDatabaseUrl, chromePath, createDatabase, databaseUrl, dropDatabase, require, root, runChild, stopChild } from '../scripts/app-harness.mjs';
const pg = require('pg');

export {
  adoptChild,
  databaseUrl,
  dropDatabase,
  freePort,
  httpClient,
  killChild,
  onCleanup,
  require,
  root,
  runChild,
  runMain,
  signUp,
  spawnChild,
  stopChild,
  stranger,
  waitForHealth,
} from '../scripts/app-harness.mjs';
export const dist = (p) => require(join(root, 'backend', 'dist', p));

/** A new, migrated database `name` (dropped first if it exists; dropped on every exit path unless `keep`). */
export async function freshDatabase(name, { keep = false } = {}) {
  const url = await createDatabase(name, { keep });
  await dist('platform/database/migrations.js').migrate(url);
  return url;
}

/** pgbench with `args` to its end, in a process group of its own; its stdout, or an error with its stderr. */
async function pgbench(args) {
  const r = await runChild('pgbench', args, {}, { capture: true });
  if (r.code !== 0) throw new Error(`pgbench ${args.join(' ')} failed (${r.code ?? r.signal}): ${r.stderr.trim().split('\n').slice(-3).join(' ')}`);
  return r.stdout;
}

function pgbenchArgs() {
  const u = new URL(baseDatabaseUrl);
  const which = spawnSync('sh', ['-c', 'command -v pgbench']);
  if (which.status !== 0) throw new Error('pgbench is missing: apt-get install postgresql-client (or postgresql-contrib)');
  return ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres')];
}

function tpsOf(out) {
  const m = out.match(/tps = ([\d.]+) \(without initial connection time\)/) ?? out.match(/tps = ([\d.]+)/);
  return Number(m[1]);
}

/** pgbench -N (simple-update without the branch/teller hot rows) TPS at the given client count. */
export async function pgbenchTps(clients = 32, seconds = 10) {
  return (await pgbenchRun(clients, seconds)).tps;
}

/** pgbench -N: TPS, transactions, and PostgreSQL's CPU ms per transaction over the run (from /proc). */
export async function pgbenchRun(clients = 32, seconds = 10) {
  const name = 'kioku_bench_pgbench';
  const args = pgbenchArgs();
  await createDatabase(name);
  await pgbench([...args, '-i', '-q', '-s', '10', name]);
  await postgresPostmaster();
  const before = postgresCpuMs();
  const out = await pgbench([...args, '-N', '-c', String(clients), '-j', '2', '-T', String(seconds), name]);
  const cpu = postgresCpuMs() - before;
  await dropDatabase(name);
  const transactions = Number(out.match(/number of transactions actually processed: (\d+)/)?.[1] ?? NaN);
  return { tps: tpsOf(out), transactions, pgCpuMsPerTransaction: cpu / transactions };
}

// CPU time from /proc (clock ticks of CLK_TCK per second): steadier than throughput on a shared machine.
const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

function statFields(pid) {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const comm = s.slice(s.indexOf('(') + 1, s.lastIndexOf(')'));
    // After "(comm) ": state is field 3, ppid 4; utime 14, stime 15, cutime 16, cstime 17.
    const rest = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return { comm, ppid: Number(rest[1]), utime: Number(rest[11]), stime: Number(rest[12]), cutime: Number(rest[13]), cstime: Number(rest[14]) };
  } catch {
    return null;
  }
}

/** CPU ms a process has spent in the kernel (system time: sockets, mostly). */
export function processSystemCpuMs(pid) {
  const f = statFields(pid);
  return f ? (f.stime * 1000) / CLK_TCK : NaN;
}

/** CPU ms a process has used (its own threads; not its children). */
export function processCpuMs(pid) {
  const f = statFields(pid);
  return f ? ((f.utime + f.stime) * 1000) / CLK_TCK : NaN;
}

/**
 * The postmaster of the cluster the bench talks to (DATABASE_URL): its CPU reading counts that cluster only, not
 * another cluster on the machine (a replica, a test run's). Read once from `postmaster.pid` in its data directory.
 */
let clusterPostmaster = null;
export async function postgresPostmaster() {
  if (clusterPostmaster) return clusterPostmaster;
  const client = new pg.Client({ connectionString: databaseUrl('postgres') });
  await client.connect();
  try {
    const { rows } = await client.query(`select setting from pg_settings where name = 'data_directory'`);
    clusterPostmaster = Number(readFileSync(join(rows[0].setting, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } finally {
    await client.end();
  }
  return clusterPostmaster;
}

/**
 * CPU ms every process of the bench's PostgreSQL cluster has used, including backends that have exited (their time
 * is added to the postmaster's cutime/cstime when it reaps them). Call postgresPostmaster() once first; without it
 * (or when its pid is gone) every process named postgres counts.
 */
export function postgresCpuMs() {
  return Object.values(postgresCpuByKind()).reduce((a, b) => a + b, 0);
}

/**
 * The same CPU split by kind of PostgreSQL process: client backends, the background processes (walwriter,
 * checkpointer, autovacuum…, named by their title) and the children that exited (the postmaster's cutime/cstime).
 * Two calls' difference shows where a phase's PostgreSQL CPU went.
 */
export function postgresCpuByKind() {
  const kinds = {};
  const add = (kind, ticks) => (kinds[kind] = (kinds[kind] ?? 0) + (ticks * 1000) / CLK_TCK);
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const f = statFields(pid);
    if (!f || f.comm !== 'postgres') continue;
    if (clusterPostmaster && Number(pid) !== clusterPostmaster && f.ppid !== clusterPostmaster) continue;
    if (Number(pid) === clusterPostmaster) {
      add('postmaster', f.utime + f.stime);
      add('exited children', f.cutime + f.cstime);
      continue;
    }
    let title = '';
    try {
      title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    } catch {
      // exited between the two reads: its CPU still counts
    }
    // "postgres: 15/main: walwriter" or "postgres: 15/main: user db 127.0.0.1(5432) idle"
    const what = title.replace(/^postgres: (\S+: )?/, '');
    const kind = /\d+\.\d+\.\d+\.\d+\(\d+\)|\[local\]/.test(what) ? 'client backends' : what.replace(/ (process|worker).*$/, ' $1').trim() || 'unknown';
    add(kind, f.utime + f.stime + f.cutime + f.cstime);
  }
  return kinds;
}

/** Transactions/s of a custom pgbench script (prepared statements) against an existing database. */
export async function pgbenchScriptTps(database, script, clients, seconds) {
  const file = join(tmpdir(), `kioku-bench-${process.pid}.sql`);
  writeFileSync(file, script);
  try {
    const out = await pgbench([...pgbenchArgs(), '-n', '-M', 'prepared', '-f', file, '-c', String(clients), '-j', '2', '-T', String(seconds), database]);
    return tpsOf(out);
  } finally {
    rmSync(file, { force: true });
  }
}

export function result(name, value, unit, baseline, ratio) {
  const line = { name, value: round(value), unit, baseline: round(baseline), ratio: round(ratio, 3) };
  console.log(JSON.stringify(line));
  return line;
}

export function round(n, digits = 1) {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Chromium as Playwright launches it (a process group of its own), handed to scripts/children.mjs so that it is
 * closed on every exit path too; Playwright's own signal handlers are off (children.mjs has them). Playwright is
 * loaded here, on first use, so the benches without a browser do not load it.
 */
export async function launchBrowser() {
  const { chromium } = await import('playwright-core');
  const server = await chromium.launchServer({
    executablePath: chromePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  const proc = adoptChild(server.process(), { name: 'chromium', stop: () => server.close() });
  try {
    return { browser: await chromium.connect(server.wsEndpoint()), proc };
  } catch (error) {
    await stopChild(proc);
    throw error;
  }
}
