import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import { executeCommand } from '../../platform/event-store/command-path';
import { EventStore } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import { SessionService } from '../auth/session.service';
import { assertAcceptablePassword, hashPassword } from '../passwords';
import { accountNotFound } from '../user.decide';
import { userAggregate } from '../users.store';
import { decideChangePassword } from './change-password.decide';
import { checkOwnPassword } from './check-own-password';

export interface ChangePasswordInput {
  userId: string;
  /** the session asking: it stays signed in, every other session of the account ends */
  sessionId: string;
  /** the client's address, for the sign-in throttle the password check counts toward */
  ip: string;
  currentPassword: string;
  newPassword: string;
  metadata: EventMetadata;
}

/** POST /api/users/password: a new password, after checking the current one. */
export class ChangePasswordCommand extends Command<{ changed: true }> {
  constructor(readonly input: ChangePasswordInput) {
    super();
  }
}

@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
    private readonly sessions: SessionService,
  ) {}

  async execute({ input }: ChangePasswordCommand): Promise<{ changed: true }> {
    const account = await checkOwnPassword(this.pool, this.sessions, input.ip, input.userId, input.currentPassword, 'current_password');
    if (input.newPassword === input.currentPassword) {
      throw new AppError('validation_failed', 'The new password is the same as the current one.', {
        fields: [{ field: 'new_password', message: 'Choose a password different from the current one.' }],
      });
    }
    assertAcceptablePassword(input.newPassword, 'new_password', account);
    const passwordHash = await hashPassword(input.newPassword);
    const done = await executeCommand({ pool: this.pool, store: this.store }, userAggregate, input.userId, decideChangePassword, {
      metadata: input.metadata,
      inline: async (db) => {
        await db.query('update users set password_hash = $2 where id = $1', [input.userId, passwordHash]);
        await db.query('delete from sessions where user_id = $1 and id <> $2', [input.userId, input.sessionId]);
        await db.query('update password_reset_tokens set used_at = now() where user_id = $1 and used_at is null', [input.userId]);
      },
    });
    if (!done) throw accountNotFound();
    return { changed: true };
  }
}
