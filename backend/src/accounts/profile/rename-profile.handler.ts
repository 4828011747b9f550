import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { PG_POOL } from '../../platform/database/database.module';
import { EventStore } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import { ProfileRenamed } from '../user.events';
import { changeUser } from '../users.store';
import { Profile, ProfileQuery } from './profile.query';

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
    await changeUser(
      this.pool,
      this.store,
      input.userId,
      input.metadata,
      (state) => ({ events: [ProfileRenamed({ userId: state.id })] }),
      async (db) => void (await db.query('update users set name = $2 where id = $1', [input.userId, input.name])),
    );
    return this.profiles.get(input.userId);
  }
}
