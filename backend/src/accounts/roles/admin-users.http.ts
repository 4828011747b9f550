import { Controller, Delete, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Pool } from 'pg';
import { z } from 'zod';
import { PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import { EventStore } from '../../platform/event-store/event-store';
import { metadataOf, SessionUser } from '../../platform/http/request-context';
import { CurrentUser } from '../auth/auth.decorators';
import { changeUser } from '../users.store';
import { decideAdminRole } from './change-role.decide';

const uuid = z.uuid();

/**
 * Admin API for accounts (the global guard already requires the admin role for /api/admin/*).
 * POST /api/admin/users/:id/admin grants the admin role, DELETE revokes it → {id, is_admin}.
 * GET /api/admin/users and /api/admin/users/:id are served by the admin context (backend/src/admin/users).
 */
@Controller('api/admin/users')
export class AdminUsersHttp {
  constructor(@Inject(PG_POOL) private readonly pool: Pool, private readonly store: EventStore) {}

  @Post(':id/admin')
  @HttpCode(200)
  grant(@Param('id') id: string, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest) {
    return this.setRole(id, true, user, request);
  }

  @Delete(':id/admin')
  @HttpCode(200)
  revoke(@Param('id') id: string, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest) {
    return this.setRole(id, false, user, request);
  }

  private async setRole(id: string, admin: boolean, user: SessionUser, request: FastifyRequest) {
    if (!uuid.safeParse(id).success) throw new AppError('not_found', 'There is no user with this id.');
    const { state } = await changeUser(this.pool, this.store, id, metadataOf(request), (s) => ({ events: decideAdminRole(s, admin, user.id) }));
    return { id: state.id, is_admin: state.isAdmin };
  }
}
