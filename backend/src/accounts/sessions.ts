import type {} from '@fastify/cookie';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Queryable } from '../platform/database/database';
import { AppConfig } from '../platform/config/config';
import { SessionUser } from '../platform/http/request-context';

export const SESSION_COOKIE = 'kioku_session';
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
export const CSRF_FORM_FIELD = '_csrf';

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isWellFormedToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_FORMAT.test(value);
}

/**
 * Secure cookies when the app is served over https, directly or behind a proxy that says so. request.protocol
 * reads X-Forwarded-Proto only when the request came from a proxy TRUST_PROXY names: anyone else's claim is ignored.
 */
export function isHttps(request: FastifyRequest, config: AppConfig): boolean {
  return config.PUBLIC_URL.startsWith('https:') || request.protocol === 'https';
}

export function setSessionCookie(reply: FastifyReply, request: FastifyRequest, config: AppConfig, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request, config),
    maxAge: Math.round(config.SESSION_TTL_DAYS * 86_400),
  });
}

export function clearSessionCookie(reply: FastifyReply, request: FastifyRequest, config: AppConfig): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps(request, config) });
}

/** The CSRF cookie is readable by scripts on purpose: the client copies it into the X-XSRF-TOKEN header. */
export function setCsrfCookie(reply: FastifyReply, request: FastifyRequest, config: AppConfig, token: string): void {
  reply.setCookie(CSRF_COOKIE, token, { path: '/', httpOnly: false, sameSite: 'lax', secure: isHttps(request, config) });
}

export async function createSession(db: Queryable, userId: string, now: Date, ttlDays: number): Promise<{ id: string; token: string }> {
  const token = newToken();
  const id = randomUUID();
  await db.query(
    `insert into sessions (id, token_hash, user_id, created_at, last_seen_at, expires_at) values ($1, $2, $3, $4, $4, $5)`,
    [id, tokenHash(token), userId, now, new Date(now.getTime() + ttlDays * 86_400_000)],
  );
  // Expired sessions of this user are no use to anyone: tidy them while we are here.
  await db.query('delete from sessions where user_id = $1 and expires_at <= $2', [userId, now]);
  return { id, token };
}

interface SessionRow {
  session_id: string;
  user_id: string;
  is_admin: boolean;
  subscription_status: string;
  timezone: string;
  expires_at: Date;
}

/**
 * The signed-in user of a session cookie, or null. Sessions slide: a session used more than a day after
 * its last extension gets a fresh lifetime (at most one write per session per day).
 */
export async function resolveSession(db: Queryable, token: unknown, now: Date, ttlDays: number): Promise<SessionUser | null> {
  if (!isWellFormedToken(token)) return null;
  // A named statement: this runs on every signed-in request, and planning it cost 7x executing it.
  const { rows } = await db.query<SessionRow>({
    name: 'session_resolve',
    text: `select s.id as session_id, s.user_id, u.is_admin, u.subscription_status, u.timezone, s.expires_at
             from sessions s join users u on u.id = s.user_id
            where s.token_hash = $1 and s.expires_at > $2 and u.erased_at is null`,
    values: [tokenHash(token), now],
  });
  const row = rows[0];
  if (!row) return null;
  const ttlMs = ttlDays * 86_400_000;
  if (row.expires_at.getTime() - now.getTime() < ttlMs - 86_400_000) {
    await db.query('update sessions set expires_at = $2, last_seen_at = $3 where id = $1', [row.session_id, new Date(now.getTime() + ttlMs), now]);
  }
  return {
    id: row.user_id,
    isAdmin: row.is_admin,
    subscriptionActive: row.subscription_status === 'active',
    sessionId: row.session_id,
    timeZone: row.timezone,
  };
}

export async function deleteSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('delete from sessions where id = $1', [sessionId]);
}
