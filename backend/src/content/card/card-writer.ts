import { createHash } from 'node:crypto';
import { executeMaterialCommand, getMaterial, lockMaterials, MaterialSnapshot } from '../material/material.aggregate';
import { MATERIAL_EVENT_TYPES, materialStreamId } from '../material/material.events';
import { MaterialRef, MaterialStream } from '../material/material.state';
import { Queryable } from '../../platform/database/database';
import { AppError, ConcurrencyError } from '../../platform/errors/app-error';
import { Decision } from '../../platform/event-store/command-path';
import { EventStore } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import { CardType, linkedMaterials } from './card-fields';
import { CardEdit, decideAdminSentence, decideCardEdit, decideSentenceEdit, decideWordEdit, LinkedEdit, newSentenceData, wordMissing } from './edit-card.decide';

// The I/O of a card edit: reading and locking the card, and running each material's share of the edit on the
// command path. What the edit changes is decided in edit-card.decide.ts.

/** The `materials` row of a card: what it shows (SPEC §3 Material fields) and where it sits in its course. */
export interface CardRow {
  type: CardType;
  id: number;
  course: string;
  level: number;
  position: number;
  version: number;
  servable: boolean;
  /** why the card's material was retired ('removed-from-content' | 'admin'), null while it is taught */
  retired: string | null;
  data: Record<string, unknown>;
  updatedAt: Date;
}

export const STALE_MESSAGE = 'Someone else changed this material in the meantime. Reload to see their version.';

export async function readCardRow(db: Queryable, type: CardType, id: number): Promise<CardRow | null> {
  const { rows } = await db.query(
    `select m.material_type, m.material_id, m.course, m.level, m.position, m.version, m.servable, m.data, m.updated_at,
            case when m.retired then coalesce(s.retired, 'removed-from-content') end as retired
       from materials m
       left join material_states s on s.material_type = m.material_type and s.material_id = m.material_id
      where m.material_type = $1 and m.material_id = $2`,
    [type, id],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    type: r.material_type,
    id: r.material_id,
    course: r.course,
    level: r.level,
    position: r.position,
    version: Number(r.version),
    servable: r.servable,
    retired: r.retired,
    data: r.data,
    updatedAt: r.updated_at,
  };
}

/** The materials a card shows: its own, its sentence and (reading) its word. */
function cardMaterials(row: CardRow): MaterialRef[] {
  const { sentenceId, vocabId } = linkedMaterials(row);
  return [
    { type: row.type, id: row.id },
    ...(sentenceId ? [{ type: 'sentence' as const, id: sentenceId }] : []),
    ...(vocabId ? [{ type: 'vocab' as const, id: vocabId }] : []),
  ];
}

export function cardStreams(row: CardRow): string[] {
  return cardMaterials(row).map((m) => materialStreamId(m.type, m.id));
}

/**
 * The version an admin edits against: the global position of the newest material event among the card and
 * the materials it shows (its sentence, its word). Any change to what the card shows, by another admin, a media
 * job or a content reload, moves it (a retirement or a restoration too: it changes whether the card is served);
 * media requests and outcomes alone do not (they change nothing shown).
 */
export async function versionToken(db: Queryable, row: CardRow): Promise<number> {
  const { rows } = await db.query<{ position: string | null }>(
    `select max(global_position)::text as position from events where stream_id = any($1::text[]) and event_type = any($2::text[])`,
    [cardStreams(row), MATERIAL_EVENT_TYPES],
  );
  return rows[0]?.position ? Number(rows[0].position) : row.version;
}

/** A card whose materials (and those it shows) are locked until the transaction ends. */
export interface LockedCard {
  row: CardRow;
  state: MaterialSnapshot | null;
}

/**
 * Locks a card for a write: the card's material and the materials it shows (lockMaterials). Null when there
 * is no such card.
 */
export async function lockCard(db: Queryable, type: CardType, id: number): Promise<LockedCard | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const seen = await readCardRow(db, type, id);
    if (!seen) return null;
    await lockMaterials(db, cardMaterials(seen));
    // What the card shows can only change with a revision of the card, which needed the lock we now hold.
    const row = await readCardRow(db, type, id);
    if (!row) return null;
    if (cardStreams(row).join() === cardStreams(seen).join()) return { row, state: await getMaterial(db, type, id) };
  }
  throw new ConcurrencyError(STALE_MESSAGE);
}

export interface WriteOptions {
  metadata: EventMetadata;
  /** a stable event id per stream (derived from an Idempotency-Key or a job outcome): retries record once */
  eventIdFor?: (streamId: string) => string;
}

export interface WriteResult {
  /** the streams that got a new event */
  changed: string[];
}

/** A sentence id of our own for a card without one: a 31-bit hash of a natural key, like the content's ids. */
export function adminSentenceId(type: CardType, id: number, salt = 0): number {
  const n = createHash('sha256').update(`admin-sentence:${type}:${id}${salt ? `:${salt}` : ''}`).digest().readUInt32BE(0) & 0x7fffffff;
  return n || 1;
}

/** One material's share of the edit through the command path: its decide runs on the stream as loaded. */
async function append<R>(
  db: Queryable,
  store: EventStore,
  material: MaterialRef,
  decide: (stream: MaterialStream) => Decision<R>,
  options: WriteOptions,
  written: WriteResult,
): Promise<R> {
  const streamId = materialStreamId(material.type, material.id);
  const done = await executeMaterialCommand({ db, store }, material, decide, {
    metadata: options.metadata,
    eventIds: options.eventIdFor ? () => options.eventIdFor!(streamId) : undefined,
  });
  if (done.appended && !done.appended.duplicate) written.changed.push(streamId);
  return done.result;
}

/**
 * Writes a card edit (edit-card.decide.ts) to a locked card, in the caller's transaction: the card's own
 * MaterialRevised, then its word's and its sentence's (before → after, source 'admin'), each on the command
 * path, so the catalogue is updated with them. A card without a sentence gets one of its own when a sentence
 * field is set. Every refusal is decideCardEdit's, before anything is appended, or rolls the transaction back.
 */
export async function writeCardEdit(db: Queryable, store: EventStore, card: LockedCard, edit: CardEdit, options: WriteOptions): Promise<WriteResult> {
  const written: WriteResult = { changed: [] };
  const own = { type: card.row.type, id: card.row.id };
  const { word, sentence } = await append(db, store, own, (stream) => decideCardEdit(stream, card.row, edit), options, written);
  if (!word && !sentence) return written;

  // A new word chosen in the same edit: its fields and sentence are the ones to edit now.
  if (written.changed.length) {
    card.row = (await readCardRow(db, card.row.type, card.row.id)) ?? card.row;
    await lockMaterials(db, cardMaterials(card.row));
  }
  const { sentenceId, vocabId } = linkedMaterials(card.row);

  if (word) {
    if (vocabId === null) throw wordMissing(word);
    await append(db, store, { type: 'vocab', id: vocabId }, (stream) => decideWordEdit(stream, word), options, written);
  }
  if (sentence) {
    const shown = sentenceId === null ? null : await append(db, store, { type: 'sentence', id: sentenceId }, (stream) => decideSentenceEdit(stream, sentence), options, written);
    if (!shown || shown.missing) await createSentence(db, store, card, sentence, options, written);
  }
  return written;
}

/** The card's own sentence, under the first of its ids (adminSentenceId) that is free or already ours. */
async function createSentence(db: Queryable, store: EventStore, card: LockedCard, sentence: LinkedEdit, options: WriteOptions, written: WriteResult): Promise<void> {
  if (!Object.keys(newSentenceData(sentence)).length) return;
  const { type, id } = card.row;
  for (let salt = 0; salt < 5; salt++) {
    const slot = { type: 'sentence' as const, id: adminSentenceId(type, id, salt) };
    const { taken } = await append(db, store, slot, (stream) => decideAdminSentence(stream, { type, id }, sentence), options, written);
    if (!taken) return;
  }
  throw new AppError('conflict', 'Could not find a free id for a new sentence. Try again.');
}
