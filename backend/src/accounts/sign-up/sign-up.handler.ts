import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { withTransaction } from '../../platform/database/database';
import { PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import { executeCommand } from '../../platform/event-store/command-path';
import { EventStore } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import { SessionService, SignedIn } from '../auth/session.service';
import { assertAcceptablePassword, hashPassword } from '../passwords';
import { ProfileQuery } from '../profile/profile.query';
import { userAggregate } from '../users.store';
import { decideSignUp } from './sign-up.decide';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  /** the session the client already had, ended when the new one starts */
  replacingSessionId: string | null;
  metadata: EventMetadata;
}

/** POST /api/auth/sign_up: a new account, signed in. */
export class SignUpCommand extends Command<SignedIn> {
  constructor(readonly input: SignUpInput) {
    super();
  }
}

@CommandHandler(SignUpCommand)
export class SignUpHandler implements ICommandHandler<SignUpCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
    private readonly sessions: SessionService,
    private readonly profiles: ProfileQuery,
  ) {}

  async execute({ input }: SignUpCommand): Promise<SignedIn> {
    assertAcceptablePassword(input.password, 'password', { email: input.email, name: input.name });
    const passwordHash = await hashPassword(input.password);
    const userId = randomUUID();
    return withTransaction(this.pool, async (db) => {
      const inserted = await db.query(
        `insert into users (id, email, name, password_hash) values ($1, $2, $3, $4) on conflict do nothing`,
        [userId, input.email, input.name, passwordHash],
      );
      if (inserted.rowCount === 0) {
        throw new AppError('conflict', 'An account with this email already exists. Sign in, or reset your password if you forgot it.', {
          fields: [{ field: 'email', message: 'An account with this email already exists.' }],
        });
      }
      // The new row (its defaults are the initial state) is what the command path loads and locks; its stream does
      // not exist yet, so the registration appends at version 0, the stream's creation.
      await executeCommand({ db, store: this.store }, userAggregate, userId, decideSignUp, { metadata: { ...input.metadata, actorId: userId } });
      const sessionToken = await this.sessions.start(db, userId, input.replacingSessionId);
      return { profile: await this.profiles.get(userId, db), sessionToken };
    });
  }
}
