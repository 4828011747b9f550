import { Controller, Get, Inject, Optional, Param, Query } from '@nestjs/common';
import { z } from 'zod';
import { COURSES, ProfileQuery } from '../../accounts';
import { Clock, CLOCK } from '../../platform/clock';
import { AppError } from '../../platform/errors/app-error';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { StatsQuery } from '../../progress';
import { AdminUsersQuery } from './admin-users.query';

const querySchema = z.object({ course: z.preprocess((v) => (v === '' ? undefined : v), z.enum(COURSES).optional()) });
const uuid = z.uuid();

/**
 * GET /api/admin/users → {users: [SPEC §3 admin user]}, newest first. GET /api/admin/users/:id?course →
 * {user, stats, profile}: the learner's stats for the course (default: their current course, else kana) as
 * GET /api/users/stats would answer them, and their profile (settings, unread updates). Granting and revoking
 * the admin role stay in accounts (POST/DELETE /api/admin/users/:id/admin).
 */
@Controller('api/admin/users')
export class AdminUsersHttp {
  constructor(
    private readonly users: AdminUsersQuery,
    private readonly profiles: ProfileQuery,
    @Inject(CLOCK) private readonly clock: Clock,
    @Optional() private readonly stats?: StatsQuery,
  ) {}

  @Get()
  async list() {
    return { users: await this.users.list() };
  }

  @Get(':id')
  async get(@Param('id') id: string, @Query(new ZodPipe(querySchema, 'query')) query: z.infer<typeof querySchema>) {
    const user = uuid.safeParse(id).success ? await this.users.one(id) : null;
    if (!user) throw new AppError('not_found', 'There is no user with this id.');
    const course = query.course ?? (user.current_course as (typeof COURSES)[number] | null) ?? 'kana';
    const [stats, profile] = await Promise.all([
      this.stats ? this.stats.stats(user.id, course, this.clock.now(), user.subscription_status === 'active', user.timezone) : Promise.resolve(null),
      this.profiles.get(user.id),
    ]);
    return { user, course, stats, profile };
  }
}
