import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { kanaChartSchema, kanaDetailSchema } from '#contract/dictionary';
import { kanaDetailQuerySchema, kanaParamSchema } from '#contract/dictionary.requests';
import { Answers } from '../../../platform/http/answer-contract.interceptor';
import { parseOrThrow, ZodPipe } from '../../../platform/http/zod.pipe';
import { sendCached } from '../dictionary-cache';
import { isTrue, parseId } from '../dictionary-access';
import { GetKanaChartQuery, GetKanaQuery } from './kana.handler';

/** GET /api/kana (the chart) and GET /api/kana/:kana?kana=true (one kana; without the flag :kana is its id). */
@Controller('api/kana')
export class KanaHttp {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @Answers(kanaChartSchema)
  async chart(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return sendCached(request, reply, await this.queries.execute(new GetKanaChartQuery()));
  }

  @Get(':kana')
  @Answers(kanaDetailSchema)
  async detail(@Param('kana') kana: string, @Query(new ZodPipe(kanaDetailQuerySchema, 'query')) q: { kana?: string }, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const byKana = isTrue(q.kana) || !/^\d+$/.test(kana);
    const by = byKana ? { kana: parseOrThrow(kanaParamSchema, { kana }, 'path').kana } : { id: parseId(kana, 'kana') };
    return sendCached(request, reply, await this.queries.execute(new GetKanaQuery({ by })));
  }
}
