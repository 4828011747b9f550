import type { Mastery } from './card.events';
import type { CardState } from './card.state';
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
