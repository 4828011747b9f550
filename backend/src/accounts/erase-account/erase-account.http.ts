import { Body, Controller, Delete, HttpCode, Inject, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppConfig } from '../../platform/config/config';
import { APP_CONFIG } from '../../platform/database/database.module';
import { metadataOf, SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { CurrentUser } from '../auth/auth.decorators';
import { clearSessionCookie } from '../sessions';
import { EraseAccountCommand } from './erase-account.handler';

const body = z.strictObject({ password: z.string().max(1024) });

/** DELETE /api/users/me {password} → 200 {erased: true}, signed out (the session cookie is cleared). */
@Controller('api/users/me')
export class EraseAccountHttp {
  constructor(
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Delete()
  @HttpCode(200)
  async erase(
    @CurrentUser() user: SessionUser,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body(new ZodPipe(body)) input: z.infer<typeof body>,
  ) {
    const answer = await this.commands.execute(
      new EraseAccountCommand({ userId: user.id, password: input.password, ip: request.ip, metadata: metadataOf(request) }),
    );
    clearSessionCookie(reply, request, this.config);
    return answer;
  }
}
