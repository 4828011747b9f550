import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply } from 'fastify';

// request.cookies, reply.setCookie and reply.clearCookie with @fastify/cookie's API and types (unsigned
// cookies only). Not the plugin itself: it loads the ESM-only `cookie` package through a dynamic import(),
// which Jest on Node 20 cannot run, so no test could start the app. Parsing and serializing cookies is small
// enough to own.

const NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export function parseCookieHeader(header: string | undefined): Record<string, string | undefined> {
  const cookies: Record<string, string | undefined> = {};
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in cookies) continue; // the first (most specific path) wins, as browsers send it first
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      cookies[name] = value.includes('%') ? decodeURIComponent(value) : value;
    } catch {
      cookies[name] = value;
    }
  }
  return cookies;
}

export function serializeCookie(name: string, value: string, options: CookieSerializeOptions = {}): string {
  if (!NAME.test(name)) throw new TypeError(`Invalid cookie name ${name}`);
  let out = `${name}=${encodeURIComponent(value)}`;
  if (options.maxAge !== undefined) out += `; Max-Age=${Math.floor(options.maxAge)}`;
  if (options.domain) out += `; Domain=${options.domain}`;
  out += `; Path=${options.path ?? '/'}`;
  if (options.expires) out += `; Expires=${new Date(options.expires as Date).toUTCString()}`;
  if (options.httpOnly) out += '; HttpOnly';
  if (options.secure === true) out += '; Secure';
  if (options.partitioned) out += '; Partitioned';
  const sameSite = options.sameSite === true ? 'strict' : options.sameSite;
  if (sameSite) out += `; SameSite=${String(sameSite).charAt(0).toUpperCase()}${String(sameSite).slice(1).toLowerCase()}`;
  return out;
}

function appendSetCookie(reply: FastifyReply, cookie: string): void {
  const existing = reply.getHeader('set-cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  reply.removeHeader('set-cookie');
  reply.header('set-cookie', [...list, cookie]);
}

/** Decorates the root fastify instance (call before routes are registered). */
export function registerCookies(fastify: FastifyInstance): void {
  fastify.decorateRequest('cookies', null as never);
  fastify.addHook('onRequest', async (request) => {
    request.cookies = parseCookieHeader(request.headers.cookie);
  });
  fastify.decorateReply('setCookie', function setCookie(this: FastifyReply, name: string, value: string, options?: CookieSerializeOptions) {
    const opts = { sameSite: 'lax' as const, ...options };
    if (opts.secure === 'auto') opts.secure = this.request.protocol === 'https';
    appendSetCookie(this, serializeCookie(name, value, opts));
    return this;
  });
  fastify.decorateReply('clearCookie', function clearCookie(this: FastifyReply, name: string, options?: CookieSerializeOptions) {
    return this.setCookie(name, '', { path: '/', ...options, expires: new Date(0), maxAge: 0 });
  });
}
