import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors/app-error';
import { SessionUser } from '../../platform/http/request-context';

export const PUBLIC_ROUTE = 'kioku:public';
export const SKIP_CSRF = 'kioku:skip-csrf';

/** The route answers without a session (the user, when signed in, is still set on the request). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** The route authenticates its caller otherwise (a signed webhook), so it takes no CSRF token. */
export const SkipCsrf = () => SetMetadata(SKIP_CSRF, true);

/** The signed-in user; the global AuthGuard has already refused the request when there is none. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): SessionUser => {
  const user = ctx.switchToHttp().getRequest<FastifyRequest>().user;
  if (!user) throw new AppError('unauthenticated', 'Please sign in.');
  return user;
});
