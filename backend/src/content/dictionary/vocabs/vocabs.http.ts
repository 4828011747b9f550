import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { vocabDetailSchema, vocabListSchema } from '#contract/dictionary';
import { vocabListQuerySchema } from '#contract/dictionary.requests';
import { CurrentUser } from '../../../accounts';
import { Answers } from '../../../platform/http/answer-contract.interceptor';
import { SessionUser } from '../../../platform/http/request-context';
import { ZodPipe } from '../../../platform/http/zod.pipe';
import { sendCached } from '../dictionary-cache';
import { parseId, VocabCourse } from '../dictionary-access';
import { GetVocabQuery, ListVocabsQuery } from './vocabs.handler';

/** GET /api/vocabs?course=vocab1&tab=a and GET /api/vocabs/:id. */
@Controller('api/vocabs')
export class VocabsHttp {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @Answers(vocabListSchema)
  async list(@Query(new ZodPipe(vocabListQuerySchema, 'query')) q: { course: VocabCourse; tab?: string }, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return sendCached(request, reply, await this.queries.execute(new ListVocabsQuery({ course: q.course, tab: q.tab, user })));
  }

  @Get(':id')
  @Answers(vocabDetailSchema)
  async detail(@Param('id') id: string, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return sendCached(request, reply, await this.queries.execute(new GetVocabQuery({ id: parseId(id, 'word'), user })));
  }
}
