import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { PG_POOL } from '../../platform/database/database.module';
import { executeCommand } from '../../platform/event-store/command-path';
import { EventStore } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import { accountNotFound } from '../user.decide';
import { userAggregate } from '../users.store';
import { decideMarkUpdatesRead } from './mark-updates-read.decide';

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
    const done = await executeCommand({ pool: this.pool, store: this.store }, userAggregate, input.userId, decideMarkUpdatesRead, { metadata: input.metadata });
    if (!done) throw accountNotFound();
    return { updates_unread: 0 };
  }
}
