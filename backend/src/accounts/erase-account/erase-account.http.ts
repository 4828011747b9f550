import { Body, Controller, Delete, HttpCode, Inject, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { accountErasedAnswerSchema } from '#contract/accounts';
import { eraseAccountBodySchema } from '#contract/accounts.requests';
import { AppConfig } from '../../platform/config/config';
import { APP_CONFIG } from '../../platform/database/database.module';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { metadataOf, SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { CurrentUser } from '../auth/auth.decorators';
import { clearSessionCookie } from '../sessions';
import { EraseAccountCommand } from './erase-account.handler';

/** DELETE /api/users/me {password} → 200 {erased: true}, signed out (the session cookie is cleared). */
@Controller('api/users/me')
export class EraseAccountHttp {
  constructor(
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Delete()
  @HttpCode(200)
  @Answers(accountErasedAnswerSchema)
  async erase(
    @CurrentUser() user: SessionUser,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body(new ZodPipe(eraseAccountBodySchema)) input: { password: string },
  ) {
    const answer = await this.commands.execute(
      new EraseAccountCommand({ userId: user.id, password: input.password, ip: request.ip, metadata: metadataOf(request) }),
    );
    clearSessionCookie(reply, request, this.config);
    return answer;
  }
}
