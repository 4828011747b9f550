import { Inject, Logger } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { Clock, CLOCK } from '../../platform/clock';
import { AppConfig } from '../../platform/config/config';
import { APP_CONFIG, PG_POOL } from '../../platform/database/database.module';
import { resetThrottleKey } from '../auth/session.service';
import { Mailer } from '../mailer';
import { newToken, tokenHash } from '../sessions';
import { blockedForSeconds, recordHit } from '../throttle';
import { normalizeEmail } from '../users.store';

export const RESET_TOKEN_TTL_MS = 3_600_000;
/** at most this many reset mails per address per hour, so the form cannot be used to flood an inbox */
const RESET_MAILS_PER_HOUR = 5;

export const RESET_REQUESTED_MESSAGE = 'If an account exists for this email, we have sent it a link to choose a new password. The link works once, for one hour.';

/**
 * POST /api/auth/password_reset: mails a reset link if the account exists. The answer is the same, known
 * email or not, and the mail is sent after it, so its timing does not reveal whether the account exists either.
 */
export class RequestPasswordResetCommand extends Command<{ message: string }> {
  constructor(readonly input: { email: string }) {
    super();
  }
}

@CommandHandler(RequestPasswordResetCommand)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordResetCommand> {
  private readonly logger = new Logger('accounts');

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly mailer: Mailer,
  ) {}

  async execute({ input }: RequestPasswordResetCommand): Promise<{ message: string }> {
    const email = normalizeEmail(input.email);
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
}
