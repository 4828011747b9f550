import { Queryable } from '../../platform/database/database';
import { AggregateType, CommandDeps, CommandOptions, CommandOutcome, Decision, executeCommand } from '../../platform/event-store/command-path';
import { readStreamAfter } from '../../platform/event-store/event-store';
import { liveTables } from '../../platform/projections/projection';
import { CATALOGUE_PROJECTION, applyCatalogue, catalogueProjection, loadStates } from '../catalogue/catalogue.projection';
import { MATERIAL_EVENT_TYPES, MATERIAL_STREAM_TYPE, MaterialKind, materialStreamId } from './material.events';
import { MaterialRef, MaterialState, MaterialStream, evolveStream, stateKey } from './material.state';

/**
 * Every writer of material events holds the catalogue's checkpoint row in share mode until it commits, so a
 * rebuild (which locks it for update to truncate, or to switch blue-green tables) never interleaves with it.
 */
export async function lockCatalogueForWrite(db: Queryable): Promise<void> {
  await db.query(`insert into projection_checkpoints (name) values ($1) on conflict (name) do nothing`, [CATALOGUE_PROJECTION]);
  await db.query(`select 1 from projection_checkpoints where name = $1 for share`, [CATALOGUE_PROJECTION]);
}

/**
 * Locks several materials for one transaction (an edit through a card writes its word and sentence too): the
 * catalogue first, as every material writer does, then their streams in stream id order, so that two writers
 * never wait on each other in a circle. The command path's load then finds them locked already.
 */
export async function lockMaterials(db: Queryable, refs: readonly MaterialRef[]): Promise<void> {
  await lockCatalogueForWrite(db);
  const streams = [...new Set(refs.map((r) => materialStreamId(r.type, r.id)))].sort();
  if (streams.length) await db.query('select 1 from streams where stream_id = any($1::text[]) order by stream_id for update', [streams]);
}

async function readState(db: Queryable, ref: MaterialRef): Promise<MaterialState | null> {
  const found = (await loadStates(db, 'material_states', [stateKey(ref.type, ref.id)])).get(stateKey(ref.type, ref.id));
  if (!found) return null;
  const { type, id, version, contentVersion, data, adminFields, origin, retired } = found;
  return { type, id, version, contentVersion, data, adminFields, origin, retired };
}

/**
 * The material aggregate for the command path (platform/event-store/command-path.ts). Its inline state is the
 * catalogue: `load` locks the catalogue for write (share), then the stream row, and reads material_states after
 * the lock; `save` folds the appended material events into the catalogue's live tables in the same transaction
 * (media events change nothing there). A stream that does not exist loads as version 0 with no material: the
 * decide says whether that is a new material, an outcome on a bare catalogue row, or not found.
 */
export const materialAggregate: AggregateType<MaterialStream, MaterialRef> = {
  streamType: MATERIAL_STREAM_TYPE,
  streamId: (ref) => materialStreamId(ref.type, ref.id),
  initial: (ref) => ({ ref, streamVersion: 0, material: null }),
  evolve: evolveStream,
  async load(db, ref) {
    await lockCatalogueForWrite(db);
    const { rows } = await db.query<{ version: string }>('select version from streams where stream_id = $1 for update', [materialStreamId(ref.type, ref.id)]);
    const streamVersion = rows.length ? Number(rows[0].version) : 0;
    return { state: { ref, streamVersion, material: await readState(db, ref) }, version: streamVersion };
  },
  async save(db, after, before) {
    if (after.material === before.material) return;
    const appended = await readStreamAfter(db, materialStreamId(after.ref.type, after.ref.id), before.streamVersion);
    const materialEvents = appended.filter((e) => (MATERIAL_EVENT_TYPES as readonly string[]).includes(e.type));
    await applyCatalogue(db, materialEvents, liveTables(catalogueProjection));
  },
};

/**
 * One write to one material through the command path. The material aggregate always loads (a missing
 * material is the decide's business), so there is always an outcome.
 */
export async function executeMaterialCommand<R = undefined>(
  deps: CommandDeps,
  ref: MaterialRef,
  decide: (stream: MaterialStream, now: Date) => Decision<R>,
  options: CommandOptions<MaterialStream, R>,
): Promise<CommandOutcome<MaterialStream, R>> {
  const outcome = await executeCommand(deps, materialAggregate, ref, decide, options);
  if (!outcome) throw new Error('the material aggregate always loads');
  return outcome;
}

/** A material as its readers see it: the fold of its material events. */
export type MaterialSnapshot = MaterialState;

/** The current state of one material (the fold of its material events), or null. */
export async function getMaterial(db: Queryable, type: MaterialKind, id: number): Promise<MaterialSnapshot | null> {
  return readState(db, { type, id });
}
