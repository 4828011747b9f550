import type {} from '@fastify/cookie';
import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../../platform/config/config';
import { APP_CONFIG } from '../../platform/database/database.module';
import { CSRF_COOKIE, isWellFormedToken, newToken, setCsrfCookie } from '../sessions';
import { Public } from './auth.decorators';

/**
 * GET /api/auth/csrf → {token}, and the readable cookie XSRF-TOKEN with the same value. Clients send it back
 * in the X-XSRF-TOKEN header on every POST/PATCH/PUT/DELETE. An existing token is kept, so several tabs agree.
 */
@Controller('api/auth/csrf')
export class CsrfHttp {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Public()
  @Get()
  csrf(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const existing = request.cookies?.[CSRF_COOKIE];
    const token = isWellFormedToken(existing) ? existing : newToken();
    setCsrfCookie(reply, request, this.config, token);
    void reply.header('cache-control', 'no-store');
    return { token };
  }
}
