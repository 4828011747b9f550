import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CurrentUser } from '../../../accounts';
import { SessionUser } from '../../../platform/http/request-context';
import { parseOrThrow } from '../../../platform/http/zod.pipe';
import { sendCached } from '../dictionary-cache';
import { KANJI_TAB_IDS, booleanFlag, chooseTab, hasFullAccess, isTrue, parseId, parseQuery, requireEntryAccess } from '../dictionary-access';
import { KanjiQuery } from './kanji.query';

const listQuery = z.object({ course: z.enum(['kanji1', 'kanji2']), tab: z.string().max(20).optional() });
const detailQuery = z.object({ character: booleanFlag });
/** GET /api/kanji/:id by character: exactly one CJK ideograph (々 included), checked before any lookup. */
const characterParam = z.object({ id: z.string().regex(/^\p{Script=Han}$/u, 'Expected one kanji (a single CJK character) or a kanji id.') });

/** GET /api/kanji?course=kanji1&tab=1 and GET /api/kanji/:id (or /api/kanji/日?character=true). */
@Controller('api/kanji')
export class KanjiHttp {
  constructor(private readonly kanji: KanjiQuery) {}

  @Get()
  async list(@Query() query: unknown, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const q = parseQuery(listQuery, query);
    const full = hasFullAccess(user);
    const tab = chooseTab(q.course, KANJI_TAB_IDS[q.course], q.tab, full);
    return sendCached(request, reply, await this.kanji.list(q.course, tab, full));
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
    const body = await this.kanji.detail(by);
    requireEntryAccess(user, body.meta.free);
    return sendCached(request, reply, body);
  }
}
