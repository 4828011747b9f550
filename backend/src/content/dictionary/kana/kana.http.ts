import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../platform/errors/app-error';
import { sendCached } from '../dictionary-cache';
import { booleanFlag, isTrue, parseId, parseQuery } from '../dictionary-access';
import { KanaQuery } from './kana.query';

const detailQuery = z.object({ kana: booleanFlag });

/** GET /api/kana (the chart) and GET /api/kana/:kana?kana=true (one kana; without the flag :kana is its id). */
@Controller('api/kana')
export class KanaHttp {
  constructor(private readonly kana: KanaQuery) {}

  @Get()
  async chart(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return sendCached(request, reply, await this.kana.chart());
  }

  @Get(':kana')
  async detail(@Param('kana') kana: string, @Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const q = parseQuery(detailQuery, query);
    const byKana = isTrue(q.kana) || !/^\d+$/.test(kana);
    if (byKana && kana.length > 4) throw new AppError('not_found', `${kana.slice(0, 20)} is not a kana of the chart.`);
    return sendCached(request, reply, await this.kana.detail(byKana ? { kana } : { id: parseId(kana, 'kana') }));
  }
}
