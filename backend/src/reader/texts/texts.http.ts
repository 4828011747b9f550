import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { savedTextSchema, savedTextsSchema, textDeletedSchema } from '#contract/reader';
import { saveTextBodySchema, type SaveTextBody } from '#contract/reader.requests';
import { CurrentUser } from '../../accounts';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { Idempotent, idempotencyKeyOf } from '../../platform/http/idempotency.interceptor';
import { metadataOf, SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { readerOf } from '../analyse-text/text-analyser';
import { pathUuid } from '../path-ids';
import { DeleteTextCommand, SaveTextCommand } from './texts.commands';
import { GetTextQuery, ListTextsQuery } from './texts.queries';

/** A text id from the path (a uuid; else 400 naming `id`). Another learner's id is "no such text" (404). */
function textId(value: string): string {
  return pathUuid(value, 'text');
}

/**
 * The learner's kept texts: POST/GET /api/read/texts, GET/DELETE /api/read/texts/:id. Private to the learner. The
 * writes honour an Idempotency-Key: a retry with the same key answers the first answer and keeps no second copy.
 */
@Controller('api/read/texts')
export class TextsHttp {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @HttpCode(201)
  @Answers(savedTextSchema)
  @Idempotent()
  save(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Body(new ZodPipe(saveTextBodySchema)) body: SaveTextBody) {
    return this.commands.execute(
      new SaveTextCommand({ reader: readerOf(user), title: body.title, text: body.text, idempotencyKey: idempotencyKeyOf(request), metadata: metadataOf(request) }),
    );
  }

  @Get()
  @Answers(savedTextsSchema)
  list(@CurrentUser() user: SessionUser) {
    return this.queries.execute(new ListTextsQuery({ userId: user.id }));
  }

  @Get(':id')
  @Answers(savedTextSchema)
  get(@CurrentUser() user: SessionUser, @Param('id') id: string) {
    return this.queries.execute(new GetTextQuery({ reader: readerOf(user), textId: textId(id) }));
  }

  @Delete(':id')
  @HttpCode(200)
  @Answers(textDeletedSchema)
  @Idempotent()
  delete(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Param('id') id: string) {
    return this.commands.execute(new DeleteTextCommand({ userId: user.id, textId: textId(id), metadata: metadataOf(request) }));
  }
}
