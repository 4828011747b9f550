import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { PG_POOL } from '../../platform/database/database.module';
import { executeCommand } from '../../platform/event-store/command-path';
import { EventStore } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import { accountNotFound } from '../user.decide';
import { userAggregate } from '../users.store';
import { Profile, ProfileQuery } from './profile.query';
import { decideRenameProfile } from './rename-profile.decide';

export interface RenameProfileInput {
  userId: string;
  name: string;
  metadata: EventMetadata;
}

/** PATCH /api/users/profile: the new name goes to the users table; the event only says that it changed. */
export class RenameProfileCommand extends Command<Profile> {
  constructor(readonly input: RenameProfileInput) {
    super();
  }
}

@CommandHandler(RenameProfileCommand)
export class RenameProfileHandler implements ICommandHandler<RenameProfileCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
    private readonly profiles: ProfileQuery,
  ) {}

  async execute({ input }: RenameProfileCommand) {
    const done = await executeCommand({ pool: this.pool, store: this.store }, userAggregate, input.userId, (state) => decideRenameProfile(state, input.name), {
      metadata: input.metadata,
      inline: async (db, after, _appended, name) => void (await db.query('update users set name = $2 where id = $1', [after.id, name])),
    });
    if (!done) throw accountNotFound();
    return this.profiles.get(input.userId);
  }
}
