import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/auth.decorators';
import { SessionService } from '../auth/session.service';

/** GET or POST /users/sign_out: ends the session (if any) and redirects to /. */
@Controller('users/sign_out')
export class SignOutHttp {
  constructor(private readonly sessions: SessionService) {}

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
    await this.sessions.end(request, reply);
    void reply.header('cache-control', 'no-store').redirect('/', 303);
  }
}
