import { Body, Controller, Get, Inject, Patch, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Pool } from 'pg';
import { z } from 'zod';
import { PG_POOL } from '../../platform/database/database.module';
import { EventStore } from '../../platform/event-store/event-store';
import { metadataOf, SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { CurrentUser } from '../auth/auth.decorators';
import { ProfileRenamed } from '../user.events';
import { changeUser } from '../users.store';
import { ProfileQuery } from './profile.query';

export const nameSchema = z.string().trim().min(1, 'Enter your name.').max(100, 'Use at most 100 characters.');
const renameBody = z.strictObject({ name: nameSchema });

@Controller('api/users/profile')
export class ProfileHttp {
  constructor(
    private readonly profiles: ProfileQuery,
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
  ) {}

  @Get()
  profile(@CurrentUser() user: SessionUser) {
    return this.profiles.get(user.id);
  }

  /** RenameProfile: the new name goes to the users table; the event only says that it changed. */
  @Patch()
  async rename(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Body(new ZodPipe(renameBody)) body: z.infer<typeof renameBody>) {
    await changeUser(
      this.pool,
      this.store,
      user.id,
      metadataOf(request),
      (state) => ({ events: [ProfileRenamed({ userId: state.id })] }),
      async (db) => void (await db.query('update users set name = $2 where id = $1', [user.id, body.name])),
    );
    return this.profiles.get(user.id);
  }
}
