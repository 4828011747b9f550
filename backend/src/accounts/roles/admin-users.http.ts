import { Controller, Delete, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { roleAnswerSchema } from '#contract/accounts';
import { AppError } from '../../platform/errors/app-error';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { metadataOf, SessionUser } from '../../platform/http/request-context';
import { CurrentUser } from '../auth/auth.decorators';
import { ChangeRoleCommand } from './change-role.handler';

const uuid = z.uuid();

/**
 * Admin API for accounts (the global guard already requires the admin role for /api/admin/*).
 * POST /api/admin/users/:id/admin grants the admin role, DELETE revokes it → {id, is_admin}.
 * GET /api/admin/users and /api/admin/users/:id are served by the admin context (backend/src/admin/users).
 */
@Controller('api/admin/users')
export class AdminUsersHttp {
  constructor(private readonly commands: CommandBus) {}

  @Post(':id/admin')
  @HttpCode(200)
  @Answers(roleAnswerSchema)
  grant(@Param('id') id: string, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest) {
    return this.setRole(id, true, user, request);
  }

  @Delete(':id/admin')
  @HttpCode(200)
  @Answers(roleAnswerSchema)
  revoke(@Param('id') id: string, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest) {
    return this.setRole(id, false, user, request);
  }

  private async setRole(id: string, admin: boolean, user: SessionUser, request: FastifyRequest) {
    if (!uuid.safeParse(id).success) throw new AppError('not_found', 'There is no user with this id.');
    return this.commands.execute(new ChangeRoleCommand({ userId: id, admin, actorId: user.id, metadata: metadataOf(request) }));
  }
}
