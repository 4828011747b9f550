import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { passwordResetAnswerSchema, profileSchema } from '#contract/accounts';
import { passwordResetBodySchema, passwordResetConfirmBodySchema } from '#contract/accounts.requests';
import { AppConfig } from '../../platform/config/config';
import { APP_CONFIG } from '../../platform/database/database.module';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { metadataOf } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { Public } from '../auth/auth.decorators';
import { setSessionCookie } from '../sessions';
import { RequestPasswordResetCommand } from './request-password-reset.handler';
import { ResetPasswordCommand } from './reset-password.handler';

@Controller('api/auth/password_reset')
export class PasswordResetHttp {
  constructor(
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** POST /api/auth/password_reset {email} → always 202 with the same message, known email or not. */
  @Public()
  @Post()
  @HttpCode(202)
  @Answers(passwordResetAnswerSchema)
  request(@Body(new ZodPipe(passwordResetBodySchema)) body: { email: string }) {
    return this.commands.execute(new RequestPasswordResetCommand({ email: body.email }));
  }

  /** POST /api/auth/password_reset/confirm {token, password} → 200, the profile and a new session cookie. */
  @Public()
  @Post('confirm')
  @HttpCode(200)
  @Answers(profileSchema)
  async confirm(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body(new ZodPipe(passwordResetConfirmBodySchema)) body: { token: string; password: string },
  ) {
    const { profile, sessionToken } = await this.commands.execute(
      new ResetPasswordCommand({ ...body, replacingSessionId: request.user?.sessionId ?? null, metadata: metadataOf(request) }),
    );
    setSessionCookie(reply, request, this.config, sessionToken);
    return profile;
  }
}
