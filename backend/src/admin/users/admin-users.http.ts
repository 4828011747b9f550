import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { z } from 'zod';
import { COURSES } from '../../accounts';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { AdminUserDetail, GetAdminUserQuery, GetAdminUsersQuery } from './admin-users.handler';
import { AdminUserView } from './admin-users.query';

const querySchema = z.object({ course: z.preprocess((v) => (v === '' ? undefined : v), z.enum(COURSES).optional()) });

/**
 * GET /api/admin/users → {users: [SPEC §3 admin user]}, newest first. GET /api/admin/users/:id?course →
 * {user, stats, profile}: the learner's stats for the course (default: their current course, else kana) as
 * GET /api/users/stats would answer them, and their profile (settings, unread updates). Granting and revoking
 * the admin role stay in accounts (POST/DELETE /api/admin/users/:id/admin).
 */
@Controller('api/admin/users')
export class AdminUsersHttp {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  list(): Promise<{ users: AdminUserView[] }> {
    return this.queries.execute(new GetAdminUsersQuery());
  }

  @Get(':id')
  get(@Param('id') id: string, @Query(new ZodPipe(querySchema, 'query')) query: z.infer<typeof querySchema>): Promise<AdminUserDetail> {
    return this.queries.execute(new GetAdminUserQuery({ id, course: query.course }));
  }
}
