import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import { EventStore } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import { TimeZoneSet } from '../user.events';
import { changeUser } from '../users.store';

/** The canonical IANA name of a time zone (Intl knows them all), or null when there is no such zone. */
export function canonicalTimeZone(name: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const UNKNOWN_TIME_ZONE = 'Unknown time zone. Use an IANA name such as Europe/Berlin or Asia/Tokyo.';

export interface SetTimeZoneInput {
  userId: string;
  /** an IANA name in any case ("europe/berlin"); recorded in its canonical spelling */
  timezone: string;
  metadata: EventMetadata;
}

/** POST /api/users/timezone: the user's time zone; answers its canonical IANA name. */
export class SetTimeZoneCommand extends Command<{ timezone: string }> {
  constructor(readonly input: SetTimeZoneInput) {
    super();
  }
}

@CommandHandler(SetTimeZoneCommand)
export class SetTimeZoneHandler implements ICommandHandler<SetTimeZoneCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
  ) {}

  async execute({ input }: SetTimeZoneCommand) {
    const timezone = canonicalTimeZone(input.timezone);
    // The HTTP body schema refuses unknown zones already; this guards any other caller.
    if (timezone === null) throw new AppError('validation_failed', UNKNOWN_TIME_ZONE, { fields: [{ field: 'timezone', message: UNKNOWN_TIME_ZONE }] });
    await changeUser(this.pool, this.store, input.userId, input.metadata, (state) => ({
      events: state.timezone === timezone ? [] : [TimeZoneSet({ userId: state.id, timezone })],
    }));
    return { timezone };
  }
}
