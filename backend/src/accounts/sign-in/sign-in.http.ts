import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { profileSchema } from '#contract/accounts';
import { signInBodySchema, type SignInBody } from '#contract/accounts.requests';
import { AppConfig } from '../../platform/config/config';
import { APP_CONFIG } from '../../platform/database/database.module';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { Public } from '../auth/auth.decorators';
import { setSessionCookie } from '../sessions';
import { SignInCommand } from './sign-in.handler';

/** POST /api/auth/sign_in {email, password} → 200, the profile, and a session cookie (401 for a wrong pair). */
@Controller('api/auth/sign_in')
export class SignInHttp {
  constructor(
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Post()
  @HttpCode(200)
  @Answers(profileSchema)
  async signIn(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body(new ZodPipe(signInBodySchema, 'sign-in form')) body: SignInBody,
  ) {
    const { profile, sessionToken } = await this.commands.execute(
      new SignInCommand({ ...body, ip: request.ip, replacingSessionId: request.user?.sessionId ?? null }),
    );
    setSessionCookie(reply, request, this.config, sessionToken);
    return profile;
  }
}
