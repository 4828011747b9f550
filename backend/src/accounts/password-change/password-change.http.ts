import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Pool } from 'pg';
import { z } from 'zod';
import { PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import { EventStore } from '../../platform/event-store/event-store';
import { metadataOf, SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { CurrentUser } from '../auth/auth.decorators';
import { SessionService } from '../auth/session.service';
import { assertAcceptablePassword, hashPassword } from '../passwords';
import { PasswordChanged } from '../user.events';
import { changeUser } from '../users.store';
import { checkOwnPassword } from './check-own-password';

const changeBody = z.strictObject({ current_password: z.string().max(1024), new_password: z.string().max(1024) });

/**
 * POST /api/users/password {current_password, new_password} → 200 {changed: true}. Every other session of
 * the account is ended; this one stays signed in.
 */
@Controller('api/users/password')
export class PasswordChangeHttp {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
    private readonly sessions: SessionService,
  ) {}

  @Post()
  @HttpCode(200)
  async change(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Body(new ZodPipe(changeBody)) body: z.infer<typeof changeBody>) {
    const account = await checkOwnPassword(this.pool, this.sessions, request, user.id, body.current_password, 'current_password');
    if (body.new_password === body.current_password) {
      throw new AppError('validation_failed', 'The new password is the same as the current one.', {
        fields: [{ field: 'new_password', message: 'Choose a password different from the current one.' }],
      });
    }
    assertAcceptablePassword(body.new_password, 'new_password', account);
    const passwordHash = await hashPassword(body.new_password);
    await changeUser(
      this.pool,
      this.store,
      user.id,
      metadataOf(request),
      (state) => ({ events: [PasswordChanged({ userId: state.id, via: 'change' })] }),
      async (db) => {
        await db.query('update users set password_hash = $2 where id = $1', [user.id, passwordHash]);
        await db.query('delete from sessions where user_id = $1 and id <> $2', [user.id, user.sessionId]);
        await db.query('update password_reset_tokens set used_at = now() where user_id = $1 and used_at is null', [user.id]);
      },
    );
    return { changed: true };
  }
}
