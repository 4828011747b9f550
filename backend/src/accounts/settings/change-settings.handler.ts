import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { PG_POOL } from '../../platform/database/database.module';
import { executeCommand } from '../../platform/event-store/command-path';
import { EventStore } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import { accountNotFound } from '../user.decide';
import { Settings } from '../user.events';
import { userAggregate } from '../users.store';
import { decideChangeSettings, SettingsPatch } from './change-settings.decide';

export interface ChangeSettingsInput {
  userId: string;
  patch: SettingsPatch;
  metadata: EventMetadata;
}

/** PATCH /api/users/settings: any subset of the settings; answers the whole new settings object. */
export class ChangeSettingsCommand extends Command<Settings> {
  constructor(readonly input: ChangeSettingsInput) {
    super();
  }
}

@CommandHandler(ChangeSettingsCommand)
export class ChangeSettingsHandler implements ICommandHandler<ChangeSettingsCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
  ) {}

  async execute({ input }: ChangeSettingsCommand): Promise<Settings> {
    const done = await executeCommand({ pool: this.pool, store: this.store }, userAggregate, input.userId, (state) => {
      const { events, settings } = decideChangeSettings(state, input.patch);
      return { events, result: settings };
    }, { metadata: input.metadata });
    if (!done) throw accountNotFound();
    return done.result;
  }
}
