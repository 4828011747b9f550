import type {} from '@fastify/cookie';
import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { csrfAnswerSchema } from '#contract/accounts';
import { AppConfig } from '../../platform/config/config';
import { APP_CONFIG } from '../../platform/database/database.module';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { CSRF_COOKIE, setCsrfCookie } from '../sessions';
import { Public } from './auth.decorators';
import { GetCsrfTokenQuery } from './csrf.handler';

/**
 * GET /api/auth/csrf → {token}, and the readable cookie XSRF-TOKEN with the same value. Clients send it back
 * in the X-XSRF-TOKEN header on every POST/PATCH/PUT/DELETE. An existing token is kept, so several tabs agree.
 */
@Controller('api/auth/csrf')
export class CsrfHttp {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queries: QueryBus,
  ) {}

  @Public()
  @Get()
  @Answers(csrfAnswerSchema)
  async csrf(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { token } = await this.queries.execute(new GetCsrfTokenQuery({ existing: request.cookies?.[CSRF_COOKIE] }));
    setCsrfCookie(reply, request, this.config, token);
    void reply.header('cache-control', 'no-store');
    return { token };
  }
}
