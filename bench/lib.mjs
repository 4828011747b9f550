// Shared helpers for the benchmarks: a fresh database per benchmark, pgbench baseline, result lines.
import { execFileSync, spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const require = createRequire(join(root, 'backend', 'package.json'));
export const dist = (p) => require(join(root, 'backend', 'dist', p));
const pg = require('pg');

export const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kioku';

export function databaseUrl(name) {
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function freshDatabase(name) {
  const admin = new pg.Client({ connectionString: databaseUrl('postgres') });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = databaseUrl(name);
  await dist('platform/database/migrations.js').migrate(url);
  return url;
}

export async function dropDatabase(name) {
  const admin = new pg.Client({ connectionString: databaseUrl('postgres') });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}

function pgbenchArgs() {
  const u = new URL(baseUrl);
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
  const name = 'kioku_bench_pgbench';
  const args = pgbenchArgs();
  await dropDatabase(name);
  const admin = new pg.Client({ connectionString: databaseUrl('postgres') });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  execFileSync('pgbench', [...args, '-i', '-q', '-s', '10', name], { stdio: 'ignore' });
  const out = execFileSync('pgbench', [...args, '-N', '-c', String(clients), '-j', '2', '-T', String(seconds), name], { encoding: 'utf8' });
  await dropDatabase(name);
  return tpsOf(out);
}

/** Transactions/s of a custom pgbench script (prepared statements) against an existing database. */
export function pgbenchScriptTps(database, script, clients, seconds) {
  const file = join(tmpdir(), `kioku-bench-${process.pid}.sql`);
  writeFileSync(file, script);
  try {
    const out = execFileSync('pgbench', [...pgbenchArgs(), '-n', '-M', 'prepared', '-f', file, '-c', String(clients), '-j', '2', '-T', String(seconds), database], { encoding: 'utf8' });
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
