import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { strokesSchema } from '#contract/dictionary';
import { strokesParamSchema } from '#contract/dictionary.requests';
import { Answers } from '../../../platform/http/answer-contract.interceptor';
import { parseOrThrow } from '../../../platform/http/zod.pipe';
import { GetStrokesQuery } from './strokes.handler';

/**
 * GET /api/strokes/:character → { character, strokes: [svg path per stroke] } for the dictionary and the card
 * back. Signed-in learners, like the rest of the dictionary; no paywall: the strokes of a kanji are no lesson.
 * The data changes only with a deploy, so a day of private caching plus an ETag (304 on If-None-Match); the
 * bodies are 0.1–3 KB, too small to be worth compressing.
 */
@Controller('api/strokes')
export class StrokesHttp {
  constructor(private readonly queries: QueryBus) {}

  @Get(':character')
  @Answers(strokesSchema)
  async get(@Param('character') character: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const p = parseOrThrow(strokesParamSchema, { character }, 'path');
    const body = await this.queries.execute(new GetStrokesQuery({ character: p.character }));
    reply.header('cache-control', 'private, max-age=86400');
    reply.header('etag', body.etag);
    const match = request.headers['if-none-match'];
    if (match && String(match).split(',').some((t) => t.trim().replace(/^W\//, '') === body.etag)) return reply.status(304).send();
    reply.header('content-type', 'application/json; charset=utf-8');
    return reply.send(body.json);
  }
}
