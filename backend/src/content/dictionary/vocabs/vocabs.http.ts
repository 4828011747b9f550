import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CurrentUser } from '../../../accounts';
import { SessionUser } from '../../../platform/http/request-context';
import { sendCached } from '../dictionary-cache';
import { VOCAB_COURSES, VOCAB_TAB_IDS, chooseTab, hasFullAccess, parseId, parseQuery, requireEntryAccess } from '../dictionary-access';
import { VocabsQuery } from './vocabs.query';

const listQuery = z.object({ course: z.enum(VOCAB_COURSES), tab: z.string().max(20).optional() });

/** GET /api/vocabs?course=vocab1&tab=a and GET /api/vocabs/:id. */
@Controller('api/vocabs')
export class VocabsHttp {
  constructor(private readonly vocabs: VocabsQuery) {}

  @Get()
  async list(@Query() query: unknown, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const q = parseQuery(listQuery, query);
    const full = hasFullAccess(user);
    const tab = chooseTab(q.course, VOCAB_TAB_IDS, q.tab, full);
    return sendCached(request, reply, await this.vocabs.list(q.course, tab, full));
  }

  @Get(':id')
  async detail(@Param('id') id: string, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const body = await this.vocabs.detail(parseId(id, 'word'));
    requireEntryAccess(user, body.meta.free);
    return sendCached(request, reply, body);
  }
}
