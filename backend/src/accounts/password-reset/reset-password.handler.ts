import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { Clock, CLOCK } from '../../platform/clock';
import { withTransaction } from '../../platform/database/database';
import { PG_POOL } from '../../platform/database/database.module';
import { executeCommand } from '../../platform/event-store/command-path';
import { EventStore } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import { SessionService, SignedIn } from '../auth/session.service';
import { assertAcceptablePassword, hashPassword } from '../passwords';
import { ProfileQuery } from '../profile/profile.query';
import { tokenHash } from '../sessions';
import { userAggregate } from '../users.store';
import { assertResetLinkUsable, decideResetPassword, invalidResetLink, ResetLink } from './reset-password.decide';

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
      const { rows } = await db.query<ResetLink & { userId: string }>(
        'select user_id as "userId", expires_at as "expiresAt", used_at as "usedAt" from password_reset_tokens where token_hash = $1 for update',
        [tokenHash(input.token)],
      );
      const link = rows[0];
      assertResetLinkUsable(link, now);
      const { userId } = link;
      // The password rules need the account's email and name, and hashing is slow: both before the command,
      // whose decide checks the erasure again under the account's lock.
      const { rows: accounts } = await db.query<{ email: string; name: string }>('select email, name from users where id = $1 and erased_at is null', [userId]);
      const account = accounts[0];
      if (!account) throw invalidResetLink();
      // A refused password leaves the link usable: the transaction rolls back.
      assertAcceptablePassword(input.password, 'password', account);
      const passwordHash = await hashPassword(input.password);
      await executeCommand({ db, store: this.store, clock: this.clock }, userAggregate, userId, decideResetPassword, {
        metadata: { ...input.metadata, actorId: userId },
        inline: async (tx) => {
          await tx.query('update password_reset_tokens set used_at = $2 where user_id = $1 and used_at is null', [userId, now]);
          await tx.query('update users set password_hash = $2 where id = $1', [userId, passwordHash]);
          await tx.query('delete from sessions where user_id = $1', [userId]);
        },
      });
      await this.sessions.clearAccountFailures(account.email, db);
      const sessionToken = await this.sessions.start(db, userId, input.replacingSessionId);
      return { profile: await this.profiles.get(userId, db), sessionToken };
    });
  }
}
