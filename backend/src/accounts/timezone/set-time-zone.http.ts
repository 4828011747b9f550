import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { timezoneAnswerSchema } from '#contract/accounts';
import { timezoneBodySchema } from '#contract/accounts.requests';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { metadataOf, SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { CurrentUser } from '../auth/auth.decorators';
import { SetTimeZoneCommand } from './set-time-zone.handler';

/** POST /api/users/timezone {timezone} → {timezone} (canonical IANA name). */
@Controller('api/users/timezone')
export class SetTimeZoneHttp {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @Answers(timezoneAnswerSchema)
  set(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Body(new ZodPipe(timezoneBodySchema)) input: { timezone: string }) {
    return this.commands.execute(new SetTimeZoneCommand({ userId: user.id, timezone: input.timezone, metadata: metadataOf(request) }));
  }
}
