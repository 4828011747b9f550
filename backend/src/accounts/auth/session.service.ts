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

  /**
   * Failed password checks count per (account, address): a guesser elsewhere cannot lock the owner out. Also per
   * address (one client spraying many accounts) and per account from every address (a distributed guess), with a
   * much higher ceiling. The owner always has a way in: a password reset clears the account's counts.
   */
  signInRules(email: string, ip: string): ThrottleRule[] {
    const windowMs = this.config.SIGN_IN_WINDOW_MINUTES * 60_000;
    return [
      { key: accountAddressThrottleKey(email, ip), max: this.config.SIGN_IN_MAX_FAILURES_PER_ACCOUNT, windowMs },
      { key: addressThrottleKey(ip), max: this.config.SIGN_IN_MAX_FAILURES_PER_IP, windowMs },
      { key: accountThrottleKey(email), max: this.config.SIGN_IN_MAX_FAILURES_PER_ACCOUNT_ALL_ADDRESSES, windowMs },
    ];
  }

  async assertNotThrottled(rules: ThrottleRule[]): Promise<void> {
    const seconds = await blockedForSeconds(this.pool, rules, this.clock.now());
    if (seconds > 0) throw signInThrottled(seconds);
  }

  async recordFailure(rules: ThrottleRule[]): Promise<void> {
    await recordHit(this.pool, rules.map((r) => r.key), this.clock.now());
  }

  /**
   * After the right password: this address's failures on the account. The account's count from every address
   * stays, so a distributed guess is not handed a fresh allowance each time the owner signs in.
   */
  async clearAddressFailures(email: string, ip: string, db: Queryable = this.pool): Promise<void> {
    await clearKeys(db, [accountAddressThrottleKey(email, ip)]);
  }

  /** After a password reset (the owner's way in): every sign-in count of the account, from every address. */
  async clearAccountFailures(email: string, db: Queryable = this.pool): Promise<void> {
    await clearKeys(db, [accountThrottleKey(email)], [accountAddressPrefix(email)]);
  }
}

/** The 429 of a blocked sign-in: when to try again, and the way in that needs no waiting. */
export function signInThrottled(seconds: number): AppError {
  return new AppError('rate_limited', `Too many sign-in attempts. Try again in ${minutesText(seconds)}, or reset your password to sign in now.`, {
    retryAfterSeconds: seconds,
  });
}

const normal = (email: string) => email.trim().toLowerCase();

/** An account's failed sign-ins from every address (the distributed-guess ceiling). */
export function accountThrottleKey(email: string): string {
  return `signin:email:${normal(email)}`;
}

/**
 * The prefix of an account's per-address keys. A real address ends with its domain (no ':'), so no other account's
 * keys start with it; a made-up sign-in "email" might, and is cleared with it, which costs nothing.
 */
function accountAddressPrefix(email: string): string {
  return `${accountThrottleKey(email)}:ip:`;
}

/** An account's failed sign-ins from one client address. */
export function accountAddressThrottleKey(email: string, ip: string): string {
  return `${accountAddressPrefix(email)}${ip}`;
}

/** Failed sign-ins from one client address, whatever the account. */
export function addressThrottleKey(ip: string): string {
  return `signin:ip:${ip}`;
}

export function resetThrottleKey(email: string): string {
  return `reset:email:${normal(email)}`;
}

/** Mails telling an account's owner that someone tried to sign up with their address (issue 28). */
export function signUpNoticeThrottleKey(email: string): string {
  return `signup:email:${normal(email)}`;
}

/** Sign-ups from one client address. */
export function signUpAddressThrottleKey(ip: string): string {
  return `signup:ip:${ip}`;
}

/** Erasure: every throttle row whose key names the account's email. */
export async function deleteAccountThrottleRows(db: Queryable, email: string): Promise<void> {
  await clearKeys(db, [accountThrottleKey(email), resetThrottleKey(email), signUpNoticeThrottleKey(email)], [accountAddressPrefix(email)]);
}
