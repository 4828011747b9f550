import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { queueAnswerSchema, queuesSchema, queueUndoneSchema } from '#contract/reader';
import { queueWordsBodySchema, type QueueWordsBody } from '#contract/reader.requests';
import { CurrentUser } from '../../accounts';
import { AppError } from '../../platform/errors/app-error';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { metadataOf, SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { readerOf } from '../analyse-text/text-analyser';
import { QueueWordsCommand, UndoQueueCommand } from './queue-words.commands';
import { GetQueuesQuery } from './queues.query';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "Learn these": POST /api/read/queue, GET /api/read/queue (the dashboard), DELETE /api/read/queue/:id (undo). */
@Controller('api/read/queue')
export class QueueWordsHttp {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @HttpCode(200)
  @Answers(queueAnswerSchema)
  queue(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Body(new ZodPipe(queueWordsBodySchema)) body: QueueWordsBody) {
    return this.commands.execute(
      new QueueWordsCommand({ reader: readerOf(user), textId: body.text_id?.toLowerCase() ?? null, vocabIds: body.vocab_ids, metadata: metadataOf(request) }),
    );
  }

  @Get()
  @Answers(queuesSchema)
  list(@CurrentUser() user: SessionUser) {
    return this.queries.execute(new GetQueuesQuery({ userId: user.id }));
  }

  @Delete(':id')
  @HttpCode(200)
  @Answers(queueUndoneSchema)
  undo(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Param('id') id: string) {
    if (!UUID.test(id)) throw new AppError('not_found', 'There is no such list of queued words to undo.');
    return this.commands.execute(new UndoQueueCommand({ userId: user.id, queueId: id.toLowerCase(), metadata: metadataOf(request) }));
  }
}
