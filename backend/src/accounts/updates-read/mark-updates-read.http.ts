import { Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Pool } from 'pg';
import { PG_POOL } from '../../platform/database/database.module';
import { EventStore } from '../../platform/event-store/event-store';
import { metadataOf, SessionUser } from '../../platform/http/request-context';
import { CurrentUser } from '../auth/auth.decorators';
import { UpdatesRead } from '../user.events';
import { changeUser } from '../users.store';

/** POST /api/users/updates_read → {updates_unread: 0}: the What's new badge is cleared. */
@Controller('api/users/updates_read')
export class MarkUpdatesReadHttp {
  constructor(@Inject(PG_POOL) private readonly pool: Pool, private readonly store: EventStore) {}

  @Post()
  @HttpCode(200)
  async markRead(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest) {
    await changeUser(this.pool, this.store, user.id, metadataOf(request), (state) => ({
      events: state.updatesUnread === 0 ? [] : [UpdatesRead({ userId: state.id })],
    }));
    return { updates_unread: 0 };
  }
}
