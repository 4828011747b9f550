import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../config/config';

/**
 * Security headers on every response (issue 16): the app page, the API, media files, static assets and error
 * answers alike. Written here rather than with @fastify/helmet (not a dependency; a dozen fixed headers need no
 * library). A header a route already set is kept (the queue dashboard sends a stricter CSP of its own).
 *
 * The Content-Security-Policy is the one the built frontend works under (checked in Chromium by
 * frontend/e2e/csp.e2e.ts): scripts only from the app's own origin (the build has no inline script and no
 * eval), styles from the origin plus inline <style> elements (the admin chunk's CSS, see below), never inline
 * style attributes (React sets `style` props through the CSSOM, which CSP does not govern), images from
 * the origin and data: URLs, audio and images also from the S3 public origin when media live in S3, fetches
 * to the origin only, never framed, forms posting to the origin (and Stripe's hosted pages, where the plain
 * form fallback of Subscribe is redirected).
 */

export const STRIPE_FORM_ORIGINS = ['https://checkout.stripe.com', 'https://billing.stripe.com'];

/** The origin media URLs point at when media are stored in S3 (as S3Storage.publicUrlOf builds them), else null. */
export function mediaOrigin(config: AppConfig): string | null {
  const s3 = (config.MEDIA_STORAGE ?? (config.S3_BUCKET ? 's3' : 'local')) === 's3';
  if (!s3) return null;
  const base = config.S3_PUBLIC_URL ?? config.S3_ENDPOINT ?? (config.S3_BUCKET ? `https://${config.S3_BUCKET}.s3.${config.S3_REGION}.amazonaws.com` : undefined);
  return originOf(base);
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(config: AppConfig): string {
  const media = mediaOrigin(config);
  const extra = media ? ` ${media}` : '';
  // A Stripe stand-in (STRIPE_API_BASE, the e2e fake) serves its hosted checkout page from its own origin.
  const stripeBase = originOf(config.STRIPE_API_BASE);
  const forms = ["'self'", ...STRIPE_FORM_ORIGINS, ...(stripeBase && !STRIPE_FORM_ORIGINS.includes(stripeBase) ? [stripeBase] : [])];
  return [
    "default-src 'self'",
    "script-src 'self'",
    // No inline style at all: the admin chunk's CSS is a stylesheet (features/admin/admin.css).
    "style-src 'self'",
    `img-src 'self' data:${extra}`,
    `media-src 'self'${extra}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "frame-src 'none'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    `form-action ${forms.join(' ')}`,
  ].join('; ');
}

/** HSTS for a year: sent when the app's public address is https, or when this request came over https. */
export const HSTS = 'max-age=31536000';

export function securityHeaders(config: AppConfig): (request: FastifyRequest) => Record<string, string> {
  const fixed: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(config),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
  };
  const publicHttps = /^https:/i.test(config.PUBLIC_URL);
  const withHsts = { ...fixed, 'strict-transport-security': HSTS };
  // request.protocol reads X-Forwarded-Proto (trustProxy is on: the app runs behind a TLS-terminating proxy).
  return (request) => (publicHttps || request.protocol === 'https' ? withHsts : fixed);
}

export function registerSecurityHeaders(fastify: FastifyInstance, config: AppConfig): void {
  const headersFor = securityHeaders(config);
  fastify.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    const headers = headersFor(request);
    for (const name in headers) {
      if (!reply.hasHeader(name)) reply.header(name, headers[name]);
    }
    done(null, payload);
  });
}
