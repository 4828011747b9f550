import { Controller, Get, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../../platform/config/config';
import { APP_CONFIG } from '../../platform/database/database.module';
import { Public } from '../auth/auth.decorators';
import { clearSessionCookie } from '../sessions';
import { SignOutCommand } from './sign-out.handler';

/**
 * GET or POST /users/sign_out: ends the session (if any) and redirects to /. The GET (a plain link) is a
 * write all the same, so both go through the command bus.
 */
@Controller('users/sign_out')
export class SignOutHttp {
  constructor(
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get()
  viaLink(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.signOut(request, reply);
  }

  @Public()
  @Post()
  viaForm(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.signOut(request, reply);
  }

  private async signOut(request: FastifyRequest, reply: FastifyReply) {
    await this.commands.execute(new SignOutCommand({ sessionId: request.user?.sessionId ?? null }));
    clearSessionCookie(reply, request, this.config);
    void reply.header('cache-control', 'no-store').redirect('/', 303);
  }
}
