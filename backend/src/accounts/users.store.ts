import { Pool } from 'pg';
import { Queryable, withTransaction } from '../platform/database/database';
import { AppError } from '../platform/errors/app-error';
import { AggregateType } from '../platform/event-store/command-path';
import { EventStore } from '../platform/event-store/event-store';
import { EventMetadata, NewEvent } from '../platform/event-store/event-store.types';
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
}

const STATE_COLUMNS = 'id, is_admin, subscription_status, settings, timezone, updates_unread, erased_at';

function toState(row: UserStateRow): UserState {
  return {
    id: row.id,
    isAdmin: row.is_admin,
    subscriptionStatus: row.subscription_status,
    settings: { ...DEFAULT_SETTINGS, ...row.settings },
    timezone: row.timezone,
    updatesUnread: row.updates_unread,
    erased: row.erased_at !== null,
  };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Locks the user's row for the rest of the transaction: writers of one user run one after the other. */
export async function lockUser(db: Queryable, userId: string): Promise<UserState | null> {
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
    `update users set is_admin = $2, subscription_status = $3, settings = $4, timezone = $5, updates_unread = $6, updated_at = now()
      where id = $1`,
    [next.id, next.isAdmin, next.subscriptionStatus, JSON.stringify(next.settings), next.timezone, next.updatesUnread],
  );
}

/**
 * The user aggregate for the command path (platform/event-store/command-path.ts), keyed by user id: the
 * inline state is the `users` row, locked on load (as lockUser), and the stream's version read after the lock.
 * Every writer of a user stream locks that row first, so the version read under the lock is the one the append
 * finds. Not one joined statement: a `for update` that waited for the lock re-reads the locked row but keeps
 * the joined streams row of its snapshot, the version from before the other writer (a needless 409).
 * An erased user loads (decide says what that means for its command).
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

/**
 * Appends the user's events and writes the resulting inline state to `users` with the same client, so
 * both commit together (call it inside withTransaction, after lockUser). No events, no write.
 */
export async function recordUserEvents(
  store: EventStore,
  db: Queryable,
  state: UserState,
  events: NewEvent[],
  metadata: EventMetadata,
): Promise<UserState> {
  if (events.length === 0) return state;
  await store.append(userStreamId(state.id), USER_STREAM_TYPE, 'any', events, metadata, db);
  const next = events.reduce(evolve, state);
  await writeUserState(db, next);
  return next;
}

/**
 * The usual shape of a user command: lock, decide from the current state, record. `decide` may also
 * return a result for the caller; `extra` runs in the same transaction after the events are recorded.
 */
export async function changeUser<R = undefined>(
  pool: Pool,
  store: EventStore,
  userId: string,
  metadata: EventMetadata,
  decide: (state: UserState) => { events: NewEvent[]; result?: R },
  extra?: (db: Queryable, next: UserState) => Promise<void>,
): Promise<{ state: UserState; result: R | undefined }> {
  return withTransaction(pool, async (db) => {
    const state = await lockUser(db, userId);
    if (!state || state.erased) throw new AppError('not_found', 'This account does not exist.');
    const { events, result } = decide(state);
    const next = await recordUserEvents(store, db, state, events, metadata);
    if (extra) await extra(db, next);
    return { state: next, result };
  });
}
