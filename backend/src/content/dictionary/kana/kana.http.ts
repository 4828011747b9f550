import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseOrThrow } from '../../../platform/http/zod.pipe';
import { sendCached } from '../dictionary-cache';
import { booleanFlag, isTrue, parseId, parseQuery } from '../dictionary-access';
import { GetKanaChartQuery, GetKanaQuery } from './kana.handler';

const detailQuery = z.object({ kana: booleanFlag });
/** A kana of the chart: 1 to 3 hiragana or katakana (きゃ, ファ, with ー), checked before any lookup. */
const kanaParam = z.object({
  kana: z.string().regex(/^[\p{Script=Hiragana}\p{Script=Katakana}ー]{1,3}$/u, 'Expected a kana: 1 to 3 hiragana or katakana characters (or its numeric id).'),
});

/** GET /api/kana (the chart) and GET /api/kana/:kana?kana=true (one kana; without the flag :kana is its id). */
@Controller('api/kana')
export class KanaHttp {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  async chart(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return sendCached(request, reply, await this.queries.execute(new GetKanaChartQuery()));
  }

  @Get(':kana')
  async detail(@Param('kana') kana: string, @Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const q = parseQuery(detailQuery, query);
    const byKana = isTrue(q.kana) || !/^\d+$/.test(kana);
    const by = byKana ? { kana: parseOrThrow(kanaParam, { kana }, 'path').kana } : { id: parseId(kana, 'kana') };
    return sendCached(request, reply, await this.queries.execute(new GetKanaQuery({ by })));
  }
}
