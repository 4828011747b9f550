import {
  MATERIAL_EVENT_TYPES,
  MATERIAL_KINDS,
  type MaterialImportedData,
  type MaterialKind,
  type MaterialRestoredData,
  type MaterialRetiredData,
  type MaterialRevisedData,
  type RetireReason,
} from './material.events';
import { canonical, FieldChanges } from './material-fields';

/** The current state of one material: the fold of its events. */
export interface MaterialState {
  type: MaterialKind;
  id: number;
  /** stream version of the last event folded in */
  version: number;
  contentVersion: string | null;
  data: Record<string, unknown>;
  /** fields an admin changed; the content loader leaves them alone */
  adminFields: string[];
  /** who brought the material in: the content files (the loader may retire it) or an admin (never retired by the loader) */
  origin: 'content' | 'admin';
  /** null while the material is taught; why it was retired otherwise */
  retired: RetireReason | null;
}

export type MaterialEvent =
  | { type: 'MaterialImported'; streamVersion: number; data: MaterialImportedData }
  | { type: 'MaterialRevised'; streamVersion: number; data: MaterialRevisedData }
  | { type: 'MaterialRetired'; streamVersion: number; data: MaterialRetiredData }
  | { type: 'MaterialRestored'; streamVersion: number; data: MaterialRestoredData };

/**
 * Folds one event into a state. Events at or below the state's version were folded before (an inline write
 * that a replay meets again) and change nothing; so does any event of a material that is not there yet.
 *
 * Retirement is a flag beside the data: MaterialRetired sets it, MaterialRestored clears it, and revisions
 * change the data of a retired material without bringing it back (an entry that returns to the files with new
 * values gets its MaterialRevised, then its MaterialRestored, from the same load). An import starts served.
 */
export function evolve(state: MaterialState | undefined, event: MaterialEvent): MaterialState | undefined {
  if (state && event.streamVersion <= state.version) return state;
  if (event.type === 'MaterialImported') {
    const d = event.data;
    const data = withoutNulls(d.data);
    return {
      type: d.materialType,
      id: d.materialId,
      version: event.streamVersion,
      contentVersion: d.contentVersion ?? null,
      data,
      adminFields: d.source === 'admin' ? Object.keys(data).sort() : [],
      origin: d.source === 'admin' ? 'admin' : 'content',
      retired: null,
    };
  }
  if (!state) return undefined;
  if (event.type === 'MaterialRetired') {
    return { ...state, version: event.streamVersion, retired: event.data.reason, contentVersion: contentVersionOf(state, event.data) };
  }
  if (event.type === 'MaterialRestored') {
    return { ...state, version: event.streamVersion, retired: null, contentVersion: contentVersionOf(state, event.data) };
  }
  const d = event.data;
  const data = { ...state.data };
  for (const [field, change] of Object.entries(d.changes)) {
    if (change.after === null || change.after === undefined) delete data[field];
    else data[field] = change.after;
  }
  const adminFields =
    d.source === 'admin' ? [...new Set([...state.adminFields, ...Object.keys(d.changes)])].sort() : state.adminFields;
  return {
    ...state,
    version: event.streamVersion,
    contentVersion: contentVersionOf(state, d),
    data,
    adminFields,
  };
}

/** Which material: its kind and its id (one stream each). */
export interface MaterialRef {
  type: MaterialKind;
  id: number;
}

/** A material named by a type that came in as a string (a media job's): an unknown type is a bug upstream. */
export function materialRef(type: string, id: number): MaterialRef {
  if (!(MATERIAL_KINDS as readonly string[]).includes(type)) throw new Error(`${type} is not a material type`);
  return { type: type as MaterialKind, id };
}

/**
 * A material's stream as its writers decide on it. The stream also carries the media requests and outcomes
 * about the material (media.events.ts), so it has two versions: `streamVersion` counts every event (the append
 * expects it), `material.version` is the stream version of the last material event (what an editor saw: a
 * media outcome in between does not make an edit stale).
 */
export interface MaterialStream {
  ref: MaterialRef;
  streamVersion: number;
  /** null while the stream holds no MaterialImported (a new id, or media events on a bare catalogue row) */
  material: MaterialState | null;
}

const isMaterialEvent = (type: string) => (MATERIAL_EVENT_TYPES as readonly string[]).includes(type);

/** Folds one event of the stream: every event moves the stream's version, material events also the material. */
export function evolveStream(stream: MaterialStream, event: { type: string; data: unknown }): MaterialStream {
  const streamVersion = stream.streamVersion + 1;
  if (!isMaterialEvent(event.type)) return { ...stream, streamVersion };
  const material = evolve(stream.material ?? undefined, { type: event.type, streamVersion, data: event.data } as MaterialEvent);
  return { ...stream, streamVersion, material: material ?? null };
}

/** A content event carries the sha256 of the file it came from; others keep the state's. */
function contentVersionOf(state: MaterialState, d: { source?: string; contentVersion?: string }): string | null {
  return d.source === 'content' && d.contentVersion ? d.contentVersion : state.contentVersion;
}

function withoutNulls(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) if (v !== null && v !== undefined) out[k] = v;
  return out;
}

/**
 * What a content reload changes in a material: the fields of the content schema whose value differs, except
 * the fields an admin changed. A missing field and null are the same value.
 */
export function contentChanges(state: MaterialState, entry: Record<string, unknown>, fields: readonly string[]): FieldChanges {
  const changes: FieldChanges = {};
  const admin = new Set(state.adminFields);
  for (const field of fields) {
    if (admin.has(field)) continue;
    const before = state.data[field] ?? null;
    const after = entry[field] ?? null;
    if (canonical(before) !== canonical(after)) changes[field] = { before, after };
  }
  return changes;
}

const key = (type: string, id: unknown) => (typeof id === 'number' && Number.isInteger(id) ? [`${type}:${id}`] : []);

/** The materials this one refers to ('type:id'): a reverse lookup finds what to recompute when they change. */
export function linksOf(type: MaterialKind, data: Record<string, unknown>): string[] {
  switch (type) {
    case 'kana':
      return [...key('vocab', data.vocab_id), ...key('sentence', data.sentence_id)];
    case 'vocab':
      return key('sentence', data.sentence_id);
    case 'reading':
      return [...key('kanji', data.kanji_id), ...key('vocab', data.vocab_id), ...key('sentence', data.sentence_id)];
    case 'sentence':
      return typeof data.material_type === 'string' ? key(data.material_type, data.material_id) : [];
    case 'kanji':
      return [];
  }
}

export function stateKey(type: string, id: number): string {
  return `${type}:${id}`;
}
