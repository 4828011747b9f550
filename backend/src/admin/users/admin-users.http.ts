import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { adminUserDetailSchema, adminUsersSchema } from '#contract/admin';
import { adminUserQuerySchema } from '#contract/admin.requests';
import type { Course } from '#contract/courses';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { AdminUserDetail, GetAdminUserQuery, GetAdminUsersQuery } from './admin-users.handler';
import { AdminUserView } from './admin-users.query';

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
  @Answers(adminUsersSchema)
  list(): Promise<{ users: AdminUserView[] }> {
    return this.queries.execute(new GetAdminUsersQuery());
  }

  @Get(':id')
  @Answers(adminUserDetailSchema)
  get(@Param('id') id: string, @Query(new ZodPipe(adminUserQuerySchema, 'query')) query: { course?: Course }): Promise<AdminUserDetail> {
    return this.queries.execute(new GetAdminUserQuery({ id, course: query.course }));
  }
}
