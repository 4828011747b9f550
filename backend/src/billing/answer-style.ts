import type { Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toProblemError } from '../platform/http/problem.filter';

/**
 * How a billing action answers, read from the request's Accept header:
 * - `json`: the app's fetch (Accept: application/json) gets `{url}` to navigate to, or a problem+json error
 *   that it shows in the app;
 * - `page`: a browser navigating there itself (a plain form post or a link, Accept: text/html) gets a 303
 *   either way: to Stripe, or back to /settings?<param>=<code>, where the app explains the failure. A person
 *   never lands on a raw JSON page;
 * - `redirect`: anything else (no Accept): a 303 to Stripe, errors as problem+json.
 */
export type AnswerStyle = 'json' | 'page' | 'redirect';

export function answerStyle(request: FastifyRequest): AnswerStyle {
  const accept = String(request.headers.accept ?? '').toLowerCase();
  if (accept.includes('text/html')) return 'page';
  if (accept.includes('application/json')) return 'json';
  return 'redirect';
}

export function publicUrl(base: string, path: string): string {
  return `${base.replace(/\/$/, '')}${path}`;
}

/** Answers a created Stripe URL in the caller's style. */
export function sendUrl(reply: FastifyReply, style: AnswerStyle, url: string) {
  if (style === 'json') return reply.code(200).header('cache-control', 'no-store').send({ url });
  return reply.redirect(url, 303);
}

/**
 * A failed action: rethrown (problem+json) unless the caller is a browser page, which goes back to
 * /settings?<param>=<code> instead (unexpected errors are logged and read as `unavailable`).
 */
export function failToPage(reply: FastifyReply, style: AnswerStyle, base: string, param: 'checkout_error' | 'portal_error', error: unknown, logger: Logger) {
  if (style !== 'page') throw error;
  const known = toProblemError(error);
  if (!known) logger.error(`Billing action failed: ${(error as Error)?.stack ?? String(error)}`);
  const code = known?.code ?? 'unavailable';
  return reply.redirect(publicUrl(base, `/settings?${param}=${encodeURIComponent(code)}`), 303);
}
