import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CurrentUser } from '../../../accounts';
import { SessionUser } from '../../../platform/http/request-context';
import { parseOrThrow } from '../../../platform/http/zod.pipe';
import { sendCached } from '../dictionary-cache';
import { booleanFlag, isTrue, parseId, parseQuery } from '../dictionary-access';
import { GetKanjiQuery, ListKanjiQuery } from './kanji.handler';

const listQuery = z.object({ course: z.enum(['kanji1', 'kanji2']), tab: z.string().max(20).optional() });
const detailQuery = z.object({ character: booleanFlag });
/** GET /api/kanji/:id by character: exactly one CJK ideograph (々 included), checked before any lookup. */
const characterParam = z.object({ id: z.string().regex(/^\p{Script=Han}$/u, 'Expected one kanji (a single CJK character) or a kanji id.') });

/** GET /api/kanji?course=kanji1&tab=1 and GET /api/kanji/:id (or /api/kanji/日?character=true). */
@Controller('api/kanji')
export class KanjiHttp {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  async list(@Query() query: unknown, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const q = parseQuery(listQuery, query);
    return sendCached(request, reply, await this.queries.execute(new ListKanjiQuery({ course: q.course, tab: q.tab, user })));
  }

  @Get(':id')
  async detail(
    @Param('id') id: string,
    @Query() query: unknown,
    @CurrentUser() user: SessionUser,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const q = parseQuery(detailQuery, query);
    // A kanji's id is its code point; a single non-digit character is taken as the kanji itself.
    const byCharacter = isTrue(q.character) || ([...id].length === 1 && !/\d/.test(id));
    const by = byCharacter ? { character: parseOrThrow(characterParam, { id }, 'path').id } : { id: parseId(id, 'kanji') };
    return sendCached(request, reply, await this.queries.execute(new GetKanjiQuery({ by, user })));
  }
}
