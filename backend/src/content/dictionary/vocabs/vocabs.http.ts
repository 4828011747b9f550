import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CurrentUser } from '../../../accounts';
import { SessionUser } from '../../../platform/http/request-context';
import { sendCached } from '../dictionary-cache';
import { VOCAB_COURSES, parseId, parseQuery } from '../dictionary-access';
import { GetVocabQuery, ListVocabsQuery } from './vocabs.handler';

const listQuery = z.object({ course: z.enum(VOCAB_COURSES), tab: z.string().max(20).optional() });

/** GET /api/vocabs?course=vocab1&tab=a and GET /api/vocabs/:id. */
@Controller('api/vocabs')
export class VocabsHttp {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  async list(@Query() query: unknown, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const q = parseQuery(listQuery, query);
    return sendCached(request, reply, await this.queries.execute(new ListVocabsQuery({ course: q.course, tab: q.tab, user })));
  }

  @Get(':id')
  async detail(@Param('id') id: string, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return sendCached(request, reply, await this.queries.execute(new GetVocabQuery({ id: parseId(id, 'word'), user })));
  }
}
