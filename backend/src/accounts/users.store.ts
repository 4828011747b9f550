import { Queryable } from '../platform/database/database';
import { AggregateType } from '../platform/event-store/command-path';
import { DEFAULT_SETTINGS, Settings, SubscriptionStatus, USER_STREAM_TYPE, userStreamId } from './user.events';
import { evolve, initialUserState, UserState } from './user.state';

interface UserStateRow {
  id: string;
  is_admin: boolean;
  subscription_status: SubscriptionStatus;
  settings: Settings;
  timezone: string;
  updates_unread: number;
  erased_at: Date | null;
  vacation_started_at: Date | null;
  /** read as text ('YYYY-MM-DD'): a date is a calendar day, not an instant */
  vacation_returns_on: string | null;
}

const STATE_COLUMNS = 'id, is_admin, subscription_status, settings, timezone, updates_unread, erased_at, vacation_started_at, vacation_returns_on::text as vacation_returns_on';

function toState(row: UserStateRow): UserState {
  return {
    id: row.id,
    isAdmin: row.is_admin,
    subscriptionStatus: row.subscription_status,
    settings: { ...DEFAULT_SETTINGS, ...row.settings },
    timezone: row.timezone,
    updatesUnread: row.updates_unread,
    erased: row.erased_at !== null,
    vacation: row.vacation_started_at ? { startedAt: row.vacation_started_at.toISOString(), returnsOn: row.vacation_returns_on } : null,
  };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Locks the user's row for the rest of the transaction: writers of one user run one after the other. */
async function lockUser(db: Queryable, userId: string): Promise<UserState | null> {
  const { rows } = await db.query<UserStateRow>(`select ${STATE_COLUMNS} from users where id = $1 for update`, [userId]);
  return rows.length ? toState(rows[0]) : null;
}

export async function readUserState(db: Queryable, userId: string): Promise<UserState | null> {
  const { rows } = await db.query<UserStateRow>(`select ${STATE_COLUMNS} from users where id = $1`, [userId]);
  return rows.length ? toState(rows[0]) : null;
}

export async function findUserIdByEmail(db: Queryable, email: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>('select id from users where lower(email) = $1', [normalizeEmail(email)]);
  return rows[0]?.id ?? null;
}

async function writeUserState(db: Queryable, next: UserState): Promise<void> {
  await db.query(
    `update users set is_admin = $2, subscription_status = $3, settings = $4, timezone = $5, updates_unread = $6,
            vacation_started_at = $7, vacation_returns_on = $8::date, updated_at = now()
      where id = $1`,
    [next.id, next.isAdmin, next.subscriptionStatus, JSON.stringify(next.settings), next.timezone, next.updatesUnread, next.vacation?.startedAt ?? null, next.vacation?.returnsOn ?? null],
  );
}

/**
 * The user aggregate for the command path (platform/event-store/command-path.ts), keyed by user id: the
 * inline state is the `users` row, locked on load, and the stream's version read after the lock. Every write
 * to a user stream goes through it (accounts' commands, the operator, billing), so the version read under the
 * lock is the one the append finds. Not one joined statement: a `for update` that waited for the lock re-reads
 * the locked row but keeps the joined streams row of its snapshot, the version from before the other writer (a
 * needless 409). A new account's row comes first (sign-up inserts it, with the unique email): its stream does
 * not exist yet, so it loads at version 0 and its first append creates the stream. An erased user loads
 * (decide says what that means for its command).
 */
export const userAggregate: AggregateType<UserState> = {
  streamType: USER_STREAM_TYPE,
  streamId: userStreamId,
  initial: initialUserState,
  evolve,
  async load(db, userId) {
    const state = await lockUser(db, userId);
    if (!state) return null;
    const { rows } = await db.query<{ version: string }>('select version from streams where stream_id = $1', [userStreamId(userId)]);
    return { state, version: rows.length ? Number(rows[0].version) : 0 };
  },
  save: (db, after) => writeUserState(db, after),
};
