import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { PG_POOL } from '../../platform/database/database.module';
import { executeCommand } from '../../platform/event-store/command-path';
import { EventStore } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import { deleteAccountThrottleRows, SessionService } from '../auth/session.service';
import { checkOwnPassword } from '../password-change/check-own-password';
import { accountNotFound } from '../user.decide';
import { userAggregate } from '../users.store';
import { decideEraseAccount } from './erase-account.decide';
import { AccountErasureHooks } from './erasure-hooks';

export interface EraseAccountInput {
  userId: string;
  password: string;
  /** the client's address, for the sign-in throttle the password check counts toward */
  ip: string;
  metadata: EventMetadata;
}

/**
 * DELETE /api/users/me: erases the personal data (email, name, password hash) and everything keyed by it
 * (sessions, reset links, throttle rows of the email). The event history stays, made of ids only, so
 * projections and audits keep working without knowing who it was.
 */
export class EraseAccountCommand extends Command<{ erased: true }> {
  constructor(readonly input: EraseAccountInput) {
    super();
  }
}

@CommandHandler(EraseAccountCommand)
export class EraseAccountHandler implements ICommandHandler<EraseAccountCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
    private readonly sessions: SessionService,
    private readonly hooks: AccountErasureHooks,
  ) {}

  async execute({ input }: EraseAccountCommand): Promise<{ erased: true }> {
    const { email } = await checkOwnPassword(this.pool, this.sessions, input.ip, input.userId, input.password, 'password');
    await this.hooks.runBeforeErase(input.userId);
    const done = await executeCommand({ pool: this.pool, store: this.store }, userAggregate, input.userId, decideEraseAccount, {
      metadata: input.metadata,
      inline: async (db, after) => {
        await db.query(
          `update users set email = null, name = null, password_hash = null, erased_at = now(), updated_at = now() where id = $1`,
          [after.id],
        );
        await db.query('delete from sessions where user_id = $1', [after.id]);
        await db.query('delete from password_reset_tokens where user_id = $1', [after.id]);
        await deleteAccountThrottleRows(db, email);
      },
    });
    if (!done) throw accountNotFound();
    return { erased: true };
  }
}
