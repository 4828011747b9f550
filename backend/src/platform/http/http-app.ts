import 'reflect-metadata';
import { DynamicModule, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { FastifyError, FastifyReply, FastifyRequest, LogController } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Logger as PinoLogger } from 'pino';
import { MetricsService } from '../metrics/metrics.service';
import { AppConfig } from '../config/config';
import { AppError } from '../errors/app-error';
import { createLogger, PinoNestLogger } from '../logger';
import { registerCookies } from './cookies';
import { registerInputHygiene } from './input-hygiene';
import { ReplicaReads } from '../database/replica-reads';
import { registerReadYourWrites, registerReplicaMetrics } from './read-your-writes';
import { PAGE_PRELOADS, withPreload, type PagePreloads } from './page-preload';
import { sendProblem } from './problem.filter';
import { registerSecurityHeaders } from './security-headers';

export const DEFAULT_FRONTEND_DIST = resolve(__dirname, '..', '..', '..', '..', 'frontend', 'dist');

/** Never served from the frontend build: source maps, and compressed copies asked for by their own name. */
const NOT_SERVED = /\.(map|br|gz)$/i;

/** An X-Request-Id a client may choose (it is logged and stored in event metadata); anything else gets a fresh id. */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:@+=\/-]{1,128}$/;

/** A fingerprinted file of the build (dist/assets/…), whichever encoding of it is sent. */
function isHashedAsset(dist: string, file: string): boolean {
  return relative(dist, file).split(sep)[0] === 'assets';
}

/**
 * The HTTP application around `root` (AppModule.forConfig(config), passed in: the platform knows no context and
 * not the module that assembles them).
 */
export async function createHttpApp(root: DynamicModule, config: AppConfig, logger: PinoLogger = createLogger(config.LOG_LEVEL, config.LOG_FORMAT)): Promise<NestFastifyApplication> {
  const httpLogger = new Logger('http');
  // Set once the app exists (helmet is registered on it); the framework's own early answers use it.
  let securityHeadersFor: (request: FastifyRequest, reply: FastifyReply) => void = () => undefined;
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    // Per-request log lines only when debugging: at thousands of grades a second they cost real time.
    logController: new LogController({ disableRequestLogging: config.LOG_LEVEL !== 'debug' && config.LOG_LEVEL !== 'trace' }),
    // X-Forwarded-For / -Proto count only from the proxies TRUST_PROXY names (none by default): anyone else could
    // choose their own address (and slip past the per-address sign-in throttle) or claim https (issue 28).
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    requestIdHeader: false,
    genReqId: (req: IncomingMessage) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? given : randomUUID();
    },
    // A path fastify cannot decode (bad percent-encoding such as %E0%A4%A, or bytes that are not UTF-8 such as
    // %ED%A0%80) is answered before routing and before any hook: 400 problem+json with the security headers.
    frameworkErrors: (_error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      securityHeadersFor(request, reply);
      reply.header('x-request-id', request.id);
      const message = 'The address is not valid: it holds a percent-encoded sequence that is not UTF-8 text, or a part that is too long.';
      sendProblem(reply, request, new AppError('validation_failed', message, { fields: [{ field: '(path)', message: 'Not a valid URL path.' }] }), httpLogger);
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(root, adapter, {
    logger: new PinoNestLogger(logger),
    bufferLogs: false,
    abortOnError: false,
    // Keeps request.rawBody (JSON and form bodies): the Stripe webhook signature is computed over the raw bytes.
    rawBody: true,
  });
  const fastify = app.getHttpAdapter().getInstance();
  // request.cookies / reply.setCookie (the @fastify/cookie API, see cookies.ts for why not the plugin).
  registerCookies(fastify);

  // Every request answers with its id, so a person reporting a problem can quote it.
  fastify.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Latency per route pattern (never the raw URL: ids would make a series per card), for /metrics.
  const requestDuration = app.get(MetricsService).requestDuration;
  fastify.addHook('onResponse', async (request, reply) => {
    requestDuration.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  registerReadYourWrites(fastify, app.get(ReplicaReads), config.DATABASE_REPLICA_MAX_LAG_MS);
  registerReplicaMetrics(app.get(ReplicaReads), app.get(MetricsService));
  // helmet: CSP, nosniff, frame and referrer policies, COOP and (over https) HSTS on every response.
  securityHeadersFor = registerSecurityHeaders(fastify, config);
  // NUL and lone surrogates in path, query or body: 400 naming the field before any guard or handler.
  registerInputHygiene(fastify);

  const dist = config.FRONTEND_DIST ?? DEFAULT_FRONTEND_DIST;
  const hasFrontend = existsSync(join(dist, 'index.html'));
  if (hasFrontend) {
    // Loaded only when there is a frontend to serve (most tests run without one).
    const fastifyStatic = (await import('@fastify/static')).default;
    await app.register(fastifyStatic as any, {
      root: dist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (frontend/scripts/compress.mjs): the smallest one the
      // request accepts is sent (br, then gzip, then the file itself), with Content-Encoding, the original
      // file's Content-Type and Vary: Accept-Encoding.
      preCompressed: true,
      // Source maps are never published, and the compressed copies are only sent in place of their original.
      allowedPath: (pathname: string) => !NOT_SERVED.test(pathname),
      setHeaders: (reply: { header(k: string, v: string): void }, path: string) => {
        // Vite fingerprints assets, so they can be cached for a year; index.html never.
        reply.header('cache-control', isHashedAsset(dist, path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // The page's first API call named in index.html, where a context provides it (page-preload.ts).
  let preloads: PagePreloads | null = null;
  try {
    preloads = app.get<PagePreloads>(PAGE_PRELOADS, { strict: false });
  } catch {
    preloads = null;
  }
  let indexHtml: string | null = null;
  // Unknown GET paths outside /api load the single-page app (client routes like /kana, /admin/users/1);
  // anything else unknown reaches Nest's not-found handler and becomes a problem+json 404: /api, a missing
  // asset (an old build's chunk must fail as a script, not load the page as one) and any source map.
  fastify.get('/*', (request, reply) => {
    const path = request.url.split('?')[0];
    if (path === '/api' || path.startsWith('/api/') || path.startsWith('/assets/') || NOT_SERVED.test(path) || !hasFrontend) {
      sendProblem(reply, request, new AppError('not_found', `There is nothing at ${request.method} ${path}.`), httpLogger);
      return;
    }
    const preload = preloads?.preloadFor(path, request.cookies ?? {}) ?? null;
    if (preload) {
      // Read once: the build does not change under a running app.
      indexHtml ??= readFileSync(join(dist, 'index.html'), 'utf8');
      void reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(withPreload(indexHtml, preload));
      return;
    }
    void reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return app;
}
