import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { Clock, CLOCK } from '../../platform/clock';
import { AppConfig } from '../../platform/config/config';
import { Queryable } from '../../platform/database/database';
import { APP_CONFIG, PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import type { Profile } from '../profile/profile.query';
import { blockedForSeconds, clearKeys, minutesText, recordHit, ThrottleRule } from '../throttle';
import { createSession, deleteSession } from '../sessions';

/** What a use case that signs someone in answers: the profile, and the new session's token for the cookie. */
export interface SignedIn {
  profile: Profile;
  sessionToken: string;
}

/**
 * Starting and ending sessions, and the sign-in throttle, shared by the use cases that need them. The session
 * cookie belongs to HTTP: controllers set it from the token `start` answers.
 */
@Injectable()
export class SessionService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * A new session (new token: no fixation) and its token, for the caller to set as the cookie; the session
   * the client already had (`replacing`) is ended in the same transaction.
   */
  async start(db: Queryable, userId: string, replacing: string | null): Promise<string> {
    if (replacing) await deleteSession(db, replacing);
    const { token } = await createSession(db, userId, this.clock.now(), this.config.SESSION_TTL_DAYS);
    return token;
  }

  async end(sessionId: string | null): Promise<void> {
    if (sessionId) await deleteSession(this.pool, sessionId);
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
