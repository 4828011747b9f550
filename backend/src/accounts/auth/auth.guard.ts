import type {} from '@fastify/cookie';
import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { Pool } from 'pg';
import { Clock, CLOCK } from '../../platform/clock';
import { AppConfig } from '../../platform/config/config';
import { APP_CONFIG, PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import { CSRF_COOKIE, CSRF_FORM_FIELD, CSRF_HEADER, isWellFormedToken, resolveSession, SESSION_COOKIE } from '../sessions';
import { PUBLIC_ROUTE, SKIP_CSRF } from './auth.decorators';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const PUBLIC_PREFIXES = ['/api/auth/', '/api/health/', '/api/docs/'];
const WEBHOOK_PATH = '/api/stripe/webhook';

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The one gate in front of every Nest route, in this order:
 * 1. CSRF (double submit): a state-changing request must repeat the XSRF-TOKEN cookie in the X-XSRF-TOKEN
 *    header (or, for HTML form posts, in the `_csrf` field). Exempt: routes marked @SkipCsrf (the webhook).
 * 2. Session: the session cookie becomes request.user (SessionUser).
 * 3. Access: everything needs a session except @Public routes, /api/auth/*, /api/health, /api/docs and the webhook;
 *    /api/admin/* also needs the admin role.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const path = (request.routeOptions?.url ?? request.url.split('?')[0]) || '/';
    const flag = (key: string) => this.reflector.getAllAndOverride<boolean>(key, [context.getHandler(), context.getClass()]) === true;

    if (!SAFE_METHODS.has(request.method) && !flag(SKIP_CSRF) && path !== WEBHOOK_PATH) this.checkCsrf(request);

    const token = request.cookies?.[SESSION_COOKIE];
    if (token) request.user = (await resolveSession(this.pool, token, this.clock.now(), this.config.SESSION_TTL_DAYS)) ?? undefined;

    const isPublic = flag(PUBLIC_ROUTE) || path === WEBHOOK_PATH || PUBLIC_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p));
    if (isPublic) return true;
    if (!request.user) throw new AppError('unauthenticated', 'Please sign in.');
    if ((path === '/api/admin' || path.startsWith('/api/admin/')) && !request.user.isAdmin) {
      throw new AppError('forbidden', 'This page is for administrators only.');
    }
    return true;
  }

  private checkCsrf(request: FastifyRequest): void {
    const cookie = request.cookies?.[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    let sent: unknown = Array.isArray(header) ? header[0] : header;
    if (sent === undefined && String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      sent = (request.body as Record<string, unknown> | undefined)?.[CSRF_FORM_FIELD];
    }
    if (!isWellFormedToken(cookie) || typeof sent !== 'string' || !sameToken(cookie, sent)) {
      throw new AppError(
        'csrf_failed',
        'This request is missing its security token (CSRF). Reload the page and try again; if you call the API, fetch GET /api/auth/csrf and send its token in the X-XSRF-TOKEN header.',
      );
    }
  }
}
