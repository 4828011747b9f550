import { Inject, Logger } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { Clock, CLOCK } from '../../platform/clock';
import { AppConfig } from '../../platform/config/config';
import { withTransaction } from '../../platform/database/database';
import { APP_CONFIG, PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import { executeCommand } from '../../platform/event-store/command-path';
import { EventStore } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import { SessionService, SignedIn, signUpAddressThrottleKey, signUpNoticeThrottleKey } from '../auth/session.service';
import { Mailer } from '../mailer';
import { assertAcceptablePassword, hashPassword } from '../passwords';
import { ProfileQuery } from '../profile/profile.query';
import { blockedForSeconds, minutesText, recordHit, ThrottleRule } from '../throttle';
import { normalizeEmail, userAggregate } from '../users.store';
import { decideSignUp } from './sign-up.decide';

/** The answer to a sign-up with an address that already has an account: the words do not say that it has one. */
export const SIGN_UP_CHECK_EMAIL_MESSAGE =
  'Check your email: we have sent a message to this address. If you already have a Kioku account, sign in, or reset your password if you forgot it.';
/** at most this many "someone tried to sign up with your address" mails per address per hour (no inbox flooding) */
const NOTICE_MAILS_PER_HOUR = 5;

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  /** the client's address, for the per-address sign-up throttle */
  ip: string;
  /** the session the client already had, ended when the new one starts */
  replacingSessionId: string | null;
  metadata: EventMetadata;
}

/**
 * A new account, signed in; or, for an address that already has one, the same words the password reset answers with
 * ("check your email") while its owner is mailed how to sign in (issue 28: the form never says "this email has an
 * account"). docs/decisions.md, "Sign-up and account enumeration (issue 28)".
 */
export type SignUpResult = ({ outcome: 'signed-up' } & SignedIn) | { outcome: 'check-email'; message: string };

/** POST /api/auth/sign_up: a new account, signed in (or "check your email", see SignUpResult). */
export class SignUpCommand extends Command<SignUpResult> {
  constructor(readonly input: SignUpInput) {
    super();
  }
}

@CommandHandler(SignUpCommand)
export class SignUpHandler implements ICommandHandler<SignUpCommand> {
  private readonly logger = new Logger('accounts');

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly store: EventStore,
    private readonly sessions: SessionService,
    private readonly profiles: ProfileQuery,
    private readonly mailer: Mailer,
  ) {}

  async execute({ input }: SignUpCommand): Promise<SignUpResult> {
    const now = this.clock.now();
    // Throttled per address before the argon2 hash, the expensive part; only attempts that get that far count.
    const rule: ThrottleRule = { key: signUpAddressThrottleKey(input.ip), max: this.config.SIGN_UP_MAX_PER_IP, windowMs: this.config.SIGN_IN_WINDOW_MINUTES * 60_000 };
    const wait = await blockedForSeconds(this.pool, [rule], now);
    if (wait > 0) {
      throw new AppError('rate_limited', `Too many accounts were created from this network recently. Try again in ${minutesText(wait)}.`, { retryAfterSeconds: wait });
    }
    assertAcceptablePassword(input.password, 'password', { email: input.email, name: input.name });
    await recordHit(this.pool, [rule.key], now);
    // Hashed whether or not the address is taken, so both answers take about as long.
    const passwordHash = await hashPassword(input.password);
    const userId = randomUUID();
    const signedIn = await withTransaction(this.pool, async (db): Promise<SignedIn | null> => {
      const inserted = await db.query(
        `insert into users (id, email, name, password_hash) values ($1, $2, $3, $4) on conflict do nothing`,
        [userId, input.email, input.name, passwordHash],
      );
      if (inserted.rowCount === 0) return null;
      // The new row (its defaults are the initial state) is what the command path loads and locks; its stream does
      // not exist yet, so the registration appends at version 0, the stream's creation.
      await executeCommand({ db, store: this.store }, userAggregate, userId, decideSignUp, { metadata: { ...input.metadata, actorId: userId } });
      const sessionToken = await this.sessions.start(db, userId, input.replacingSessionId);
      return { profile: await this.profiles.get(userId, db), sessionToken };
    });
    if (signedIn) return { outcome: 'signed-up', ...signedIn };
    await this.tellOwner(normalizeEmail(input.email), now);
    return { outcome: 'check-email', message: SIGN_UP_CHECK_EMAIL_MESSAGE };
  }

  /** The owner of the taken address learns of the attempt and how to get in; the mail goes after the answer. */
  private async tellOwner(email: string, now: Date): Promise<void> {
    const { rows } = await this.pool.query<{ email: string }>('select email from users where lower(email) = $1 and erased_at is null', [email]);
    const owner = rows[0];
    if (!owner) return;
    const rule: ThrottleRule = { key: signUpNoticeThrottleKey(email), max: NOTICE_MAILS_PER_HOUR, windowMs: 3_600_000 };
    if ((await blockedForSeconds(this.pool, [rule], now)) > 0) return;
    await recordHit(this.pool, [rule.key], now);
    const site = this.config.PUBLIC_URL.replace(/\/$/, '');
    this.mailer
      .send({
        to: owner.email,
        subject: 'Someone tried to sign up to Kioku with your address',
        text:
          `Someone (perhaps you) tried to create a Kioku account with this email address, which already has one.\n\n` +
          `If it was you, sign in: ${site}/sign-in\n` +
          `Forgot your password? Choose a new one: ${site}/forgot-password\n\n` +
          `If it was not you, ignore this mail: nothing has changed, and nobody can sign up with your address.\n`,
      })
      .catch((error: Error) => this.logger.error(`Could not send a sign-up notice mail: ${error.message}`));
  }
}
