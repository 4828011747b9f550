import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { withTransaction } from '../../platform/database/database';
import { PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import { SessionService, SignedIn } from '../auth/session.service';
import { verifyPassword } from '../passwords';
import { ProfileQuery } from '../profile/profile.query';
import { normalizeEmail } from '../users.store';

export const WRONG_CREDENTIALS = 'The email or password is incorrect.';

export interface SignInInput {
  email: string;
  password: string;
  /** the client's address, for the per-address throttle */
  ip: string;
  /** the session the client already had, ended when the new one starts */
  replacingSessionId: string | null;
}

/**
 * POST /api/auth/sign_in: a new session for the account. Unknown email and wrong password fail the same way
 * after the same amount of work, so nobody can probe which emails have accounts. Failures are throttled per
 * (account, address), per address and per account (SessionService.signInRules); a blocked owner can always reset.
 */
export class SignInCommand extends Command<SignedIn> {
  constructor(readonly input: SignInInput) {
    super();
  }
}

@CommandHandler(SignInCommand)
export class SignInHandler implements ICommandHandler<SignInCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly sessions: SessionService,
    private readonly profiles: ProfileQuery,
  ) {}

  async execute({ input }: SignInCommand): Promise<SignedIn> {
    const email = normalizeEmail(input.email);
    const rules = this.sessions.signInRules(email, input.ip);
    await this.sessions.assertNotThrottled(rules);
    const { rows } = await this.pool.query<{ id: string; password_hash: string | null }>(
      'select id, password_hash from users where lower(email) = $1 and erased_at is null',
      [email],
    );
    const user = rows[0];
    const ok = await verifyPassword(user?.password_hash ?? null, input.password);
    if (!user || !ok) {
      await this.sessions.recordFailure(rules);
      throw new AppError('unauthenticated', WRONG_CREDENTIALS, { fields: [{ field: 'password', message: WRONG_CREDENTIALS }] });
    }
    return withTransaction(this.pool, async (db) => {
      await this.sessions.clearAddressFailures(email, input.ip, db);
      const sessionToken = await this.sessions.start(db, user.id, input.replacingSessionId);
      return { profile: await this.profiles.get(user.id, db), sessionToken };
    });
  }
}
