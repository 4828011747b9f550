import { createHash } from 'node:crypto';
import { APPROVAL_FLAGS, type ApprovalFlag } from '#contract/admin.requests';
import { executeMaterialCommand, getMaterial, lockMaterials, MaterialSnapshot } from '../material/material.aggregate';
import { createAdminMaterial, reviseMaterialFields } from '../material/material.decide';
import { MATERIAL_EVENT_TYPES, materialStreamId } from '../material/material.events';
import { MaterialRef } from '../material/material.state';
import { Queryable } from '../../platform/database/database';
import { AppError, ConcurrencyError } from '../../platform/errors/app-error';
import { EventStore } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import { CardType, FieldTarget, placeOf } from './card-fields';

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

/** An approval flag a card never had is false (not approved). */
const APPROVAL_DEFAULTS: Record<ApprovalFlag, boolean> = Object.fromEntries(APPROVAL_FLAGS.map((flag) => [flag, false])) as Record<ApprovalFlag, boolean>;

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

const intOf = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);

/** The other materials a card shows and an admin can edit through it: its sentence and (reading) its word. */
export function linkedMaterials(row: CardRow): { sentenceId: number | null; vocabId: number | null } {
  return { sentenceId: intOf(row.data.sentence_id), vocabId: row.type === 'reading' ? intOf(row.data.vocab_id) : null };
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
  /**
   * Approval fields recorded even when the value is the default they read as: an unapproval of the system voice
   * sets is_audio_approved false on a card that never had it, and that explicit false is the veto (catalogue
   * voiceFields: audio_vetoed). Without it the unapproval was no change and silently did nothing (issue 31).
   */
  explicit?: readonly string[];
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

/** One MaterialRevised (source 'admin') of the fields of `set` that change, through the command path. */
async function revise(
  db: Queryable,
  store: EventStore,
  material: MaterialRef,
  set: Record<string, unknown>,
  options: WriteOptions,
  result: WriteResult,
  defaults?: Record<string, unknown>,
): Promise<void> {
  if (!Object.keys(set).length) return;
  const streamId = materialStreamId(material.type, material.id);
  const done = await executeMaterialCommand({ db, store }, material, (stream) => reviseMaterialFields(stream, { set, defaults }), {
    metadata: options.metadata,
    eventIds: options.eventIdFor ? () => options.eventIdFor!(streamId) : undefined,
  });
  if (done.appended && !done.appended.duplicate) result.changed.push(streamId);
}

/**
 * Writes Material field values (SPEC §3 names; null removes) to a locked card: each to the material its shown
 * value comes from (card-fields.ts), as one MaterialRevised per material with before → after, source 'admin'.
 * The catalogue is updated in the same transaction. A card without a sentence gets one of its own when a
 * sentence field is set.
 */
export async function writeCardFields(
  db: Queryable,
  store: EventStore,
  card: LockedCard,
  set: Record<string, unknown>,
  options: WriteOptions,
): Promise<WriteResult> {
  const result: WriteResult = { changed: [] };
  if (!card.state) throw new AppError('not_found', `The ${card.row.type} material ${card.row.id} has no history to edit.`);
  const where = { hasContextOverride: card.state.data.sentence_context != null, hasSentence: linkedMaterials(card.row).sentenceId !== null };
  const parts: Record<FieldTarget, Record<string, unknown>> = { own: {}, vocab: {}, sentence: {} };
  for (const [field, value] of Object.entries(set)) {
    const place = placeOf(card.row.type, field, where);
    if (!place) throw new AppError('validation_failed', `A ${card.row.type} has no field ${field}.`, { fields: [{ field, message: 'Not a field of this material type.' }] });
    parts[place.target][place.field] = value;
  }

  const defaults = Object.fromEntries(Object.entries(APPROVAL_DEFAULTS).filter(([field]) => !options.explicit?.includes(field)));
  await revise(db, store, { type: card.row.type, id: card.row.id }, parts.own, options, result, defaults);
  if (!Object.keys(parts.vocab).length && !Object.keys(parts.sentence).length) return result;

  // A new word chosen in the same edit: its fields and sentence are the ones to edit now.
  if (result.changed.length) {
    card.row = (await readCardRow(db, card.row.type, card.row.id)) ?? card.row;
    await lockMaterials(db, cardMaterials(card.row));
  }
  const { sentenceId, vocabId } = linkedMaterials(card.row);

  if (Object.keys(parts.vocab).length) {
    const vocab = vocabId ? await getMaterial(db, 'vocab', vocabId) : null;
    if (!vocab) {
      throw new AppError('validation_failed', 'This reading has no word yet: choose a vocab id first, then edit the word.', {
        fields: Object.keys(set)
          .filter((f) => placeOf(card.row.type, f, where)?.target === 'vocab')
          .map((field) => ({ field, message: 'Choose a vocab id first.' })),
      });
    }
    await revise(db, store, { type: 'vocab', id: vocab.id }, parts.vocab, options, result);
  }

  if (Object.keys(parts.sentence).length) {
    const sentence = sentenceId ? await getMaterial(db, 'sentence', sentenceId) : null;
    if (sentence) {
      await revise(db, store, { type: 'sentence', id: sentence.id }, parts.sentence, options, result);
    } else {
      await createSentence(db, store, card, parts.sentence, options, result);
    }
  }
  return result;
}

async function createSentence(
  db: Queryable,
  store: EventStore,
  card: LockedCard,
  values: Record<string, unknown>,
  options: WriteOptions,
  result: WriteResult,
): Promise<void> {
  const data = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== undefined));
  if (!Object.keys(data).length) return;
  const { type, id } = card.row;
  for (let salt = 0; salt < 5; salt++) {
    const sentenceId = adminSentenceId(type, id, salt);
    const sentence = { type: 'sentence' as const, id: sentenceId };
    await lockMaterials(db, [sentence]);
    const existing = await getMaterial(db, 'sentence', sentenceId);
    if (existing && (existing.data.material_type !== type || existing.data.material_id !== id)) continue; // someone else's id
    if (existing) {
      // Ours from before, no longer shown (marked unapproved): the new text replaces it and shows again.
      await revise(db, store, sentence, { ...values, is_approved: null }, options, result);
      return;
    }
    const streamId = materialStreamId('sentence', sentenceId);
    const done = await executeMaterialCommand({ db, store }, sentence, (stream) => createAdminMaterial(stream, { ...data, material_type: type, material_id: id }), {
      metadata: options.metadata,
      eventIds: options.eventIdFor ? () => options.eventIdFor!(streamId) : undefined,
    });
    if (!done.appended?.duplicate) result.changed.push(streamId);
    return;
  }
  throw new AppError('conflict', 'Could not find a free id for a new sentence. Try again.');
}
