import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import type { LevelReader, Levels } from '../../accounts';
import type { Queryable } from '../../platform/database/database';
import { PG_POOL } from '../../platform/database/database.module';
import { Checkpoint } from '../../platform/event-store/event-store.types';
import { waitForProjection } from '../../platform/projections/projection-admin';
import { COURSES, type Course, type StudyLevels } from '../../study';
import { LEVELS_PROJECTION } from './levels.projection';

// Before a user's first grade in a course there is no row: the level is then the lowest level that has
// servable materials (what levelOf gives with nothing learned), or 1 for an empty course.
const LEVEL_OF = `coalesce(l.level, (select min(m.level) from materials m where m.course = k.course and m.servable), 1)::int`;

/**
 * GetLevels: the user's level per course, from the progress_levels read model. It is the profile's `level`
 * (accounts' LEVEL_READER) and the study context's STUDY_LEVELS port.
 */
@Injectable()
export class LevelsQuery implements LevelReader, StudyLevels {
  readonly levelSql = `(select ${LEVEL_OF} from (select $2::text as course) k left join progress_levels l on l.user_id = $1 and l.course = k.course)`;

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async levelsOf(userId: string, db: Queryable = this.pool): Promise<Levels> {
    const { rows } = await db.query<{ course: Course; level: number }>(
      `select k.course, ${LEVEL_OF} as level from unnest($2::text[]) k(course)
         left join progress_levels l on l.user_id = $1 and l.course = k.course`,
      [userId, COURSES],
    );
    return Object.fromEntries(rows.map((r) => [r.course, r.level])) as Levels;
  }

  async levelOf(userId: string, course: Course): Promise<number> {
    const { rows } = await this.pool.query<{ level: number }>({
      name: 'progress_level_of',
      text: `select ${LEVEL_OF} as level from (select $2::text as course) k left join progress_levels l on l.user_id = $1 and l.course = k.course`,
      values: [userId, course],
    });
    return rows[0].level;
  }

  async newLevelAfter(userId: string, course: Course, checkpoint: Checkpoint, timeoutMs: number): Promise<number | null> {
    if (!(await waitForProjection(this.pool, LEVELS_PROJECTION, checkpoint, timeoutMs))) return null;
    const { rows } = await this.pool.query<{ level: number; changed_position: string | null }>(
      'select level, changed_position from progress_levels where user_id = $1 and course = $2',
      [userId, course],
    );
    const row = rows[0];
    return row && row.changed_position !== null && Number(row.changed_position) === checkpoint.position ? row.level : null;
  }
}
