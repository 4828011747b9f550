import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Pool } from 'pg';
import { Clock, CLOCK } from '../../platform/clock';
import { AppConfig } from '../../platform/config/config';
import { Queryable } from '../../platform/database/database';
import { APP_CONFIG, PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import { blockedForSeconds, clearKeys, minutesText, recordHit, ThrottleRule } from '../throttle';
import { clearSessionCookie, createSession, deleteSession, setSessionCookie } from '../sessions';

/** Starting and ending sessions, and the sign-in throttle, shared by the use cases that need them. */
@Injectable()
export class SessionService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** A new session (new token: no fixation); a session the client already had is ended. */
  async start(db: Queryable, request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
    if (request.user) await deleteSession(db, request.user.sessionId);
    const { token } = await createSession(db, userId, this.clock.now(), this.config.SESSION_TTL_DAYS);
    setSessionCookie(reply, request, this.config, token);
  }

  async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (request.user) await deleteSession(this.pool, request.user.sessionId);
    clearSessionCookie(reply, request, this.config);
  }

  /** Failed password checks count per account (email) and per client address. */
  signInRules(email: string, ip: string): ThrottleRule[] {
    const windowMs = this.config.SIGN_IN_WINDOW_MINUTES * 60_000;
    return [
      { key: accountThrottleKey(email), max: this.config.SIGN_IN_MAX_FAILURES_PER_ACCOUNT, windowMs },
      { key: `signin:ip:${ip}`, max: this.config.SIGN_IN_MAX_FAILURES_PER_IP, windowMs },
    ];
  }

  async assertNotThrottled(rules: ThrottleRule[]): Promise<void> {
    const seconds = await blockedForSeconds(this.pool, rules, this.clock.now());
    if (seconds > 0) {
      throw new AppError('rate_limited', `Too many sign-in attempts. Try again in ${minutesText(seconds)}.`, { retryAfterSeconds: seconds });
    }
  }

  async recordFailure(rules: ThrottleRule[]): Promise<void> {
    await recordHit(this.pool, rules.map((r) => r.key), this.clock.now());
  }

  async clearAccountFailures(email: string, db: Queryable = this.pool): Promise<void> {
    await clearKeys(db, [accountThrottleKey(email)]);
  }
}

export function accountThrottleKey(email: string): string {
  return `signin:email:${email.trim().toLowerCase()}`;
}

export function resetThrottleKey(email: string): string {
  return `reset:email:${email.trim().toLowerCase()}`;
}
