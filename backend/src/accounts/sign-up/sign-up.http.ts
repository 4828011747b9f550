import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { signUpAnswerSchema } from '#contract/accounts';
import { signUpBodySchema } from '#contract/accounts.requests';
import { AppConfig } from '../../platform/config/config';
import { APP_CONFIG } from '../../platform/database/database.module';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { metadataOf } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { Public } from '../auth/auth.decorators';
import { setSessionCookie } from '../sessions';
import { SignUpCommand, SignUpResult } from './sign-up.handler';

/**
 * POST /api/auth/sign_up {name, email, password} → 201, the profile, and a session cookie; for an address that
 * already has an account, 202 {message} ("check your email") and no session (issue 28). 429 with Retry-After when
 * the client's address has signed up too often.
 */
@Controller('api/auth/sign_up')
export class SignUpHttp {
  constructor(
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Post()
  @HttpCode(201)
  @Answers(signUpAnswerSchema)
  async signUp(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body(new ZodPipe(signUpBodySchema, 'sign-up form')) body: { name: string; email: string; password: string },
  ) {
    const result: SignUpResult = await this.commands.execute(
      new SignUpCommand({ ...body, ip: request.ip, replacingSessionId: request.user?.sessionId ?? null, metadata: metadataOf(request) }),
    );
    if (result.outcome === 'check-email') {
      void reply.status(202);
      return { message: result.message };
    }
    setSessionCookie(reply, request, this.config, result.sessionToken);
    return result.profile;
  }
}
