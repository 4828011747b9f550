import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { AppConfig } from '../config/config';

/**
 * Security headers on every response (issue 16): the app page, the API, media files, static assets and error
 * answers alike, set by helmet (on every request, before routing goes further). A header a route sets itself wins:
 * helmet writes the response's own headers, fastify's reply headers are written over them.
 *
 * The Content-Security-Policy is the one the built frontend works under (checked in Chromium by
 * frontend/e2e/csp.e2e.ts): scripts only from the app's own origin (the build has no inline script and no
 * eval), styles only from it too (the admin chunk's CSS is a stylesheet), never inline style attributes (React
 * sets `style` props through the CSSOM, which CSP does not govern), images from the origin and data: URLs, audio
 * and images also from the S3 public origin when media live in S3, fetches to the origin only, never framed,
 * forms posting to the origin (and Stripe's hosted pages, where the plain form fallback of Subscribe goes).
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

/** The CSP's directives (helmet's names), for the app and for the tests that read them. */
export function cspDirectives(config: AppConfig): Record<string, string[]> {
  const media = mediaOrigin(config);
  const extra = media ? [media] : [];
  // A Stripe stand-in (STRIPE_API_BASE, the e2e fake) serves its hosted checkout page from its own origin.
  const stripeBase = originOf(config.STRIPE_API_BASE);
  const forms = ["'self'", ...STRIPE_FORM_ORIGINS, ...(stripeBase && !STRIPE_FORM_ORIGINS.includes(stripeBase) ? [stripeBase] : [])];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // No inline style at all: the admin chunk's CSS is a stylesheet (features/admin/admin.css).
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', ...extra],
    'media-src': ["'self'", ...extra],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': forms,
  };
}

/** Where the admins' queue dashboard (Bull Board, media/queue-board) is mounted. */
export const QUEUE_BOARD_PATH = '/admin/queues';

/** A request for the queue dashboard: its page, its API and its static files. */
export function isQueueBoardPath(url: string): boolean {
  if (!url.startsWith(QUEUE_BOARD_PATH)) return false;
  const next = url.charAt(QUEUE_BOARD_PATH.length);
  return next === '' || next === '/' || next === '?';
}

/**
 * The app's CSP, with inline styles allowed: Bull Board's page has a style element and style attributes (its
 * loading placeholder), and its job data editor (CodeMirror) injects style elements. Its scripts are files of
 * its own (its one inline script is JSON data, which is not run), so script-src stays 'self'. Its Google Fonts
 * stylesheet stays refused (the page falls back to system fonts; an admin page does not call Google).
 */
export function queueBoardCspDirectives(config: AppConfig): Record<string, string[]> {
  return { ...cspDirectives(config), 'style-src': ["'self'", "'unsafe-inline'"] };
}

/** HSTS for a year (no includeSubDomains: the domain's other hosts are not ours to pin). */
export const HSTS = 'max-age=31536000';

/** helmet's settings: its defaults, with our CSP, DENY framing, a referrer policy, COOP, HSTS when served over https. */
export function helmetOptions(config: AppConfig): NonNullable<Parameters<typeof helmet>[0]> {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    hsts: /^https:/i.test(config.PUBLIC_URL) ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  };
}

/**
 * helmet on every response, and HSTS on a request that came over https (X-Forwarded-Proto, believed from the proxies
 * TRUST_PROXY names only) when PUBLIC_URL does not already say https. helmet's middleware is built once here and run in
 * an `onRequest` hook: @fastify/helmet builds a new one on every request (parsing the CSP each time), which cost
 * 1.6% of the app's CPU under the study bench (issue 19). Returns the same for answers fastify gives before routing
 * (frameworkErrors), where no hook runs.
 */
export function registerSecurityHeaders(fastify: FastifyInstance, config: AppConfig): (request: FastifyRequest, reply: FastifyReply) => void {
  const settings = helmetOptions(config);
  const middleware = helmet(settings);
  // Only under QUEUE_BOARD_PATH: the rest of the app keeps refusing inline styles.
  const boardMiddleware = helmet({ ...settings, contentSecurityPolicy: { useDefaults: false, directives: queueBoardCspDirectives(config) } });
  const forwardedHttps = !settings.hsts;
  const apply = (request: FastifyRequest, reply: FastifyReply) => {
    (isQueueBoardPath(request.url) ? boardMiddleware : middleware)(request.raw, reply.raw, () => undefined);
    if (forwardedHttps && request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  };
  fastify.addHook('onRequest', (request, reply, done) => {
    apply(request, reply);
    done();
  });
  return apply;
}

/** The CSP as one line ("directive a b; directive c"), as a person reads it (helmet sends it without the spaces). */
export function contentSecurityPolicy(config: AppConfig): string {
  return Object.entries(cspDirectives(config))
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
