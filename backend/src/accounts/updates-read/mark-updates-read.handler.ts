import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { PG_POOL } from '../../platform/database/database.module';
import { EventStore } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import { UpdatesRead } from '../user.events';
import { changeUser } from '../users.store';

/** POST /api/users/updates_read: the What's new badge is cleared. */
export class MarkUpdatesReadCommand extends Command<{ updates_unread: 0 }> {
  constructor(readonly input: { userId: string; metadata: EventMetadata }) {
    super();
  }
}

@CommandHandler(MarkUpdatesReadCommand)
export class MarkUpdatesReadHandler implements ICommandHandler<MarkUpdatesReadCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
  ) {}

  async execute({ input }: MarkUpdatesReadCommand): Promise<{ updates_unread: 0 }> {
    await changeUser(this.pool, this.store, input.userId, input.metadata, (state) => ({
      events: state.updatesUnread === 0 ? [] : [UpdatesRead({ userId: state.id })],
    }));
    return { updates_unread: 0 };
  }
}
