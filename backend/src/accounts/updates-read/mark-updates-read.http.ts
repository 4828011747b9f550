import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { updatesReadAnswerSchema } from '#contract/accounts';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { metadataOf, SessionUser } from '../../platform/http/request-context';
import { CurrentUser } from '../auth/auth.decorators';
import { MarkUpdatesReadCommand } from './mark-updates-read.handler';

/** POST /api/users/updates_read → {updates_unread: 0}: the What's new badge is cleared. */
@Controller('api/users/updates_read')
export class MarkUpdatesReadHttp {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @Answers(updatesReadAnswerSchema)
  markRead(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest) {
    return this.commands.execute(new MarkUpdatesReadCommand({ userId: user.id, metadata: metadataOf(request) }));
  }
}
