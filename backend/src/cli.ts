import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Pool } from 'pg';
import { join } from 'node:path';
import { AppModule } from './app.module';
import { contentBuildCommand, contentFrequencyCommand } from './content/build/build-content';
import { loadContent } from './content';
import { isRemake, loadVoiceOwners, voiceStateOf, voiceStatus } from './media';
import { grantAdmin, revokeAdmin, setSubscription } from './accounts';
import { progressPrinter } from './platform/cli/progress-bar';
import { AppConfig, loadConfig } from './platform/config/config';
import { createPool } from './platform/database/database';
import { ensureDatabase, migrate } from './platform/database/migrations';
import { EventStore } from './platform/event-store/event-store';
import { START } from './platform/event-store/event-store.types';
import { logVisibility, projectionStatuses, rebuildProjection } from './platform/projections/projection-admin';
import { ProjectionRegistry } from './platform/projections/projection-registry';

const USAGE = `Kioku operator commands: npm run cli -- <command>

  db:migrate                                   create the database if missing and apply migrations
  content:build                                rebuild backend/content/*.json from Debian's kanjidic-xml, edict and
                                               open-jtalk-mecab-naist-jdic plus the hand-written material
  content:frequency                            re-derive backend/content/frequency.tsv from Debian's unidic-mecab
  content:load                                 append what changed in backend/content/*.json as material events
  media:status                                 the system voice's clips per course: done / pending / failed
  projections:status                           each projection: position, lag, owner, lease
  projections:rebuild <name> [--blue-green] [--batch-size N]
                                               replay a projection from the first event
  users:grant-admin <email>                    give an account the admin role
  users:revoke-admin <email>                   take the admin role away
  users:set-subscription <email> active|inactive
  events:tail [--follow] [--limit N]           print the newest events (and follow new ones)
`;

interface Context {
  config: AppConfig;
  pool: Pool;
  registry: () => Promise<ProjectionRegistry>;
}
type Command = (args: string[], ctx: Context) => Promise<void>;

class UsageError extends Error {}

function need(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`Missing ${what}.`);
  return value;
}

function report(result: { changed: boolean }, email: string, done: string, already: string): void {
  console.log(`${email}: ${result.changed ? done : already}.`);
}

const COMMANDS_WITHOUT_DATABASE = new Set(['content:build', 'content:frequency']);

const commands: Record<string, Command> = {
  'content:build': async () => {
    const code = await contentBuildCommand(join(__dirname, '..', 'content'));
    if (code !== 0) throw new UsageError('content:build failed (see above).');
  },

  'content:frequency': async () => {
    const code = await contentFrequencyCommand(join(__dirname, '..', 'content'));
    if (code !== 0) throw new UsageError('content:frequency failed (see above).');
  },

  'db:migrate': async (_args, { config }) => {
    const applied = await migrate(config.DATABASE_URL, (line) => console.log(line));
    console.log(applied.length ? `${applied.length} migration(s) and live function file(s) applied.` : 'The database is up to date.');
  },

  'content:load': async (_args, { pool }) => {
    const result = await loadContent(pool, new EventStore(pool), { log: (line) => console.log(line), requireAll: true });
    console.log(
      `${result.imported} imported, ${result.revised} revised, ${result.retired} retired, ${result.restored} restored in ${(result.durationMs / 1000).toFixed(1)} s.`,
    );
  },

  'media:status': async (_args, { pool }) => {
    const owners = await loadVoiceOwners(pool);
    const status = voiceStatus(owners);
    if (!status.length) return console.log('No servable cards yet: load the content first (npm run cli -- content:load).');
    console.log('System voice clips per course (a clip shown in two courses counts in both):');
    console.table(status.map((s) => ({ course: s.course, done: s.done, pending: s.pending, failed: s.failed })));
    const all = owners.filter((o) => voiceStateOf(o) !== null);
    const done = all.filter((o) => voiceStateOf(o) === 'done').length;
    console.log(`${done} of ${all.length} clips done (${((100 * done) / Math.max(1, all.length)).toFixed(1)}%).`);
    const remakes = all.filter(isRemake).length;
    if (remakes) console.log(`${remakes} of the pending clips are remakes with the new voice recipe: their old clip plays until then.`);
    const failed = all.filter((o) => voiceStateOf(o) === 'failed').slice(0, 10);
    for (const f of failed) console.log(`failed: ${f.materialType} ${f.materialId} "${f.input!.text}": ${f.failedError}`);
  },

  'projections:status': async (_args, { pool, registry }) => {
    const list = await projectionStatuses(pool, (await registry()).all());
    if (!list.length) return console.log('No projections are registered.');
    console.table(
      list.map((p) => ({
        projection: p.name,
        version: p.version,
        status: p.status,
        position: p.lastPosition,
        lag: p.lag,
        owner: p.owner ?? '-',
        'lease until': p.leaseUntil ? p.leaseUntil.toISOString() : '-',
      })),
    );
    const rebuilding = list.filter((p) => p.status === 'rebuilding' && p.leaseUntil && p.leaseUntil.getTime() < Date.now());
    for (const p of rebuilding) console.log(`${p.name}: its rebuild stopped (lease expired); the next projection runner takes it over from position ${p.lastPosition}.`);
    const visibility = await logVisibility(pool);
    const open = visibility.oldestOpenTransaction;
    if (visibility.heldBack > 0 && open) {
      console.log(
        `${visibility.heldBack} committed event(s) wait for a transaction of this database open for ${open.ageSeconds} s (pid ${open.pid}, ${open.applicationName || 'no application name'}, ${open.state}).`,
      );
    }
  },

  'projections:rebuild': async (args, { config, pool, registry }) => {
    const name = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--batch-size');
    if (!name) throw new UsageError('Which projection? projections:rebuild <name> [--blue-green] (names: projections:status)');
    const projection = (await registry()).get(name);
    const blueGreen = args.includes('--blue-green');
    // Smaller batches: shorter transactions and locks per batch, at some cost in speed (default 10,000 events).
    const sizeAt = args.indexOf('--batch-size');
    const batchSize = sizeAt >= 0 ? Number(args[sizeAt + 1]) : undefined;
    if (batchSize !== undefined && !(Number.isInteger(batchSize) && batchSize > 0)) throw new UsageError('--batch-size takes a positive whole number of events.');
    const started = Date.now();
    console.error(`Rebuilding ${name}${blueGreen ? ' blue-green (the live tables keep serving until the switch)' : ''}…`);
    await rebuildProjection(pool, projection, { blueGreen, batchSize, onProgress: progressPrinter(), leaseMs: config.PROJECTION_LEASE_SECONDS * 1000 });
    console.error(`\nRebuilt ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  },

  'users:grant-admin': async (args, { pool }) =>
    report(await grantAdmin(pool, need(args[0], 'email')), args[0], 'is now an admin', 'was already an admin'),
  'users:revoke-admin': async (args, { pool }) =>
    report(await revokeAdmin(pool, need(args[0], 'email')), args[0], 'is no longer an admin', 'was not an admin'),
  'users:set-subscription': async (args, { pool }) => {
    const state = args[1];
    if (state !== 'active' && state !== 'inactive') throw new UsageError('Usage: users:set-subscription <email> active|inactive');
    report(await setSubscription(pool, need(args[0], 'email'), state), args[0], `subscription is now ${state}`, `subscription was already ${state}`);
  },

  'events:tail': async (args, { pool }) => {
    const store = new EventStore(pool);
    const limitAt = args.indexOf('--limit');
    const limit = limitAt >= 0 ? Number(args[limitAt + 1]) || 20 : 20;
    const { rows } = await pool.query(
      `select transaction_id::text as tx, global_position from events order by transaction_id desc, global_position desc offset $1 limit 1`,
      [limit],
    );
    let cursor = rows.length ? { tx: rows[0].tx as string, position: Number(rows[0].global_position) } : START;
    for (;;) {
      const batch = await store.readAll(cursor, 500);
      for (const e of batch) {
        const actor = e.actorId ?? (e.metadata.actor as string | undefined) ?? '-';
        console.log(`${e.recordedAt.toISOString()} #${e.globalPosition} ${e.streamId}@${e.streamVersion} ${e.type} actor=${actor} ${JSON.stringify(e.data)}`);
        cursor = { tx: e.transactionId, position: e.globalPosition };
      }
      if (!args.includes('--follow')) break;
      if (batch.length < 500) await new Promise((r) => setTimeout(r, 500));
    }
  },
};

/** Registers more commands from other contexts (content:build, content:load). */
export function registerCommand(name: string, command: Command): void {
  commands[name] = command;
}

/** Runs one command; returns the exit code (exported for the CLI's own tests). */
export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help') {
    console.log(USAGE);
    return name ? 0 : 1;
  }
  const command = commands[name];
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${USAGE}`);
    return 1;
  }
  if (COMMANDS_WITHOUT_DATABASE.has(name)) {
    try {
      await command(args, {} as Context);
      return 0;
    } catch (error) {
      console.error((error as Error).message);
      return 1;
    }
  }
  // ROLE cli: an operator command never runs projection runners, reactors, the media worker or the system voice.
  const config = loadConfig({ ...process.env, ROLE: 'cli', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  await ensureDatabase(config.DATABASE_URL);
  if (name !== 'db:migrate') await migrate(config.DATABASE_URL);
  const pool = createPool(config.DATABASE_URL, 4);
  let app: Awaited<ReturnType<typeof NestFactory.createApplicationContext>> | undefined;
  const registry = async () => {
    app ??= await NestFactory.createApplicationContext(AppModule.forConfig(config), { logger: ['error', 'warn'] });
    return app.get(ProjectionRegistry);
  };
  try {
    await command(args, { config, pool, registry });
    return 0;
  } catch (error) {
    const known = error instanceof UsageError || typeof (error as { code?: unknown }).code === 'string';
    console.error(known ? (error as Error).message : error);
    return 1;
  } finally {
    await pool.end();
    await app?.close();
  }
}

if (require.main === module) void main(process.argv.slice(2)).then((code) => process.exit(code));
