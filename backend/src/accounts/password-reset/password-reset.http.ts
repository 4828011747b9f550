import { Body, Controller, HttpCode, Inject, Logger, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Pool } from 'pg';
import { z } from 'zod';
import { Clock, CLOCK } from '../../platform/clock';
import { AppConfig } from '../../platform/config/config';
import { withTransaction } from '../../platform/database/database';
import { APP_CONFIG, PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import { EventStore } from '../../platform/event-store/event-store';
import { metadataOf } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { Public } from '../auth/auth.decorators';
import { resetThrottleKey, SessionService } from '../auth/session.service';
import { Mailer } from '../mailer';
import { emailSchema } from '../sign-up/sign-up.http';
import { assertAcceptablePassword, hashPassword } from '../passwords';
import { ProfileQuery } from '../profile/profile.query';
import { newToken, tokenHash } from '../sessions';
import { blockedForSeconds, recordHit } from '../throttle';
import { PasswordChanged } from '../user.events';
import { lockUser, normalizeEmail, recordUserEvents } from '../users.store';

export const RESET_TOKEN_TTL_MS = 3_600_000;
/** at most this many reset mails per address per hour, so the form cannot be used to flood an inbox */
const RESET_MAILS_PER_HOUR = 5;

// A well-formed address (a typo like "" is the person's to fix: 400 naming `email`); known or not stays secret.
const requestBody = z.strictObject({ email: emailSchema });
const confirmBody = z.strictObject({ token: z.string().max(200), password: z.string().max(1024) });

export const RESET_REQUESTED_MESSAGE = 'If an account exists for this email, we have sent it a link to choose a new password. The link works once, for one hour.';
export const RESET_INVALID_MESSAGE = 'This password reset link is not valid or has already been used. Ask for a new one.';
export const RESET_EXPIRED_MESSAGE = 'This password reset link has expired (links work for one hour). Ask for a new one.';

@Controller('api/auth/password_reset')
export class PasswordResetHttp {
  private readonly logger = new Logger('accounts');

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly store: EventStore,
    private readonly mailer: Mailer,
    private readonly sessions: SessionService,
    private readonly profiles: ProfileQuery,
  ) {}

  /**
   * POST /api/auth/password_reset {email} → always 202 with the same message, known email or not. The mail
   * is sent after the answer, so the answer's timing does not reveal whether the account exists either.
   */
  @Public()
  @Post()
  @HttpCode(202)
  async request(@Body(new ZodPipe(requestBody)) body: z.infer<typeof requestBody>) {
    const email = normalizeEmail(body.email);
    const now = this.clock.now();
    const { rows } = await this.pool.query<{ id: string; email: string }>('select id, email from users where lower(email) = $1 and erased_at is null', [email]);
    const user = rows[0];
    if (user) {
      const rule = { key: resetThrottleKey(email), max: RESET_MAILS_PER_HOUR, windowMs: 3_600_000 };
      if ((await blockedForSeconds(this.pool, [rule], now)) === 0) {
        const token = newToken();
        await this.pool.query('insert into password_reset_tokens (token_hash, user_id, created_at, expires_at) values ($1, $2, $3, $4)', [
          tokenHash(token),
          user.id,
          now,
          new Date(now.getTime() + RESET_TOKEN_TTL_MS),
        ]);
        await recordHit(this.pool, [rule.key], now);
        const link = `${this.config.PUBLIC_URL.replace(/\/$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
        this.mailer
          .send({
            to: user.email,
            subject: 'Reset your Kioku password',
            text:
              `Someone (hopefully you) asked to reset the password of your Kioku account.\n\n` +
              `Open this link within one hour to choose a new password:\n${link}\n\n` +
              `The link works once. If you did not ask for it, ignore this mail: your password stays as it is.\n`,
          })
          .catch((error: Error) => this.logger.error(`Could not send a password reset mail: ${error.message}`));
      }
    }
    return { message: RESET_REQUESTED_MESSAGE };
  }

  /**
   * POST /api/auth/password_reset/confirm {token, password} → 200, the profile and a new session. The link
   * is used up, every other session and reset link of the account ends, and the sign-in throttle is cleared.
   */
  @Public()
  @Post('confirm')
  @HttpCode(200)
  async confirm(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body(new ZodPipe(confirmBody)) body: z.infer<typeof confirmBody>,
  ) {
    const now = this.clock.now();
    return withTransaction(this.pool, async (db) => {
      const { rows } = await db.query<{ user_id: string; expires_at: Date; used_at: Date | null }>(
        'select user_id, expires_at, used_at from password_reset_tokens where token_hash = $1 for update',
        [tokenHash(body.token)],
      );
      const row = rows[0];
      if (!row || row.used_at) throw new AppError('validation_failed', RESET_INVALID_MESSAGE, { fields: [{ field: 'token', message: RESET_INVALID_MESSAGE }] });
      if (row.expires_at.getTime() <= now.getTime()) {
        throw new AppError('validation_failed', RESET_EXPIRED_MESSAGE, { fields: [{ field: 'token', message: RESET_EXPIRED_MESSAGE }] });
      }
      const state = await lockUser(db, row.user_id);
      if (!state || state.erased) throw new AppError('validation_failed', RESET_INVALID_MESSAGE, { fields: [{ field: 'token', message: RESET_INVALID_MESSAGE }] });
      const { rows: accounts } = await db.query<{ email: string; name: string }>('select email, name from users where id = $1', [state.id]);
      // A refused password leaves the link usable: the transaction rolls back.
      assertAcceptablePassword(body.password, 'password', accounts[0]);
      const passwordHash = await hashPassword(body.password);
      await db.query('update password_reset_tokens set used_at = $2 where user_id = $1 and used_at is null', [state.id, now]);
      await db.query('update users set password_hash = $2 where id = $1', [state.id, passwordHash]);
      await db.query('delete from sessions where user_id = $1', [state.id]);
      await recordUserEvents(this.store, db, state, [PasswordChanged({ userId: state.id, via: 'reset' })], metadataOf(request, { actorId: state.id }));
      await this.sessions.clearAccountFailures(accounts[0].email, db);
      await this.sessions.start(db, request, reply, state.id);
      return this.profiles.get(state.id, db);
    });
  }
}
