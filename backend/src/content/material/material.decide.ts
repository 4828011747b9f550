import { AppError, ConcurrencyError } from '../../platform/errors/app-error';
import { NewEvent } from '../../platform/event-store/event-store.types';
import { voiceInputOf } from '../catalogue/voice-input';
import { fieldChanges } from './material-fields';
import { MaterialImported, MaterialRestored, MaterialRetired, MaterialRevised } from './material.events';
import type { MaterialState, MaterialStream } from './material.state';

// The pure decisions of the material aggregate: what each writer's command appends to a material's stream,
// given the stream as loaded (material.aggregate.ts). No clock: none of them depends on the time.

function existing(stream: MaterialStream): MaterialState {
  if (!stream.material) throw new AppError('not_found', `There is no ${stream.ref.type} material ${stream.ref.id}.`);
  return stream.material;
}

export interface RevisionInput {
  /** new values by field; null removes a field. Fields whose value does not change are left out. */
  set: Record<string, unknown>;
  /** the material version the editor saw (MaterialState.version): another material event since is a 409 */
  expectedVersion?: number;
  /** 'admin' (the default): content reloads keep the value; 'media': the system voice's clip */
  source?: 'admin' | 'media';
  /** stand-ins for fields the material never had (an approval flag is false until set) */
  defaults?: Record<string, unknown>;
}

/**
 * An edit of a material's fields: one MaterialRevised with before → after of the fields that change, none
 * when nothing differs. Not found when the stream holds no material.
 */
export function reviseMaterialFields(stream: MaterialStream, input: RevisionInput): NewEvent[] {
  const material = existing(stream);
  if (input.expectedVersion !== undefined && input.expectedVersion !== material.version) throw new ConcurrencyError();
  const changes = fieldChanges(material.data, input.set, input.defaults);
  if (!Object.keys(changes).length) return [];
  return [MaterialRevised({ materialType: material.type, materialId: material.id, changes, source: input.source ?? 'admin' })];
}

/**
 * An admin creates a material (a generated sentence for a word): MaterialImported with source 'admin', so every
 * field counts as admin-edited and content reloads leave them alone. 409 when the material exists.
 */
export function createAdminMaterial(stream: MaterialStream, data: Record<string, unknown>): NewEvent[] {
  const { type, id } = stream.ref;
  if (stream.material) throw new ConcurrencyError(`There is already a ${type} material ${id}.`);
  return [MaterialImported({ materialType: type, materialId: id, data: { ...data, id }, source: 'admin' })];
}

/**
 * An admin retires a material (reason 'admin': content reloads never bring it back) or restores it. No event
 * when it is already so; `changed` says which.
 */
export function setMaterialRetired(stream: MaterialStream, retire: boolean): { events: NewEvent[]; result: { changed: boolean } } {
  const material = existing(stream);
  if ((material.retired !== null) === retire) return { events: [], result: { changed: false } };
  const base = { materialType: material.type, materialId: material.id, source: 'admin' as const };
  return { events: [retire ? MaterialRetired({ ...base, reason: 'admin' }) : MaterialRestored(base)], result: { changed: true } };
}

/** An event another context records about a material (a media request or outcome): it names this material. */
type AboutMaterial = NewEvent & { data: { materialType: string; materialId: number } };

function about(stream: MaterialStream, event: AboutMaterial): AboutMaterial {
  if (event.data.materialType !== stream.ref.type || event.data.materialId !== stream.ref.id) {
    throw new Error(`${event.type} about ${event.data.materialType} ${event.data.materialId} does not belong to material-${stream.ref.type}-${stream.ref.id}`);
  }
  return event;
}

/**
 * A media request or outcome joins the material's history (its stream), whether or not the material has any
 * yet (a bare catalogue row): it changes nothing the material shows.
 */
export function recordMediaEvent(stream: MaterialStream, event: AboutMaterial): NewEvent[] {
  return [about(stream, event)];
}

/** What a voice job made of a material's text (its key): a clip, a final failure, or nothing to apply. */
export interface VoiceOutcome {
  key: string;
  clip?: unknown;
  error?: string;
}

/**
 * A voice job's outcome: the outcome event, and a MaterialRevised (source 'media', id `revisionEventId`) that
 * gives the material its clip (`voice`) or notes the final failure (`voice_failed`, so the scheduler stops
 * asking). A clip made from a text the material no longer holds (edited meanwhile) is an outcome only.
 */
export function recordVoiceOutcome(stream: MaterialStream, outcome: AboutMaterial, voice: VoiceOutcome, revisionEventId: string): NewEvent[] {
  const events: NewEvent[] = [about(stream, outcome)];
  const material = stream.material;
  if (!material || voiceInputOf(material.type, material.data)?.key !== voice.key) return events;
  const set: Record<string, unknown> =
    voice.clip !== undefined ? { voice: voice.clip, voice_failed: null } : voice.error !== undefined ? { voice_failed: { key: voice.key, error: voice.error.slice(0, 500) } } : {};
  const changes = fieldChanges(material.data, set);
  if (Object.keys(changes).length) {
    events.push({ ...MaterialRevised({ materialType: material.type, materialId: material.id, changes, source: 'media' }), eventId: revisionEventId });
  }
  return events;
}
