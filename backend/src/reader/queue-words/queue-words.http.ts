import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { queueAnswerSchema, queuesSchema, queueUndoneSchema } from '#contract/reader';
import { queueWordsBodySchema, type QueueWordsBody } from '#contract/reader.requests';
import { CurrentUser } from '../../accounts';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { Idempotent, idempotencyKeyOf } from '../../platform/http/idempotency.interceptor';
import { metadataOf, SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { readerOf } from '../analyse-text/text-analyser';
import { pathUuid } from '../path-ids';
import { QueueWordsCommand, UndoQueueCommand } from './queue-words.commands';
import { GetQueuesQuery } from './queues.query';

/**
 * "Learn these": POST /api/read/queue, GET /api/read/queue (the dashboard), DELETE /api/read/queue/:id (undo). The
 * writes honour an Idempotency-Key: a retry with the same key answers the first answer and queues nothing twice.
 */
@Controller('api/read/queue')
export class QueueWordsHttp {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @HttpCode(200)
  @Answers(queueAnswerSchema)
  @Idempotent()
  queue(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Body(new ZodPipe(queueWordsBodySchema)) body: QueueWordsBody) {
    return this.commands.execute(
      new QueueWordsCommand({
        reader: readerOf(user),
        textId: body.text_id?.toLowerCase() ?? null,
        vocabIds: body.vocab_ids,
        idempotencyKey: idempotencyKeyOf(request),
        metadata: metadataOf(request),
      }),
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
  @Idempotent()
  undo(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Param('id') id: string) {
    return this.commands.execute(new UndoQueueCommand({ userId: user.id, queueId: pathUuid(id, 'queue'), metadata: metadataOf(request) }));
  }
}
