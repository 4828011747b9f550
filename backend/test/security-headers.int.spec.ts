// Issue 16 item 3: security headers on every response: the app page, static assets, the API, media files and
// error answers (including the ones fastify gives before routing), set by helmet; HSTS only over https; the CSP names the S3
// media origin when media live in S3; the queue board (Bull Board) alone may use inline styles.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentSecurityPolicy } from '../src/platform/http/security-headers';
import { loadConfig } from '../src/platform/config/config';
import { startTestApp, TestApp } from './http-app';

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; media-src 'self'; font-src 'self'; connect-src 'self'; " +
  "object-src 'none'; frame-src 'none'; worker-src 'self'; manifest-src 'self'; frame-ancestors 'none'; base-uri 'self'; " +
  "form-action 'self' https://checkout.stripe.com https://billing.stripe.com";
const AUDIO = `${'ab'.repeat(32)}.ogg`;

type Headers = Record<string, string | string[] | number | undefined>;

function expectSecurityHeaders(headers: Headers, what: string) {
  // helmet joins the directives with ";" alone: compared directive by directive.
  const csp = String(headers['content-security-policy'] ?? '').split(';').map((d) => d.trim()).join('; ');
  expect({ what, csp }).toEqual({ what, csp: CSP });
  expect({ what, nosniff: headers['x-content-type-options'] }).toEqual({ what, nosniff: 'nosniff' });
  expect({ what, frame: headers['x-frame-options'] }).toEqual({ what, frame: 'DENY' });
  expect({ what, referrer: headers['referrer-policy'] }).toEqual({ what, referrer: 'strict-origin-when-cross-origin' });
  expect({ what, coop: headers['cross-origin-opener-policy'] }).toEqual({ what, coop: 'same-origin' });
}

describe('security headers on every response', () => {
  let app: TestApp;
  let dist: string;
  let media: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'kioku-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/index-1.js"></script></head><body></body></html>');
    writeFileSync(join(dist, 'assets', 'index-1.js'), 'export {};');
    media = mkdtempSync(join(tmpdir(), 'kioku-media-'));
    writeFileSync(join(media, AUDIO), Buffer.from('OggS fake audio'));
    app = await startTestApp({ env: { FRONTEND_DIST: dist, MEDIA_DIR: media, PUBLIC_URL: 'http://localhost:3000' } });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
    rmSync(media, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('sends them with the app page, its assets, the API, a media file and error answers; no HSTS over http', async () => {
    const responses: [string, Awaited<ReturnType<typeof get>>, number, RegExp][] = [
      ['the app page', await get('/'), 200, /^text\/html/],
      ['a client route', await get('/admin/users'), 200, /^text\/html/],
      ['a script', await get('/assets/index-1.js'), 200, /javascript/],
      ['the API', await get('/api/health'), 200, /^application\/json/],
      ['a media file', await get(`/media/${AUDIO}`), 200, /^audio\/ogg$/],
      ['a media range', await get(`/media/${AUDIO}`, { range: 'bytes=0-3' }), 206, /^audio\/ogg$/],
      ['a missing media file', await get(`/media/${'cd'.repeat(32)}.png`), 404, /problem\+json/],
      ['an unknown API path', await get('/api/nothing-here'), 404, /problem\+json/],
      ['a source map', await get('/assets/index-1.js.map'), 404, /problem\+json/],
      ['a request without a session', await get('/api/users/profile'), 401, /problem\+json/],
      ['a NUL in the path', await get('/api/kana/%00'), 400, /problem\+json/],
      ['a path that is not UTF-8', await get('/api/kana/%ED%A0%80'), 400, /problem\+json/],
      ['broken JSON', await app.inject({ method: 'POST', url: '/api/auth/sign_in', headers: { 'content-type': 'application/json' }, payload: '{' }), 400, /problem\+json/],
    ];
    for (const [what, res, status, type] of responses) {
      expect({ what, status: res.statusCode }).toEqual({ what, status });
      expect({ what, type: res.headers['content-type'] }).toEqual({ what, type: expect.stringMatching(type) });
      expectSecurityHeaders(res.headers, what);
      expect({ what, hsts: res.headers['strict-transport-security'] }).toEqual({ what, hsts: undefined });
      expect({ what, id: typeof res.headers['x-request-id'] }).toEqual({ what, id: 'string' });
    }
  });

  it('sends HSTS when the request came over https (X-Forwarded-Proto from the TLS proxy)', async () => {
    for (const url of ['/', '/api/health', `/media/${AUDIO}`, '/api/nothing-here']) {
      const res = await get(url, { 'x-forwarded-proto': 'https' });
      expect({ url, hsts: res.headers['strict-transport-security'] }).toEqual({ url, hsts: 'max-age=31536000' });
    }
  });

  it('gives the queue board (Bull Board) its own CSP, inline styles only, and nobody else', async () => {
    const res = await get('/admin/queues');
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect((await get('/api/health')).headers['content-security-policy']).not.toContain('unsafe-inline');
  });

  it('keeps a client-chosen request id only when it is a plain token', async () => {
    expect((await get('/api/health', { 'x-request-id': 'req-123' })).headers['x-request-id']).toBe('req-123');
    const long = await get('/api/health', { 'x-request-id': 'x'.repeat(500) });
    expect(long.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const odd = await get('/api/health', { 'x-request-id': 'a b<script>' });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('security headers: https deployments and S3 media', () => {
  it('sends HSTS on every response when PUBLIC_URL is https', async () => {
    const app = await startTestApp({ env: { PUBLIC_URL: 'https://kioku.example' } });
    try {
      for (const url of ['/api/health', '/api/nothing-here']) {
        expect((await app.inject({ method: 'GET', url })).headers['strict-transport-security']).toBe('max-age=31536000');
      }
    } finally {
      await app.close();
    }
  });

  it('lets images and audio come from the S3 public origin when media are stored in S3', () => {
    const s3 = { S3_BUCKET: 'kioku-media', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_REGION: 'eu-central-1' };
    const csp = (env: Record<string, string>) => contentSecurityPolicy(loadConfig({ ...env }));
    expect(csp({ ...s3, S3_PUBLIC_URL: 'https://cdn.example.com/media/' })).toContain("img-src 'self' data: https://cdn.example.com; media-src 'self' https://cdn.example.com;");
    expect(csp({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000' })).toContain("media-src 'self' http://127.0.0.1:9000;");
    expect(csp(s3)).toContain("img-src 'self' data: https://kioku-media.s3.eu-central-1.amazonaws.com;");
    expect(csp({})).toContain("img-src 'self' data:; media-src 'self';");
    // A Stripe stand-in's hosted pages (the e2e fake) may receive the Subscribe form's fallback post.
    expect(csp({ STRIPE_API_BASE: 'http://127.0.0.1:4010/v1' })).toMatch(/form-action 'self' https:\/\/checkout\.stripe\.com https:\/\/billing\.stripe\.com http:\/\/127\.0\.0\.1:4010$/);
  });
});
