import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppConfig } from '../../platform/config/config';
import { APP_CONFIG } from '../../platform/database/database.module';
import { metadataOf } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { Public } from '../auth/auth.decorators';
import { setSessionCookie } from '../sessions';
import { emailSchema } from '../sign-up/sign-up.http';
import { RequestPasswordResetCommand } from './request-password-reset.handler';
import { ResetPasswordCommand } from './reset-password.handler';

// A well-formed address (a typo like "" is the person's to fix: 400 naming `email`); known or not stays secret.
const requestBody = z.strictObject({ email: emailSchema });
const confirmBody = z.strictObject({ token: z.string().max(200), password: z.string().max(1024) });

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
  request(@Body(new ZodPipe(requestBody)) body: z.infer<typeof requestBody>) {
    return this.commands.execute(new RequestPasswordResetCommand({ email: body.email }));
  }

  /** POST /api/auth/password_reset/confirm {token, password} → 200, the profile and a new session cookie. */
  @Public()
  @Post('confirm')
  @HttpCode(200)
  async confirm(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body(new ZodPipe(confirmBody)) body: z.infer<typeof confirmBody>,
  ) {
    const { profile, sessionToken } = await this.commands.execute(
      new ResetPasswordCommand({ ...body, replacingSessionId: request.user?.sessionId ?? null, metadata: metadataOf(request) }),
    );
    setSessionCookie(reply, request, this.config, sessionToken);
    return profile;
  }
}
