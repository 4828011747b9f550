import { quoteIdent, type Queryable } from '../platform/database/database';
import type { Mastery } from './card.events';
import type { CardState } from './card.state';
import type { CardMemory } from './scheduler';
import type { Course, MaterialType } from './courses';

// card_states (migration 030) is the card's inline state: written in the same statement or transaction that appends
// the card's event (the grade: study_record_grade, backend/functions/study_record_grade.sql; the undo and the
// re-learn: updateCardState; a rebuild: upsertCardStates), so the next request reads its own write. This module is
// the one place the row's columns are spelled in TypeScript.

export interface CardStateRow {
  user_id: string;
  course: Course;
  material_type: MaterialType;
  material_id: number;
  level: number;
  attempts: number;
  mastery: Mastery;
  interval_hours: number;
  due_at: Date;
  last_reviewed_at: Date;
  learned_at: Date;
  memory: CardMemory | null;
  lapses: number;
  leech_since: Date | null;
  version: string | number;
}

const CARD_STATE_COLUMN_NAMES = [
  'user_id', 'course', 'material_type', 'material_id', 'level', 'attempts', 'mastery', 'interval_hours', 'due_at',
  'last_reviewed_at', 'learned_at', 'memory', 'lapses', 'leech_since', 'version',
] as const satisfies ReadonlyArray<keyof CardStateRow>;

/** The select list of a CardStateRow, each column qualified by `alias` when given (a join). */
export function cardStateColumns(alias?: string): string {
  return CARD_STATE_COLUMN_NAMES.map((c) => (alias ? `${alias}.${c}` : c)).join(', ');
}

export function cardStateOf(
  row: Pick<CardStateRow, 'attempts' | 'mastery' | 'interval_hours' | 'due_at' | 'last_reviewed_at' | 'learned_at' | 'lapses' | 'leech_since'> & { memory?: CardMemory | null },
): CardState {
  return {
    attempts: row.attempts,
    mastery: row.mastery,
    intervalHours: row.interval_hours,
    dueAt: row.due_at,
    lastReviewedAt: row.last_reviewed_at,
    learnedAt: row.learned_at,
    memory: row.memory ?? null,
    lapses: row.lapses,
    leechSince: row.leech_since,
  };
}

/** The schedule columns of a card_states row, as every writer writes them. */
export interface CardStateRecord {
  attempts: number;
  mastery: CardState['mastery'];
  interval_hours: number;
  due_at: string;
  last_reviewed_at: string;
  learned_at: string;
  memory: CardMemory | null;
  lapses: number;
  leech_since: string | null;
}

/**
 * The one place a card's state becomes its card_states columns: the grade (study_record_grade's p_state, migration
 * 046), the undo and the rebuild (card-states.projection.ts) all write what this gives, so a field the scheduler
 * adds is written everywhere by changing this function and the table.
 */
export function cardStateRecord(state: CardState): CardStateRecord {
  if (!state.dueAt || !state.lastReviewedAt || !state.learnedAt) throw new Error('a card without a schedule has no card_states row');
  return {
    attempts: state.attempts,
    mastery: state.mastery,
    interval_hours: state.intervalHours,
    due_at: new Date(state.dueAt).toISOString(),
    last_reviewed_at: new Date(state.lastReviewedAt).toISOString(),
    learned_at: new Date(state.learnedAt).toISOString(),
    memory: state.memory,
    lapses: state.lapses,
    leech_since: state.leechSince ? new Date(state.leechSince).toISOString() : null,
  };
}

/** A card's row as its writers give it: the key, the level it counts in, its state and its stream's version. */
export interface CardStateWrite {
  user_id: string;
  course: string;
  material_type: string;
  material_id: number;
  level: number;
  state: CardState;
  version: number;
}

/**
 * Writes a card's state into its existing card_states row: the undo's restored row and the re-learn, in the
 * transaction of their event (the grade writes the same record through study_record_grade's p_state).
 */
export async function updateCardState(db: Queryable, card: Omit<CardStateWrite, 'level'>): Promise<void> {
  const r = cardStateRecord(card.state);
  await db.query(
    `update card_states set attempts = $5, mastery = $6, interval_hours = $7, due_at = $8, last_reviewed_at = $9, learned_at = $10, memory = $11,
            lapses = $12, leech_since = $13, version = $14
      where user_id = $1 and course = $2 and material_type = $3 and material_id = $4`,
    [
      card.user_id, card.course, card.material_type, card.material_id,
      r.attempts, r.mastery, r.interval_hours, r.due_at, r.last_reviewed_at, r.learned_at, r.memory ? JSON.stringify(r.memory) : null,
      r.lapses, r.leech_since, card.version,
    ],
  );
}

/**
 * Writes the cards' rows into `table` (card_states, or a rebuild's copy), set-based: a new row or every column of
 * the stored one, and servable from the material, as study_record_grade does.
 */
export async function upsertCardStates(db: Queryable, table: string, cards: readonly CardStateWrite[]): Promise<void> {
  if (!cards.length) return;
  const records = cards.map((c) => cardStateRecord(c.state));
  await db.query(
    `insert into ${quoteIdent(table)} as t (user_id, course, material_type, material_id, level, attempts, mastery, interval_hours, due_at, last_reviewed_at, learned_at, memory, lapses, leech_since, version, servable)
     select k.*, coalesce((select m.servable from materials m where m.material_type = k.material_type and m.material_id = k.material_id), false)
       from unnest($1::uuid[], $2::text[], $3::text[], $4::int[], $5::smallint[], $6::int[], $7::text[], $8::int[], $9::timestamptz[], $10::timestamptz[], $11::timestamptz[], $12::jsonb[], $13::int[], $14::timestamptz[], $15::bigint[])
            k(user_id, course, material_type, material_id, level, attempts, mastery, interval_hours, due_at, last_reviewed_at, learned_at, memory, lapses, leech_since, version)
     on conflict (user_id, course, material_type, material_id) do update
       set level = excluded.level, attempts = excluded.attempts, mastery = excluded.mastery, interval_hours = excluded.interval_hours,
           due_at = excluded.due_at, last_reviewed_at = excluded.last_reviewed_at, learned_at = excluded.learned_at,
           memory = excluded.memory, lapses = excluded.lapses, leech_since = excluded.leech_since, version = excluded.version, servable = excluded.servable`,
    [
      cards.map((c) => c.user_id),
      cards.map((c) => c.course),
      cards.map((c) => c.material_type),
      cards.map((c) => c.material_id),
      cards.map((c) => c.level),
      records.map((r) => r.attempts),
      records.map((r) => r.mastery),
      records.map((r) => r.interval_hours),
      records.map((r) => r.due_at),
      records.map((r) => r.last_reviewed_at),
      records.map((r) => r.learned_at),
      records.map((r) => (r.memory ? JSON.stringify(r.memory) : null)),
      records.map((r) => r.lapses),
      records.map((r) => r.leech_since),
      cards.map((c) => c.version),
    ],
  );
}
