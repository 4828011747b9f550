import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { Clock, CLOCK } from '../../platform/clock';
import { withTransaction } from '../../platform/database/database';
import { PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import { EventStore } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import { SessionService, SignedIn } from '../auth/session.service';
import { assertAcceptablePassword, hashPassword } from '../passwords';
import { ProfileQuery } from '../profile/profile.query';
import { tokenHash } from '../sessions';
import { PasswordChanged } from '../user.events';
import { lockUser, recordUserEvents } from '../users.store';

export const RESET_INVALID_MESSAGE = 'This password reset link is not valid or has already been used. Ask for a new one.';
export const RESET_EXPIRED_MESSAGE = 'This password reset link has expired (links work for one hour). Ask for a new one.';

export interface ResetPasswordInput {
  /** the token of the mailed link */
  token: string;
  password: string;
  /** the session the client already had, ended when the new one starts */
  replacingSessionId: string | null;
  metadata: EventMetadata;
}

/**
 * POST /api/auth/password_reset/confirm: the new password of the link's account, signed in. The link is used
 * up, every other session and reset link of the account ends, and the sign-in throttle is cleared.
 */
export class ResetPasswordCommand extends Command<SignedIn> {
  constructor(readonly input: ResetPasswordInput) {
    super();
  }
}

@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly store: EventStore,
    private readonly sessions: SessionService,
    private readonly profiles: ProfileQuery,
  ) {}

  async execute({ input }: ResetPasswordCommand): Promise<SignedIn> {
    const now = this.clock.now();
    return withTransaction(this.pool, async (db) => {
      const { rows } = await db.query<{ user_id: string; expires_at: Date; used_at: Date | null }>(
        'select user_id, expires_at, used_at from password_reset_tokens where token_hash = $1 for update',
        [tokenHash(input.token)],
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
      assertAcceptablePassword(input.password, 'password', accounts[0]);
      const passwordHash = await hashPassword(input.password);
      await db.query('update password_reset_tokens set used_at = $2 where user_id = $1 and used_at is null', [state.id, now]);
      await db.query('update users set password_hash = $2 where id = $1', [state.id, passwordHash]);
      await db.query('delete from sessions where user_id = $1', [state.id]);
      await recordUserEvents(this.store, db, state, [PasswordChanged({ userId: state.id, via: 'reset' })], { ...input.metadata, actorId: state.id });
      await this.sessions.clearAccountFailures(accounts[0].email, db);
      const sessionToken = await this.sessions.start(db, state.id, input.replacingSessionId);
      return { profile: await this.profiles.get(state.id, db), sessionToken };
    });
  }
}
