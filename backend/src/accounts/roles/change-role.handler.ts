import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { PG_POOL } from '../../platform/database/database.module';
import { executeCommand } from '../../platform/event-store/command-path';
import { EventStore } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import { accountNotFound } from '../user.decide';
import { userAggregate } from '../users.store';
import { decideAdminRole } from './change-role.decide';

export interface ChangeRoleInput {
  userId: string;
  /** true grants the admin role, false revokes it */
  admin: boolean;
  /** the admin asking (an admin cannot revoke their own role) */
  actorId: string;
  metadata: EventMetadata;
}

/** POST (grant) or DELETE (revoke) /api/admin/users/:id/admin: the user's admin role; answers {id, is_admin}. */
export class ChangeRoleCommand extends Command<{ id: string; is_admin: boolean }> {
  constructor(readonly input: ChangeRoleInput) {
    super();
  }
}

@CommandHandler(ChangeRoleCommand)
export class ChangeRoleHandler implements ICommandHandler<ChangeRoleCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
  ) {}

  async execute({ input }: ChangeRoleCommand) {
    const done = await executeCommand({ pool: this.pool, store: this.store }, userAggregate, input.userId, (state) => decideAdminRole(state, input.admin, input.actorId), {
      metadata: input.metadata,
    });
    if (!done) throw accountNotFound();
    return { id: done.state.id, is_admin: done.state.isAdmin };
  }
}
