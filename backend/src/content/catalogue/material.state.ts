import type {
  MaterialImportedData,
  MaterialKind,
  MaterialRestoredData,
  MaterialRetiredData,
  MaterialRevisedData,
  RetireReason,
} from './material.events';

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
 * JSON with sorted object keys and without null members: two values are equal when their canonical forms are
 * (jsonb reorders keys; a missing field and a null one mean the same).
 */
export function canonical(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object') {
    const keys = Object.keys(value as object).sort();
    return `{${keys
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined && (value as Record<string, unknown>)[k] !== null)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export type FieldChanges = Record<string, { before: unknown; after: unknown }>;

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
