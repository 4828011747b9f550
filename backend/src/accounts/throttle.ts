import { Queryable } from '../platform/database/database';

/**
 * Counting throttle over the auth_throttle table, so every API process sees the same counts. A key is
 * blocked while it has `max` or more rows inside the window; it opens again when enough of them age out.
 */
export interface ThrottleRule {
  key: string;
  max: number;
  windowMs: number;
}

/** Seconds until every given key is below its limit again; 0 when none is blocked. */
export async function blockedForSeconds(db: Queryable, rules: ThrottleRule[], now: Date): Promise<number> {
  let wait = 0;
  for (const rule of rules) {
    const since = new Date(now.getTime() - rule.windowMs);
    // The (count - max + 1)-th newest-from-oldest row is the one whose expiry brings the count below max.
    const { rows } = await db.query<{ occurred_at: Date; total: string }>(
      `select occurred_at, count(*) over () as total from auth_throttle
        where key = $1 and occurred_at > $2 order by occurred_at asc`,
      [rule.key, since],
    );
    const total = rows.length ? Number(rows[0].total) : 0;
    if (total < rule.max) continue;
    const freeing = rows[total - rule.max];
    const seconds = Math.ceil((freeing.occurred_at.getTime() + rule.windowMs - now.getTime()) / 1000);
    wait = Math.max(wait, seconds, 1);
  }
  return wait;
}

export async function recordHit(db: Queryable, keys: string[], now: Date): Promise<void> {
  await db.query('insert into auth_throttle (key, occurred_at) select unnest($1::text[]), $2', [keys, now]);
  // Cheap, occasional pruning keeps the table at about one window of rows.
  if (Math.random() < 0.02) await db.query(`delete from auth_throttle where occurred_at < $1`, [new Date(now.getTime() - 86_400_000)]);
}

/** Deletes the given keys, and every key that starts with one of `prefixes` (starts_with: an email's '_' is no wildcard). */
export async function clearKeys(db: Queryable, keys: string[], prefixes: string[] = []): Promise<void> {
  await db.query('delete from auth_throttle where key = any($1::text[]) or exists (select 1 from unnest($2::text[]) p where starts_with(key, p))', [keys, prefixes]);
}

export function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
