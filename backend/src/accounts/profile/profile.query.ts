import { Inject, Injectable, Optional } from '@nestjs/common';
import { Pool } from 'pg';
import { Queryable } from '../../platform/database/database';
import { PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import { defaultLevelReader, LEVEL_READER, LevelReader, Levels } from '../level-reader';
import { DEFAULT_SETTINGS, Settings, SubscriptionStatus } from '../user.events';
import { PAYMENTS_AVAILABILITY, PaymentsAvailability } from './payments-availability';

export interface Profile {
  id: string;
  name: string;
  email: string;
  level: Levels;
  subscription_status: SubscriptionStatus;
  settings: Settings;
  is_admin: boolean;
  updates_unread: number;
  timezone: string;
  /** false when this server cannot sell a subscription (payments not configured): the app hides Subscribe. */
  payments_available: boolean;
  /** the vacation under way, null when there is none */
  vacation: { started_at: string; returns_on: string | null } | null;
}

/** GetProfile: what GET /api/users/profile answers, also the body of sign-up, sign-in and reset answers. */
@Injectable()
export class ProfileQuery {
  private readonly levels: LevelReader;
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Optional() @Inject(LEVEL_READER) levels?: LevelReader,
    @Optional() @Inject(PAYMENTS_AVAILABILITY) private readonly payments?: PaymentsAvailability,
  ) {
    this.levels = levels ?? defaultLevelReader;
  }

  async get(userId: string, db: Queryable = this.pool): Promise<Profile> {
    const { rows } = await db.query(
      `select id, name, email, subscription_status, settings, is_admin, updates_unread, timezone, vacation_started_at, vacation_returns_on::text as vacation_returns_on
         from users where id = $1 and erased_at is null`,
      [userId],
    );
    const row = rows[0];
    if (!row) throw new AppError('not_found', 'This account does not exist.');
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      // On the caller's connection: sign-up, sign-in and reset read the profile inside their transaction, and a
      // second connection taken while holding the first deadlocks the pool under a burst (issue 28).
      level: await this.levels.levelsOf(userId, db),
      subscription_status: row.subscription_status,
      settings: { ...DEFAULT_SETTINGS, ...row.settings },
      is_admin: row.is_admin,
      updates_unread: row.updates_unread,
      timezone: row.timezone,
      payments_available: this.payments?.paymentsAvailable ?? false,
      vacation: row.vacation_started_at ? { started_at: row.vacation_started_at.toISOString(), returns_on: row.vacation_returns_on } : null,
    };
  }
}
