import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { passwordChangedAnswerSchema } from '#contract/accounts';
import { passwordChangeBodySchema } from '#contract/accounts.requests';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { metadataOf, SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { CurrentUser } from '../auth/auth.decorators';
import { ChangePasswordCommand } from './password-change.handler';

/**
 * POST /api/users/password {current_password, new_password} → 200 {changed: true}. Every other session of
 * the account is ended; this one stays signed in.
 */
@Controller('api/users/password')
export class PasswordChangeHttp {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @Answers(passwordChangedAnswerSchema)
  change(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Body(new ZodPipe(passwordChangeBodySchema)) body: { current_password: string; new_password: string }) {
    return this.commands.execute(
      new ChangePasswordCommand({
        userId: user.id,
        sessionId: user.sessionId,
        ip: request.ip,
        currentPassword: body.current_password,
        newPassword: body.new_password,
        metadata: metadataOf(request),
      }),
    );
  }
}
