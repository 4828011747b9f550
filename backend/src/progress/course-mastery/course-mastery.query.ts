import { Injectable } from '@nestjs/common';
import { ReplicaReads } from '../../platform/database/replica-reads';
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
    private readonly reads: ReplicaReads,
    private readonly levels: LevelsQuery,
    private readonly totals: ServableTotals,
  ) {}

  /** The level counts and awards may come from the replica (once it has replayed the learner's last write). */
  async get(userId: string, course: Course): Promise<CourseMastery> {
    const db = this.reads.forReads();
    const [level, rows, awards] = await Promise.all([
      this.levels.levelOf(userId, course),
      levelRows(db, this.totals, userId, course),
      db.query<{ award_id: number; granted_at: Date }>('select award_id, granted_at from progress_awards where user_id = $1 and course = $2', [userId, course]),
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
