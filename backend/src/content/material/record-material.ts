import { Pool } from 'pg';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import { EventStore } from '../../platform/event-store/event-store';
import { executeMaterialCommand } from './material.aggregate';
import { createAdminMaterial, reviseMaterialFields, setMaterialRetired } from './material.decide';
import { MaterialKind } from './material.events';

// Content's own material commands (an admin's edit of one material by its fields), each one call of the
// command path with the material aggregate: the events and the catalogue commit together.

export interface ReviseMaterialCommand {
  type: MaterialKind;
  id: number;
  /** new values by field; null removes a field. Fields whose value does not change are left out. */
  set: Record<string, unknown>;
  /** the material version the editor saw; omitted = the current one */
  expectedVersion?: number;
  metadata: EventMetadata;
}

/**
 * An admin edit: records a MaterialRevised (source 'admin', so content reloads keep the admin's values) and
 * updates the catalogue inline. Answers the new stream version, or `changed: false` (and the material's
 * version) when nothing differs.
 */
export async function reviseMaterial(pool: Pool, store: EventStore, command: ReviseMaterialCommand): Promise<{ changed: boolean; version: number }> {
  const done = await executeMaterialCommand(
    { pool, store },
    { type: command.type, id: command.id },
    (stream) => reviseMaterialFields(stream, { set: command.set, expectedVersion: command.expectedVersion }),
    { metadata: command.metadata },
  );
  return done.appended ? { changed: true, version: done.appended.streamVersion } : { changed: false, version: done.state.material!.version };
}

export interface CreateMaterialCommand {
  type: MaterialKind;
  /** a new id: derive it from a natural key so it cannot meet a content id (content ids hash 'vocab:…', 'sentence:…') */
  id: number;
  data: Record<string, unknown>;
  metadata: EventMetadata;
}

/** An admin creates a material (createAdminMaterial): 409 when the id exists. */
export async function createMaterial(pool: Pool, store: EventStore, command: CreateMaterialCommand): Promise<{ version: number }> {
  const done = await executeMaterialCommand({ pool, store }, { type: command.type, id: command.id }, (stream) => createAdminMaterial(stream, command.data), {
    metadata: command.metadata,
  });
  return { version: done.state.streamVersion };
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
  const done = await executeMaterialCommand({ pool, store }, { type: command.type, id: command.id }, (stream) => setMaterialRetired(stream, retire), {
    metadata: command.metadata,
  });
  return done.result;
}
