import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { PG_POOL } from '../../platform/database/database.module';
import { executeCommand } from '../../platform/event-store/command-path';
import { EventStore } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import { accountNotFound } from '../user.decide';
import { userAggregate } from '../users.store';
import { decideSetTimeZone } from './set-time-zone.decide';

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
    const done = await executeCommand({ pool: this.pool, store: this.store }, userAggregate, input.userId, (state) => decideSetTimeZone(state, input.timezone), {
      metadata: input.metadata,
    });
    if (!done) throw accountNotFound();
    return { timezone: done.result };
  }
}
