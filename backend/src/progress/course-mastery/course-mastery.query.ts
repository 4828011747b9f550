import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { PG_POOL } from '../../platform/database/database.module';
import { AWARDS, ServableTotals, type Course } from '../../study';
import { LevelsQuery } from '../levels/levels.query';
import { levelRows } from '../stats/stats.query';

export interface CourseMastery {
  course: Course;
  level: number;
  awards: { id: number; name: string; text: string; criterion: string; icon: string; color: string; granted_at: string | null }[];
  /** per level: its cards, how many are servable now, and how many are intermediate or better */
  levels: { level: number; total: number; available: number; completed: number }[];
}

/** GetCourseMastery: GET /api/users/course_mastery (the course's level, awards and completion per level). */
@Injectable()
export class CourseMasteryQuery {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly levels: LevelsQuery,
    private readonly totals: ServableTotals,
  ) {}

  async get(userId: string, course: Course): Promise<CourseMastery> {
    const [level, rows, awards] = await Promise.all([
      this.levels.levelOf(userId, course),
      levelRows(this.pool, this.totals, userId, course),
      this.pool.query<{ award_id: number; granted_at: Date }>('select award_id, granted_at from progress_awards where user_id = $1 and course = $2', [userId, course]),
    ]);
    const granted = new Map(awards.rows.map((r) => [r.award_id, r.granted_at.toISOString()]));
    return {
      course,
      level,
      awards: AWARDS.map((a) => ({ id: a.id, name: a.name, text: a.text, criterion: a.criterion, icon: a.icon, color: a.color, granted_at: granted.get(a.id) ?? null })),
      levels: rows.map((r) => ({ level: r.level, total: r.total, available: r.available, completed: r.intermediate + r.mastered })),
    };
  }
}
