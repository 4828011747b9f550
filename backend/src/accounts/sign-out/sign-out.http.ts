import { Controller, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../../platform/config/config';
import { APP_CONFIG } from '../../platform/database/database.module';
import { Public } from '../auth/auth.decorators';
import { clearSessionCookie } from '../sessions';
import { SignOutCommand } from './sign-out.handler';

/**
 * POST /users/sign_out (with the CSRF token, like every write): ends the session (if any) and redirects to /.
 * There is no GET: a link, an <img> or a prefetch on any site could end the session with one (issue 28). GET
 * /users/sign_out is the app's page, which asks "Sign out?" and POSTs.
 */
@Controller('users/sign_out')
export class SignOutHttp {
  constructor(
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Post()
  async signOut(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.commands.execute(new SignOutCommand({ sessionId: request.user?.sessionId ?? null }));
    clearSessionCookie(reply, request, this.config);
    void reply.header('cache-control', 'no-store').redirect('/', 303);
  }
}
