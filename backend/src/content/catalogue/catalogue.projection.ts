import { Queryable, quoteIdent } from '../../platform/database/database';
import { afterCommit } from '../../platform/event-store/commit-notifier';
import { RecordedEvent } from '../../platform/event-store/event-store.types';
import { Projection, TableNames } from '../../platform/projections/projection';
import {
  KanaEntryRow,
  KanjiEntryRow,
  MaterialRow,
  SentenceRow,
  VocabEntryRow,
  VocabKanjiRow,
  kanaEntryRow,
  kanjiEntryRow,
  lookupIn,
  materialRow,
  sentenceRow,
  type Backlinks,
  vocabEntryRow,
  vocabKanjiRows,
} from './catalogue.rows';
import { MATERIAL_EVENT_TYPES, MaterialKind } from '../material/material.events';
import { MaterialEvent, MaterialState, evolve, linksOf, stateKey } from '../material/material.state';

export const CATALOGUE_PROJECTION = 'catalogue';

/** material_states first: the others are derived from it. */
export const CATALOGUE_TABLES = ['material_states', 'materials', 'kanji_entries', 'vocab_entries', 'kana_entries', 'sentences', 'vocab_kanji'] as const;

const CARD_TYPES = ['kana', 'reading', 'vocab'];

interface StoredState extends MaterialState {
  links: string[];
  /** when its last event was recorded: a rebuild gives the same time (never the wall clock of the write) */
  updatedAt: string;
}

interface StateRow {
  material_type: MaterialKind;
  material_id: number;
  version: string;
  content_version: string | null;
  data: Record<string, unknown>;
  admin_fields: string[];
  links: string[];
  origin: MaterialState['origin'];
  retired: MaterialState['retired'];
  updated_at: Date;
}

const STATE_COLUMNS = 'material_type, material_id, version, content_version, data, admin_fields, links, origin, retired, updated_at';

function toState(row: StateRow): StoredState {
  return {
    type: row.material_type,
    id: row.material_id,
    version: Number(row.version),
    contentVersion: row.content_version,
    data: row.data,
    adminFields: row.admin_fields,
    links: row.links,
    origin: row.origin,
    retired: row.retired,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

function parseKey(key: string): [string, number] {
  const at = key.indexOf(':');
  return [key.slice(0, at), Number(key.slice(at + 1))];
}

/** States by 'type:id' keys, one query. */
export async function loadStates(db: Queryable, table: string, keys: Iterable<string>): Promise<Map<string, StoredState>> {
  const types: string[] = [];
  const ids: number[] = [];
  for (const key of keys) {
    const [type, id] = parseKey(key);
    types.push(type);
    ids.push(id);
  }
  const found = new Map<string, StoredState>();
  if (!ids.length) return found;
  const { rows } = await db.query<StateRow>(
    `select ${STATE_COLUMNS} from ${quoteIdent(table)} s
      where (s.material_type, s.material_id) in (select * from unnest($1::text[], $2::int[]))`,
    [types, ids],
  );
  for (const row of rows) found.set(stateKey(row.material_type, row.material_id), toState(row));
  return found;
}

async function upsertRows(db: Queryable, table: string, columns: Record<string, string>, conflict: string[], rows: object[]): Promise<void> {
  if (!rows.length) return;
  const names = Object.keys(columns);
  const definition = names.map((n) => `${quoteIdent(n)} ${columns[n]}`).join(', ');
  const updates = names.filter((n) => !conflict.includes(n)).map((n) => `${quoteIdent(n)} = excluded.${quoteIdent(n)}`);
  await db.query(
    `insert into ${quoteIdent(table)} (${names.map(quoteIdent).join(', ')})
     select ${names.map(quoteIdent).join(', ')} from jsonb_to_recordset($1::jsonb) as r(${definition})
     on conflict (${conflict.map(quoteIdent).join(', ')}) do ${updates.length ? `update set ${updates.join(', ')}` : 'nothing'}`,
    [JSON.stringify(rows)],
  );
}

/**
 * Folds a batch of material events into material_states, then recomputes every read row they touch: the
 * changed materials themselves and those that show them (a reading card shows its kanji, its word and the
 * word's sentence). Set-based: a handful of statements per batch whatever its size. Inline: the content
 * loader and admin edits call it in the transaction of their events; rebuilds replay it.
 */
export async function applyCatalogue(db: Queryable, events: RecordedEvent[], tables: TableNames): Promise<void> {
  const t = (name: (typeof CATALOGUE_TABLES)[number]) => tables[name] ?? name;
  const keyOf = (e: RecordedEvent) => stateKey(e.data.materialType, e.data.materialId);
  const current = await loadStates(db, t('material_states'), new Set(events.map(keyOf)));
  const oldLinks = new Map<string, string[]>();
  const changed = new Set<string>();
  for (const event of events) {
    const key = keyOf(event);
    const before = current.get(key);
    const next = evolve(before, { type: event.type, streamVersion: event.streamVersion, data: event.data } as MaterialEvent);
    if (!next || next === before) continue;
    if (!oldLinks.has(key)) oldLinks.set(key, before?.links ?? []);
    current.set(key, { ...next, links: linksOf(next.type, next.data), updatedAt: event.recordedAt.toISOString() });
    changed.add(key);
  }
  if (!changed.size) return;

  const folded = [...changed].map((k) => current.get(k)!);
  await upsertRows(
    db,
    t('material_states'),
    {
      material_type: 'text',
      material_id: 'int',
      version: 'bigint',
      content_version: 'text',
      data: 'jsonb',
      admin_fields: 'text[]',
      links: 'text[]',
      origin: 'text',
      retired: 'text',
      updated_at: 'timestamptz',
    },
    ['material_type', 'material_id'],
    folded.map((s) => ({
      material_type: s.type,
      material_id: s.id,
      version: s.version,
      content_version: s.contentVersion,
      data: s.data,
      admin_fields: s.adminFields,
      links: s.links,
      origin: s.origin,
      retired: s.retired,
      updated_at: s.updatedAt,
    })),
  );

  // What to recompute: the changed materials, the card a changed sentence belongs to (before and after),
  // and, transitively, the cards that refer to any of them (a retired word: the reading cards taught with it).
  const affected = new Set(changed);
  for (const key of changed) {
    if (key.startsWith('sentence:')) for (const l of [...oldLinks.get(key)!, ...current.get(key)!.links]) affected.add(l);
  }
  let frontier = [...affected];
  for (let round = 0; round < 3 && frontier.length; round++) {
    const { rows } = await db.query<{ material_type: string; material_id: number }>(
      `select material_type, material_id from ${quoteIdent(t('material_states'))} where links && $1::text[] and material_type = any($2::text[])`,
      [frontier, CARD_TYPES],
    );
    frontier = rows.map((r) => stateKey(r.material_type, r.material_id)).filter((k) => !affected.has(k));
    for (const k of frontier) affected.add(k);
  }

  // Everything the affected rows show: their own states, the kanji, words and sentences they refer to.
  const states = new Map<string, StoredState>();
  const need = async (keys: Iterable<string>) => {
    const missing = [...new Set(keys)].filter((k) => !states.has(k));
    const loaded = await loadStates(db, t('material_states'), missing);
    for (const [k, v] of loaded) states.set(k, v);
  };
  await need(affected);
  const refs = (types: string[]) => [...states.values()].filter((s) => types.includes(s.type)).flatMap((s) => s.links);
  await need(refs(CARD_TYPES));
  await need(refs(['vocab'])); // sentences of the words that reading cards show
  const backlinks: Backlinks = new Map();
  const owners = [...states.values()].filter((s) => CARD_TYPES.includes(s.type)).map((s) => stateKey(s.type, s.id));
  if (owners.length) {
    // A retired sentence is no card's sentence: the next one written for the card, if any, takes its place.
    const { rows } = await db.query<StateRow>(
      `select ${STATE_COLUMNS} from ${quoteIdent(t('material_states'))}
        where material_type = 'sentence' and links && $1::text[] and retired is null order by material_id`,
      [owners],
    );
    for (const row of rows) {
      const s = toState(row);
      for (const link of s.links) backlinks.set(link, [...(backlinks.get(link) ?? []), s]);
    }
  }
  const lookup = lookupIn(states);

  const materials: Array<MaterialRow & { updated_at: string }> = [];
  const kanji: KanjiEntryRow[] = [];
  const vocab: VocabEntryRow[] = [];
  const vocabKanji: VocabKanjiRow[] = [];
  const kana: KanaEntryRow[] = [];
  const sentences: SentenceRow[] = [];
  // A retired material keeps its card row (servable false, for admins and for the cards learners have of it),
  // but leaves the dictionary: its entry rows are deleted, and written again when it is restored.
  const gone: Record<'kanji' | 'vocab' | 'kana' | 'sentence', number[]> = { kanji: [], vocab: [], kana: [], sentence: [] };
  for (const key of affected) {
    const s = states.get(key);
    if (!s) continue;
    const card = materialRow(s, lookup, backlinks);
    // The card changed when its own material last did (a rebuild gives the same time).
    if (card) materials.push({ ...card, updated_at: s.updatedAt });
    if (s.retired && s.type !== 'reading') {
      gone[s.type].push(s.id);
      continue;
    }
    if (s.type === 'kanji') kanji.push(kanjiEntryRow(s));
    if (s.type === 'vocab') {
      vocab.push(vocabEntryRow(s, lookup, backlinks));
      vocabKanji.push(...vocabKanjiRows(s));
    }
    if (s.type === 'kana') kana.push(kanaEntryRow(s));
    if (s.type === 'sentence') sentences.push(sentenceRow(s));
  }

  const live = t('materials') === 'materials';
  const flips = live ? await servableFlips(db, materials) : [];
  await upsertRows(
    db,
    t('materials'),
    {
      material_type: 'text',
      material_id: 'int',
      course: 'text',
      level: 'smallint',
      position: 'int',
      version: 'bigint',
      servable: 'boolean',
      retired: 'boolean',
      data: 'jsonb',
      updated_at: 'timestamptz',
    },
    ['material_type', 'material_id'],
    materials,
  );
  for (const [table, ids] of [
    ['kanji_entries', gone.kanji],
    ['vocab_entries', gone.vocab],
    ['vocab_kanji', gone.vocab],
    ['kana_entries', gone.kana],
    ['sentences', gone.sentence],
  ] as const) {
    if (ids.length) await db.query(`delete from ${quoteIdent(t(table))} where ${table === 'vocab_kanji' ? 'vocab_id' : 'id'} = any($1::int[])`, [ids]);
  }
  await upsertRows(
    db,
    t('kanji_entries'),
    { id: 'int', character: 'text', course: 'text', level: 'smallint', grade: 'smallint', position: 'int', data: 'jsonb' },
    ['id'],
    kanji,
  );
  await upsertRows(db, t('vocab_entries'), { id: 'int', course: 'text', level: 'smallint', tab: 'text', position: 'int', data: 'jsonb' }, ['id'], vocab);
  await upsertRows(
    db,
    t('kana_entries'),
    { id: 'int', kana: 'text', script: 'text', row: 'text', level: 'smallint', position: 'int', data: 'jsonb' },
    ['id'],
    kana,
  );
  await upsertRows(db, t('sentences'), { id: 'int', material_type: 'text', material_id: 'int', data: 'jsonb' }, ['id'], sentences);
  if (vocab.length) {
    await db.query(`delete from ${quoteIdent(t('vocab_kanji'))} where vocab_id = any($1::int[])`, [vocab.map((v) => v.id)]);
    await upsertRows(db, t('vocab_kanji'), { kanji: 'text', vocab_id: 'int', rank: 'int' }, ['kanji', 'vocab_id'], vocabKanji);
  }
  await bumpCatalogueRevision(db);
  // Learners' cards follow their material's servable flag (migration 040). Only for the live tables: a
  // blue-green rebuild fills shadow tables that learners do not read yet, and replays the same flags. After
  // the revision bump: every catalogue writer takes that row first, so two writers never hold the sync's
  // lock and the revision row against each other.
  if (flips.length) {
    await db.query('select study_sync_card_servable($1::text[], $2::int[], $3::boolean[])', [
      flips.map((f) => f.material_type),
      flips.map((f) => f.material_id),
      flips.map((f) => f.servable),
    ]);
  }
}

/**
 * The card rows whose servable flag this write changes: those that exist with the other value, and new rows
 * that are not servable (after a plain rebuild's truncate, the cards of a material may be older than its row).
 */
async function servableFlips(db: Queryable, rows: MaterialRow[]): Promise<{ material_type: string; material_id: number; servable: boolean }[]> {
  if (!rows.length) return [];
  const { rows: before } = await db.query<{ material_type: string; material_id: number; servable: boolean }>(
    `select m.material_type, m.material_id, m.servable from materials m
      where (m.material_type, m.material_id) in (select * from unnest($1::text[], $2::int[]))`,
    [rows.map((r) => r.material_type), rows.map((r) => r.material_id)],
  );
  const was = new Map(before.map((r) => [stateKey(r.material_type, r.material_id), r.servable]));
  return rows
    .filter((r) => {
      const old = was.get(stateKey(r.material_type, r.material_id));
      return old === undefined ? !r.servable : old !== r.servable;
    })
    .map((r) => ({ material_type: r.material_type, material_id: r.material_id, servable: r.servable }));
}

let localCommits = 0;

/**
 * Marks a catalogue change: what is cached per catalogue revision (dictionary answers, servable totals,
 * lesson floors) is rebuilt. Every write to the catalogue tables calls it in its transaction.
 */
export async function bumpCatalogueRevision(db: Queryable): Promise<void> {
  await db.query('update catalogue_revision set revision = revision + 1, updated_at = now()');
  afterCommit(db, () => localCommits++);
}

/**
 * Catalogue transactions committed by this process: the dictionary cache re-reads the revision at once after
 * a local change instead of waiting for its short memo to expire.
 */
export function localCatalogueCommits(): number {
  return localCommits;
}

/**
 * The catalogue as a projection: written inline (never by the async runner), registered so that
 * `projections:rebuild catalogue [--blue-green]` replays it from the event log.
 */
export const catalogueProjection: Projection = {
  name: CATALOGUE_PROJECTION,
  eventTypes: MATERIAL_EVENT_TYPES,
  tables: CATALOGUE_TABLES,
  inline: true,
  /**
   * Every writer of material events holds this row in share mode from before its append until it commits
   * (lockCatalogueForWrite): held for update, no writer is in flight, so a rebuild that holds it replays every
   * committed event, and none is left behind an open transaction with no runner to catch it up (issue 28).
   */
  async writeLock(db: Queryable) {
    await db.query(`insert into projection_checkpoints (name) values ($1) on conflict (name) do nothing`, [CATALOGUE_PROJECTION]);
    await db.query(`select 1 from projection_checkpoints where name = $1 for update`, [CATALOGUE_PROJECTION]);
  },
  apply: applyCatalogue,
};
