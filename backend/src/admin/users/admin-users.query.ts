import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { COURSES } from '../../accounts';
import { PG_POOL } from '../../platform/database/database.module';

/** SPEC §3 Admin user. Never the password hash, session or reset tokens: only whether a password is set. */
export interface AdminUserView {
  id: string;
  email: string;
  name: string | null;
  created_at: string;
  last_flashcard_updated_at: string | null;
  provider: string | null;
  timezone: string;
  /** the course of the user's latest grade */
  current_course: string | null;
  level: Record<string, number>;
  flashcard_count: number;
  subscription_status: string;
  is_admin: boolean;
}

export const USERS_LIMIT = 5_000;

/** GetAdminUsers: accounts (users) with their study summary (card_states) and levels (progress_levels). */
@Injectable()
export class AdminUsersQuery {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async list(): Promise<AdminUserView[]> {
    return this.read(null);
  }

  async one(id: string): Promise<AdminUserView | null> {
    return (await this.read(id))[0] ?? null;
  }

  private async read(id: string | null): Promise<AdminUserView[]> {
    const { rows } = await this.pool.query(
      `select u.id, u.email, u.name, u.created_at, u.timezone, u.subscription_status, u.is_admin,
              (u.password_hash is not null) as has_password,
              coalesce(c.cards, 0)::int as flashcard_count, c.last_at, c.current_course
         from users u
         left join lateral (
           select sum(n)::int as cards, max(last_at) as last_at, (array_agg(course order by last_at desc, course))[1] as current_course
             from (select course, count(*) as n, max(last_reviewed_at) as last_at from card_states cs where cs.user_id = u.id group by course) per_course
         ) c on true
        where u.erased_at is null ${id ? 'and u.id = $1' : ''}
        order by u.created_at desc, u.id
        limit ${USERS_LIMIT}`,
      id ? [id] : [],
    );
    if (!rows.length) return [];
    const [levels, firsts] = await Promise.all([
      this.pool.query<{ user_id: string; course: string; level: number }>('select user_id, course, level from progress_levels where user_id = any($1::uuid[])', [
        rows.map((r) => r.id),
      ]),
      // Before a first grade the level is the course's lowest level with servable cards (progress LevelsQuery).
      this.pool.query<{ course: string; level: number }>('select course, min(level)::int as level from materials where servable group by course'),
    ]);
    const first = new Map(firsts.rows.map((r) => [r.course, r.level]));
    const byUser = new Map<string, Map<string, number>>();
    for (const l of levels.rows) {
      if (!byUser.has(l.user_id)) byUser.set(l.user_id, new Map());
      byUser.get(l.user_id)!.set(l.course, l.level);
    }
    return rows.map((r) => ({
      id: r.id,
      email: r.email ?? '',
      name: r.name,
      created_at: (r.created_at as Date).toISOString(),
      last_flashcard_updated_at: r.last_at ? (r.last_at as Date).toISOString() : null,
      provider: r.has_password ? 'password' : null,
      timezone: r.timezone,
      current_course: r.current_course ?? null,
      level: Object.fromEntries(COURSES.map((c) => [c, byUser.get(r.id)?.get(c) ?? first.get(c) ?? 1])),
      flashcard_count: r.flashcard_count,
      subscription_status: r.subscription_status,
      is_admin: r.is_admin,
    }));
  }
}
