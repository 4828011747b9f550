import { Controller, Get, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { healthSchema } from '#contract/health';
import { Answers } from '../http/answer-contract.interceptor';
import { GetHealthQuery } from './health.handler';

/** GET /api/health: 200 while PostgreSQL answers (Redis down only degrades media actions), else 503. */
@Controller('api/health')
export class HealthHttp {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @Answers(healthSchema)
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const health = await this.queries.execute(new GetHealthQuery());
    reply.status(health.postgres.status === 'up' ? 200 : 503);
    return health;
  }
}
