import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Pool, PoolClient } from 'pg';
import { z } from 'zod';
import { createPool, withTransaction } from '../../platform/database/database';
import { ConcurrencyError } from '../../platform/errors/app-error';
import { EVENTS_CHANNEL, EventStore } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import { liveTables } from '../../platform/projections/projection';
import { applyCatalogue, catalogueProjection, loadStates } from '../catalogue/catalogue.projection';
import {
  kanaEntrySchema,
  kanjiEntrySchema,
  readingEntrySchema,
  sentenceEntrySchema,
  vocabEntrySchema,
} from '../catalogue/content.schemas';
import {
  MATERIAL_STREAM_TYPE,
  MaterialImported,
  MaterialKind,
  MaterialRestored,
  MaterialRetired,
  MaterialRevised,
  materialStreamId,
} from '../material/material.events';
import { contentChanges, stateKey } from '../material/material.state';
import { lockCatalogueForWrite } from '../material/material.aggregate';

/** backend/content, from src/content/load and from dist/content/load alike. */
export const CONTENT_DIR = resolve(__dirname, '..', '..', '..', 'content');

/**
 * The files in load order: what a card shows is loaded before the card, so each card row is computed once.
 * (Any order gives the same catalogue; this one avoids recomputing cards when their kanji or word arrives.)
 */
const FILES: ReadonlyArray<{ file: string; type: MaterialKind; schema: z.ZodObject }> = [
  { file: 'kanji.json', type: 'kanji', schema: kanjiEntrySchema },
  { file: 'sentences.json', type: 'sentence', schema: sentenceEntrySchema },
  { file: 'kana.json', type: 'kana', schema: kanaEntrySchema },
  { file: 'vocab.json', type: 'vocab', schema: vocabEntrySchema },
  { file: 'readings.json', type: 'reading', schema: readingEntrySchema },
];

export interface LoadContentOptions {
  /** the directory with the five JSON files (default backend/content) */
  dir?: string;
  log?: (line: string) => void;
  /** entries per transaction */
  batchSize?: number;
  /** true: a missing file is an error; false (default): it is reported and skipped */
  requireAll?: boolean;
}

export interface LoadContentResult {
  imported: number;
  revised: number;
  /** materials of the content no longer in their file: MaterialRetired */
  retired: number;
  /** retired materials back in their file: MaterialRestored */
  restored: number;
  /** files whose sha256 matched the last load: not even parsed */
  unchangedFiles: string[];
  missingFiles: string[];
  durationMs: number;
}

export class ContentFileError extends Error {}

const LOAD_LOCK = 0x6b696f6b; // 'kiok': one loader at a time (transaction-level, PgBouncer-safe)

interface Entry {
  id: number;
  [field: string]: unknown;
}

function parseFile(path: string, file: string, raw: string, schema: z.ZodObject): Entry[] {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (e) {
    throw new ContentFileError(`${path} is not valid JSON: ${(e as Error).message}`);
  }
  const parsed = z.array(schema).safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((i) => `[${i.path.join('.')}] ${i.message}`);
    throw new ContentFileError(`${file} does not match its schema (content.schemas.ts): ${issues.join('; ')}`);
  }
  const entries = parsed.data as Entry[];
  const seen = new Set<number>();
  for (const e of entries) {
    if (seen.has(e.id)) throw new ContentFileError(`${file} has the id ${e.id} twice.`);
    seen.add(e.id);
  }
  return entries;
}

/**
 * Loads the committed content into the catalogue as events. Each entry is compared with its material's
 * current state: a new entry appends MaterialImported, a changed one MaterialRevised with only the changed
 * fields, minus the fields an admin changed (an admin's edit wins over the files; catalogue/README.md). Then,
 * per changed file, a material the content brought in and the file no longer holds gets MaterialRetired, and
 * one retired that way and back in the file MaterialRestored. A file whose sha256 is the one loaded last time
 * is skipped without parsing, so loading twice appends nothing and a start with unchanged content costs a few
 * milliseconds.
 *
 * Set-based: per batch of entries one transaction, one statement for the new streams and their events, one
 * for the revised (retired, restored) ones, and the catalogue projection applied inline.
 */
export async function loadContent(pool: Pool, store: EventStore, options: LoadContentOptions = {}): Promise<LoadContentResult> {
  const started = Date.now();
  const dir = options.dir ?? CONTENT_DIR;
  const log = options.log ?? (() => undefined);
  const batchSize = options.batchSize ?? 2_000;
  const result: LoadContentResult = { imported: 0, revised: 0, retired: 0, restored: 0, unchangedFiles: [], missingFiles: [], durationMs: 0 };
  const metadata: EventMetadata = { actorId: null, actor: 'content-loader', correlationId: `content-load-${randomUUID()}` };

  const loaded = new Map<string, { sha: string; entries: number | null }>(
    (await pool.query<{ file: string; sha256: string; entries: number | null }>('select file, sha256, entries from content_versions')).rows.map(
      (r) => [r.file, { sha: r.sha256, entries: r.entries }],
    ),
  );
  const counts = new Map<string, number>(
    (await pool.query<{ material_type: string; n: string }>('select material_type, count(*) as n from material_states group by material_type')).rows.map(
      (r) => [r.material_type, Number(r.n)],
    ),
  );

  // Every changed file is read and validated before anything is written: a bad file loads nothing.
  const changed: { file: string; type: MaterialKind; sha: string; entries: Entry[]; fields: string[] }[] = [];
  for (const { file, type, schema } of FILES) {
    const path = join(dir, file);
    if (!existsSync(path)) {
      if (options.requireAll) throw new ContentFileError(`${path} is missing.`);
      result.missingFiles.push(file);
      continue;
    }
    const raw = readFileSync(path, 'utf8');
    const sha = createHash('sha256').update(raw).digest('hex');
    const last = loaded.get(file);
    // Same bytes as last time, and the catalogue still holds them (not emptied by a rebuild gone wrong).
    if (last?.sha === sha && last.entries !== null && (counts.get(type) ?? 0) >= last.entries) {
      result.unchangedFiles.push(file);
      continue;
    }
    changed.push({ file, type, sha, entries: parseFile(path, file, raw, schema), fields: Object.keys(schema.shape) });
  }

  // A batch that meets a concurrent edit (ConcurrencyError) is diffed again against the new state.
  const retrying = async <T>(file: string, write: () => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await write();
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        if (attempt >= 3) {
          throw new Error(
            `content: ${file} keeps meeting materials changed or created meanwhile (is a catalogue rebuild or another load running?). Try again when it is done.`,
          );
        }
      }
    }
  };

  const progress = new Map<string, { imported: number; revised: number; retired: number; restored: number }>();
  for (const { file, type, sha, entries, fields } of changed) {
    const n = { imported: 0, revised: 0, retired: 0, restored: 0 };
    progress.set(file, n);
    for (let at = 0; at < entries.length; at += batchSize) {
      const batch = entries.slice(at, at + batchSize);
      const done = await retrying(file, () => withTransaction(pool, (client) => loadBatch(client, store, type, sha, fields, batch, metadata)));
      n.imported += done.imported;
      n.revised += done.revised;
    }
  }
  // Retirements and restorations last, once every file is in: a reading card whose word leaves the list has
  // been given its new word by then, so it never goes unserved in between (catalogue/README.md "Retiring").
  for (const { file, type, sha, entries } of changed) {
    const n = progress.get(file)!;
    const { retire, restore } = await retirementCandidates(pool, type, entries);
    for (const [ids, retiring] of [
      [retire, true],
      [restore, false],
    ] as const) {
      for (let at = 0; at < ids.length; at += batchSize) {
        const batch = ids.slice(at, at + batchSize);
        const done = await retrying(file, () => withTransaction(pool, (client) => retireBatch(client, store, type, sha, batch, retiring, metadata)));
        if (retiring) n.retired += done;
        else n.restored += done;
      }
    }
  }
  // Recorded once the file's retirements are in too: a load that stops half-way is done again from the start.
  for (const { file, sha, entries } of changed) {
    await pool.query(
      `insert into content_versions (file, sha256, entries, loaded_at) values ($1, $2, $3, now())
       on conflict (file) do update set sha256 = excluded.sha256, entries = excluded.entries, loaded_at = now()`,
      [file, sha, entries.length],
    );
    const n = progress.get(file)!;
    const gone = n.retired + n.restored ? `, ${n.retired} retired, ${n.restored} restored` : '';
    log(`content: ${file}: ${entries.length} entries, ${n.imported} imported, ${n.revised} revised${gone}`);
    result.imported += n.imported;
    result.revised += n.revised;
    result.retired += n.retired;
    result.restored += n.restored;
  }
  if (result.imported + result.revised + result.retired + result.restored > 0) {
    await pool.query(`select pg_notify($1, '')`, [EVENTS_CHANNEL]).catch(() => undefined);
  }
  if (result.missingFiles.length) log(`content: missing in ${dir}: ${result.missingFiles.join(', ')}`);
  result.durationMs = Date.now() - started;
  return result;
}


async function loadBatch(
  client: PoolClient,
  store: EventStore,
  type: MaterialKind,
  sha: string,
  fields: string[],
  batch: Entry[],
  metadata: EventMetadata,
): Promise<{ imported: number; revised: number }> {
  await client.query('select pg_advisory_xact_lock($1)', [LOAD_LOCK]);
  await lockCatalogueForWrite(client);
  // Diffed inside the transaction, after the lock: a second loader running at the same time finds our events.
  const states = await loadStates(client, 'material_states', batch.map((e) => stateKey(type, e.id)));
  const imports: { streamId: string; data: unknown }[] = [];
  const revisions: { streamId: string; data: unknown }[] = [];
  for (const entry of batch) {
    const state = states.get(stateKey(type, entry.id));
    const streamId = materialStreamId(type, entry.id);
    if (!state) {
      imports.push({ streamId, data: MaterialImported({ materialType: type, materialId: entry.id, contentVersion: sha, data: entry, source: 'content' }).data });
      continue;
    }
    const changes = contentChanges(state, entry, fields);
    if (!Object.keys(changes).length) continue;
    revisions.push({ streamId, data: MaterialRevised({ materialType: type, materialId: entry.id, changes, source: 'content', contentVersion: sha }).data });
  }
  // New streams and their first events in one statement, then one event on each changed stream: the event
  // store's batch append (append_events works one stream at a time). A stream created meanwhile by someone else
  // is a ConcurrencyError: the batch rolls back and is diffed again.
  const recorded = [
    ...(await store.appendToManyStreams(client, 'new', MATERIAL_STREAM_TYPE, MaterialImported.type, imports, metadata)),
    ...(await store.appendToManyStreams(client, 'existing', MATERIAL_STREAM_TYPE, MaterialRevised.type, revisions, metadata)),
  ];
  if (recorded.length) {
    recorded.sort((a, b) => a.globalPosition - b.globalPosition);
    await applyCatalogue(client, recorded, liveTables(catalogueProjection));
  }
  return { imported: imports.length, revised: revisions.length };
}

/**
 * The materials of a type that a changed file no longer holds (brought in by the content, still served: to
 * retire) and the ones it holds again (retired because they had left it: to restore). A material an admin
 * created, or retired, is the admin's: the files neither retire nor restore it. Two hashed set operations.
 */
async function retirementCandidates(pool: Pool, type: MaterialKind, entries: Entry[]): Promise<{ retire: number[]; restore: number[] }> {
  const ids = entries.map((e) => e.id);
  const { rows } = await pool.query<{ material_id: number; retire: boolean }>(
    `select s.material_id, true as retire from material_states s
      where s.material_type = $1 and s.origin = 'content' and s.retired is null
        and s.material_id not in (select unnest($2::int[]))
     union all
     select s.material_id, false from material_states s
      where s.material_type = $1 and s.retired = 'removed-from-content'
        and s.material_id in (select unnest($2::int[]))
     order by 1`,
    [type, ids],
  );
  return { retire: rows.filter((r) => r.retire).map((r) => r.material_id), restore: rows.filter((r) => !r.retire).map((r) => r.material_id) };
}

/**
 * Retires (or restores) a batch of materials in one transaction, like loadBatch: the states are read again
 * under the locks, so a material another load or an admin changed meanwhile is judged on what it is now.
 */
async function retireBatch(client: PoolClient, store: EventStore, type: MaterialKind, sha: string, ids: number[], retire: boolean, metadata: EventMetadata): Promise<number> {
  await client.query('select pg_advisory_xact_lock($1)', [LOAD_LOCK]);
  await lockCatalogueForWrite(client);
  const states = await loadStates(client, 'material_states', ids.map((id) => stateKey(type, id)));
  const input: { streamId: string; data: unknown }[] = [];
  for (const id of ids) {
    const state = states.get(stateKey(type, id));
    if (!state) continue;
    const due = retire ? state.origin === 'content' && state.retired === null : state.retired === 'removed-from-content';
    if (!due) continue;
    const base = { materialType: type, materialId: id, source: 'content' as const, contentVersion: sha };
    const event = retire ? MaterialRetired({ ...base, reason: 'removed-from-content' }) : MaterialRestored(base);
    input.push({ streamId: materialStreamId(type, id), data: event.data });
  }
  if (!input.length) return 0;
  const recorded = await store.appendToManyStreams(client, 'existing', MATERIAL_STREAM_TYPE, retire ? MaterialRetired.type : MaterialRestored.type, input, metadata);
  recorded.sort((a, b) => a.globalPosition - b.globalPosition);
  await applyCatalogue(client, recorded, liveTables(catalogueProjection));
  return input.length;
}

/**
 * `npm start`: loads the bundled content when the catalogue is empty or the files changed (a few ms when
 * not). Missing files are reported, not fatal, so the app still starts without content.
 */
export async function loadBundledContent(databaseUrl: string, log: (line: string) => void): Promise<LoadContentResult> {
  const pool = createPool(databaseUrl, 2);
  try {
    const result = await loadContent(pool, new EventStore(pool), { log });
    if (result.imported + result.revised + result.retired + result.restored > 0) {
      log(
        `content: ${result.imported} materials imported, ${result.revised} revised, ${result.retired} retired, ${result.restored} restored in ${(result.durationMs / 1000).toFixed(1)} s`,
      );
    }
    return result;
  } finally {
    await pool.end();
  }
}
