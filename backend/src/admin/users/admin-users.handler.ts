import { Inject, Optional } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { z } from 'zod';
import { Course, Profile, ProfileQuery } from '../../accounts';
import { Clock, CLOCK } from '../../platform/clock';
import { AppError } from '../../platform/errors/app-error';
import { Stats, StatsQuery } from '../../progress';
import { AdminUsersQuery, AdminUserView } from './admin-users.query';

const uuid = z.uuid();

/** GET /api/admin/users: every account, newest first. */
export class GetAdminUsersQuery extends Query<{ users: AdminUserView[] }> {}

/** GetAdminUsers (AdminUsersQuery.list). */
@QueryHandler(GetAdminUsersQuery)
export class GetAdminUsersHandler implements IQueryHandler<GetAdminUsersQuery> {
  constructor(private readonly users: AdminUsersQuery) {}

  async execute(): Promise<{ users: AdminUserView[] }> {
    return { users: await this.users.list() };
  }
}

export interface AdminUserDetail {
  user: AdminUserView;
  course: Course;
  /** null where the progress context is not loaded (StatsQuery is optional) */
  stats: Stats | null;
  profile: Profile;
}

/** GET /api/admin/users/:id?course: one learner with their stats for a course and their profile. */
export class GetAdminUserQuery extends Query<AdminUserDetail> {
  constructor(readonly input: { id: string; course?: Course }) {
    super();
  }
}

/**
 * GetAdminUser: the account (404 when there is none, or the id is no user id), its stats for the course asked for
 * (default: the course of the latest grade, else kana) as GET /api/users/stats would answer them, and its profile.
 */
@QueryHandler(GetAdminUserQuery)
export class GetAdminUserHandler implements IQueryHandler<GetAdminUserQuery> {
  constructor(
    private readonly users: AdminUsersQuery,
    private readonly profiles: ProfileQuery,
    @Inject(CLOCK) private readonly clock: Clock,
    @Optional() private readonly stats?: StatsQuery,
  ) {}

  async execute({ input }: GetAdminUserQuery): Promise<AdminUserDetail> {
    const user = uuid.safeParse(input.id).success ? await this.users.one(input.id) : null;
    if (!user) throw new AppError('not_found', 'There is no user with this id.');
    const course = input.course ?? (user.current_course as Course | null) ?? 'kana';
    const [stats, profile] = await Promise.all([
      this.stats ? this.stats.stats(user.id, course, this.clock.now(), user.subscription_status === 'active', user.timezone) : Promise.resolve(null),
      this.profiles.get(user.id),
    ]);
    return { user, course, stats, profile };
  }
}
