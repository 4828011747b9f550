import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { profileSchema } from '#contract/accounts';
import { signUpBodySchema } from '#contract/accounts.requests';
import { AppConfig } from '../../platform/config/config';
import { APP_CONFIG } from '../../platform/database/database.module';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { metadataOf } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { Public } from '../auth/auth.decorators';
import { setSessionCookie } from '../sessions';
import { SignUpCommand } from './sign-up.handler';

/** POST /api/auth/sign_up {name, email, password} → 201, the profile, and a session cookie. */
@Controller('api/auth/sign_up')
export class SignUpHttp {
  constructor(
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Post()
  @HttpCode(201)
  @Answers(profileSchema)
  async signUp(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body(new ZodPipe(signUpBodySchema, 'sign-up form')) body: { name: string; email: string; password: string },
  ) {
    const { profile, sessionToken } = await this.commands.execute(
      new SignUpCommand({ ...body, replacingSessionId: request.user?.sessionId ?? null, metadata: metadataOf(request) }),
    );
    setSessionCookie(reply, request, this.config, sessionToken);
    return profile;
  }
}
