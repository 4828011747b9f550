import { Queryable } from '../platform/database/database';
import type { CardEvent, Mastery } from './card.events';
import type { CardState } from './card.state';
import type { Course, MaterialType } from './courses';

// card_states (migration 030) is the card's inline state: written with the same client (transaction) that
// appends the card's event, so the next request reads its own write.

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
  version: string | number;
}

export const CARD_STATE_COLUMNS =
  'user_id, course, material_type, material_id, level, attempts, mastery, interval_hours, due_at, last_reviewed_at, learned_at, version';

export function cardStateOf(row: Pick<CardStateRow, 'attempts' | 'mastery' | 'interval_hours' | 'due_at' | 'last_reviewed_at' | 'learned_at'>): CardState {
  return {
    attempts: row.attempts,
    mastery: row.mastery,
    intervalHours: row.interval_hours,
    dueAt: row.due_at,
    lastReviewedAt: row.last_reviewed_at,
    learnedAt: row.learned_at,
  };
}

/** Writes the state the event leads to. `version` is the card stream's version after the append. */
export async function saveCardState(db: Queryable, event: CardEvent, version: number): Promise<void> {
  const d = event.data;
  await db.query({
    name: 'study_save_card_state',
    text: `insert into card_states as c (user_id, course, material_type, material_id, level, attempts, mastery, interval_hours,
                                   due_at, last_reviewed_at, learned_at, version)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11)
     on conflict (user_id, course, material_type, material_id) do update
       set attempts = excluded.attempts, mastery = excluded.mastery, interval_hours = excluded.interval_hours,
           due_at = excluded.due_at, last_reviewed_at = excluded.last_reviewed_at, version = excluded.version,
           learned_at = case when $12 then excluded.learned_at else c.learned_at end`,
    values: [d.userId, d.course, d.materialType, d.materialId, d.level, d.attemptsAfter, d.masteryAfter, d.intervalHours, d.dueAt, d.reviewedAt, version, event.type === 'CardLearned'],
  });
}
