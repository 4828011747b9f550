import { Pool } from 'pg';
import { AppError } from '../../platform/errors/app-error';
import { SessionService } from '../auth/session.service';
import { verifyPassword } from '../passwords';
import { accountNotFound } from '../user.decide';

/**
 * Re-checks the signed-in user's password before a sensitive change (new password, erasure). Failures count
 * toward the same per-account and per-address throttle as sign-in, so a stolen session cannot brute-force it.
 */
export async function checkOwnPassword(
  pool: Pool,
  sessions: SessionService,
  ip: string,
  userId: string,
  password: string,
  field: string,
): Promise<{ email: string; name: string }> {
  const { rows } = await pool.query<{ email: string; name: string; password_hash: string | null }>(
    'select email, name, password_hash from users where id = $1 and erased_at is null',
    [userId],
  );
  const account = rows[0];
  if (!account) throw accountNotFound();
  const rules = sessions.signInRules(account.email, ip);
  await sessions.assertNotThrottled(rules);
  if (!(await verifyPassword(account.password_hash, password))) {
    await sessions.recordFailure(rules);
    throw new AppError('validation_failed', 'The password is not correct.', { fields: [{ field, message: 'The password is not correct.' }] });
  }
  return { email: account.email, name: account.name };
}
