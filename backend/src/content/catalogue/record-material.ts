import { Pool } from 'pg';
import { Queryable, withTransaction } from '../../platform/database/database';
import { AppError, ConcurrencyError } from '../../platform/errors/app-error';
import { EventStore } from '../../platform/event-store/event-store';
import { AppendResult, EventMetadata, ExpectedVersion, NewEvent } from '../../platform/event-store/event-store.types';
import { liveTables } from '../../platform/projections/projection';
import { CATALOGUE_PROJECTION, applyCatalogue, catalogueProjection, loadStates } from './catalogue.projection';
import { MATERIAL_EVENT_TYPES, MATERIAL_STREAM_TYPE, MaterialImported, MaterialKind, MaterialRestored, MaterialRetired, MaterialRevised, RetireReason, materialStreamId } from './material.events';
import { MaterialState, canonical, stateKey } from './material.state';

/**
 * Every writer of material events holds the catalogue's checkpoint row in share mode until it commits, so a
 * rebuild (which locks it for update to truncate, or to switch blue-green tables) never interleaves with it.
 */
export async function lockCatalogueForWrite(db: Queryable): Promise<void> {
  await db.query(`insert into projection_checkpoints (name) values ($1) on conflict (name) do nothing`, [CATALOGUE_PROJECTION]);
  await db.query(`select 1 from projection_checkpoints where name = $1 for share`, [CATALOGUE_PROJECTION]);
}

/**
 * Appends material events to one material's stream and applies them to the catalogue in the same
 * transaction: `db` must be a client inside a transaction (withTransaction).
 */
export async function recordMaterialEvents(
  db: Queryable,
  store: EventStore,
  type: MaterialKind,
  id: number,
  expected: ExpectedVersion,
  events: NewEvent[],
  metadata: EventMetadata,
): Promise<AppendResult> {
  await lockCatalogueForWrite(db);
  const streamId = materialStreamId(type, id);
  const result = await store.append(streamId, MATERIAL_STREAM_TYPE, expected, events, metadata, db);
  if (result.duplicate) return result;
  const from = result.streamVersion - events.length;
  // Media outcomes share the stream (admin/voice records one with its clip): only material events fold.
  const recorded = (await store.readStream(streamId, db)).filter((e) => e.streamVersion > from && (MATERIAL_EVENT_TYPES as readonly string[]).includes(e.type));
  await applyCatalogue(db, recorded, liveTables(catalogueProjection));
  return result;
}

export interface MaterialSnapshot {
  type: MaterialKind;
  id: number;
  /** the stream version: send it back with an edit (409 when somebody changed the material meanwhile) */
  version: number;
  data: Record<string, unknown>;
  /** fields an admin changed: content reloads leave them alone */
  adminFields: string[];
  contentVersion: string | null;
  /** null while taught; why it was retired otherwise */
  retired: RetireReason | null;
  origin: 'content' | 'admin';
}

function snapshot(s: MaterialState): MaterialSnapshot {
  return {
    type: s.type,
    id: s.id,
    version: s.version,
    data: s.data,
    adminFields: s.adminFields,
    contentVersion: s.contentVersion,
    retired: s.retired,
    origin: s.origin,
  };
}

/** The current state of one material (the fold of its events), or null. */
export async function getMaterial(db: Queryable, type: MaterialKind, id: number): Promise<MaterialSnapshot | null> {
  const found = (await loadStates(db, 'material_states', [stateKey(type, id)])).get(stateKey(type, id));
  return found ? snapshot(found) : null;
}

export interface ReviseMaterialCommand {
  type: MaterialKind;
  id: number;
  /** new values by field; null removes a field. Fields whose value does not change are left out. */
  set: Record<string, unknown>;
  /** the version the editor saw; omitted = the current one */
  expectedVersion?: number;
  metadata: EventMetadata;
}

/**
 * An admin edit: records a MaterialRevised (source 'admin', so content reloads keep the admin's values) with
 * before → after of the fields that change, and updates the catalogue inline. Answers the new version, or
 * `changed: false` when nothing differs.
 */
export async function reviseMaterial(pool: Pool, store: EventStore, command: ReviseMaterialCommand): Promise<{ changed: boolean; version: number }> {
  return withTransaction(pool, async (client) => {
    await lockCatalogueForWrite(client);
    // The stream also carries media events, so its version can be ahead of the material's content version:
    // lock the stream row, read the material after the lock, and append at the stream's real version.
    const stream = await client.query<{ version: string }>('select version from streams where stream_id = $1 for update', [materialStreamId(command.type, command.id)]);
    const current = await getMaterial(client, command.type, command.id);
    if (!current) throw new AppError('not_found', `There is no ${command.type} material ${command.id}.`);
    if (command.expectedVersion !== undefined && command.expectedVersion !== current.version) throw new ConcurrencyError();
    const changes: Record<string, { before: unknown; after: unknown }> = {};
    for (const [field, after] of Object.entries(command.set)) {
      const before = current.data[field] ?? null;
      if (canonical(before) !== canonical(after ?? null)) changes[field] = { before, after: after ?? null };
    }
    if (!Object.keys(changes).length) return { changed: false, version: current.version };
    const event = MaterialRevised({ materialType: command.type, materialId: command.id, changes, source: 'admin' });
    const streamVersion = stream.rows.length ? Number(stream.rows[0].version) : current.version;
    const result = await recordMaterialEvents(client, store, command.type, command.id, streamVersion, [event], command.metadata);
    return { changed: true, version: result.streamVersion };
  });
}

export interface CreateMaterialCommand {
  type: MaterialKind;
  /** a new id: derive it from a natural key so it cannot meet a content id (content ids hash 'vocab:…', 'sentence:…') */
  id: number;
  data: Record<string, unknown>;
  metadata: EventMetadata;
}

/**
 * An admin creates a material (a generated sentence for a word): MaterialImported with source 'admin', so
 * every field counts as admin-edited and content reloads leave them alone. 409 when the id exists.
 */
export async function createMaterial(pool: Pool, store: EventStore, command: CreateMaterialCommand): Promise<{ version: number }> {
  return withTransaction(pool, async (client) => {
    const event = MaterialImported({ materialType: command.type, materialId: command.id, data: { ...command.data, id: command.id }, source: 'admin' });
    const result = await recordMaterialEvents(client, store, command.type, command.id, 'no_stream', [event], command.metadata);
    return { version: result.streamVersion };
  });
}

export interface SetRetiredCommand {
  type: MaterialKind;
  id: number;
  metadata: EventMetadata;
}

/**
 * An admin retires a material (MaterialRetired, reason 'admin'): it is no longer taught, listed or counted, and
 * content reloads never bring it back. Answers `changed: false` when it is retired already.
 */
export async function retireMaterial(pool: Pool, store: EventStore, command: SetRetiredCommand): Promise<{ changed: boolean }> {
  return setRetired(pool, store, command, true);
}

/** An admin brings a retired material back (MaterialRestored, source 'admin'); `changed: false` when it is served. */
export async function restoreMaterial(pool: Pool, store: EventStore, command: SetRetiredCommand): Promise<{ changed: boolean }> {
  return setRetired(pool, store, command, false);
}

async function setRetired(pool: Pool, store: EventStore, command: SetRetiredCommand, retire: boolean): Promise<{ changed: boolean }> {
  return withTransaction(pool, async (client) => {
    await lockCatalogueForWrite(client);
    // Media events share the stream: append at the locked stream's version, not the material's (see reviseMaterial).
    const stream = await client.query<{ version: string }>('select version from streams where stream_id = $1 for update', [materialStreamId(command.type, command.id)]);
    const current = await getMaterial(client, command.type, command.id);
    if (!current || !stream.rows.length) throw new AppError('not_found', `There is no ${command.type} material ${command.id}.`);
    if ((current.retired !== null) === retire) return { changed: false };
    const base = { materialType: command.type, materialId: command.id, source: 'admin' as const };
    const event = retire ? MaterialRetired({ ...base, reason: 'admin' }) : MaterialRestored(base);
    await recordMaterialEvents(client, store, command.type, command.id, Number(stream.rows[0].version), [event], command.metadata);
    return { changed: true };
  });
}
