import type { Mastery } from './card.events';
import type { CardState } from './card.state';
import type { CardMemory } from './scheduler';
import type { Course, MaterialType } from './courses';

// card_states (migration 030) is the card's inline state: written in the same statement that appends the
// card's event (study_record_grade, migration 032), so the next request reads its own write.

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

export const CARD_STATE_COLUMNS =
  'user_id, course, material_type, material_id, level, attempts, mastery, interval_hours, due_at, last_reviewed_at, learned_at, memory, lapses, leech_since, version';

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
