import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { kanjiDetailSchema, kanjiListSchema } from '#contract/dictionary';
import { kanjiCharacterParamSchema, kanjiDetailQuerySchema, kanjiListQuerySchema } from '#contract/dictionary.requests';
import { CurrentUser } from '../../../accounts';
import { Answers } from '../../../platform/http/answer-contract.interceptor';
import { SessionUser } from '../../../platform/http/request-context';
import { parseOrThrow, ZodPipe } from '../../../platform/http/zod.pipe';
import { sendCached } from '../dictionary-cache';
import { isTrue, parseId } from '../dictionary-access';
import { GetKanjiQuery, ListKanjiQuery } from './kanji.handler';
import type { KanjiCourse } from '../../../kernel/courses';

/** GET /api/kanji?course=kanji1&tab=1 and GET /api/kanji/:id (or /api/kanji/日?character=true). */
@Controller('api/kanji')
export class KanjiHttp {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @Answers(kanjiListSchema)
  async list(@Query(new ZodPipe(kanjiListQuerySchema, 'query')) q: { course: KanjiCourse; tab?: string }, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return sendCached(request, reply, await this.queries.execute(new ListKanjiQuery({ course: q.course, tab: q.tab, user })));
  }

  @Get(':id')
  @Answers(kanjiDetailSchema)
  async detail(
    @Param('id') id: string,
    @Query(new ZodPipe(kanjiDetailQuerySchema, 'query')) q: { character?: string },
    @CurrentUser() user: SessionUser,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    // A kanji's id is its code point; a single non-digit character is taken as the kanji itself.
    const byCharacter = isTrue(q.character) || ([...id].length === 1 && !/\d/.test(id));
    const by = byCharacter ? { character: parseOrThrow(kanjiCharacterParamSchema, { id }, 'path').id } : { id: parseId(id, 'kanji') };
    return sendCached(request, reply, await this.queries.execute(new GetKanjiQuery({ by, user })));
  }
}
