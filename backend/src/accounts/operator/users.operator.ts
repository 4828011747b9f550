import { Pool } from 'pg';
import { AppError } from '../../platform/errors/app-error';
import { executeCommand } from '../../platform/event-store/command-path';
import { EventStore } from '../../platform/event-store/event-store';
import { EventMetadata, NewEvent } from '../../platform/event-store/event-store.types';
import { decideAdminRole } from '../roles/change-role.decide';
import { decideSubscription } from '../subscription/change-subscription.decide';
import { accountNotFound, assertNotErased } from '../user.decide';
import { UserState } from '../user.state';
import { findUserIdByEmail, userAggregate } from '../users.store';

// Operator commands (npm run cli -- users:grant-admin <email>, users:set-subscription <email> active|inactive).
// Plain functions over a pool so the CLI can call them without an HTTP app. Recorded with actor "operator".

export interface OperatorResult {
  userId: string;
  /** false when the account was already in the asked state (nothing recorded) */
  changed: boolean;
}

const OPERATOR: EventMetadata = { actorId: null, actor: 'operator' };

async function userIdOf(pool: Pool, email: string): Promise<string> {
  const id = await findUserIdByEmail(pool, email);
  if (!id) throw new AppError('not_found', `No account has the email ${email.trim()}.`);
  return id;
}

async function run(pool: Pool, email: string, decide: (state: UserState) => NewEvent[]): Promise<OperatorResult> {
  const userId = await userIdOf(pool, email);
  const store = new EventStore(pool);
  const done = await executeCommand(
    { pool, store },
    userAggregate,
    userId,
    (state) => {
      assertNotErased(state);
      return decide(state);
    },
    { metadata: { ...OPERATOR, correlationId: `operator-${Date.now()}` } },
  );
  if (!done) throw accountNotFound();
  return { userId, changed: done.events.length > 0 };
}

export function grantAdmin(pool: Pool, email: string): Promise<OperatorResult> {
  return run(pool, email, (state) => decideAdminRole(state, true, null));
}

export function revokeAdmin(pool: Pool, email: string): Promise<OperatorResult> {
  return run(pool, email, (state) => decideAdminRole(state, false, null));
}

export function setSubscription(pool: Pool, email: string, status: 'active' | 'inactive'): Promise<OperatorResult> {
  if (status !== 'active' && status !== 'inactive') {
    throw new AppError('validation_failed', `Unknown subscription status "${String(status)}". Use active or inactive.`);
  }
  return run(pool, email, (state) => decideSubscription(state, status, 'operator'));
}
