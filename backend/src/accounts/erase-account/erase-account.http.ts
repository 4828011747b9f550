import { Body, Controller, Delete, HttpCode, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Pool } from 'pg';
import { z } from 'zod';
import { withTransaction } from '../../platform/database/database';
import { PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import { EventStore } from '../../platform/event-store/event-store';
import { metadataOf, SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { CurrentUser } from '../auth/auth.decorators';
import { accountThrottleKey, resetThrottleKey, SessionService } from '../auth/session.service';
import { checkOwnPassword } from '../password-change/check-own-password';
import { clearSessionCookie } from '../sessions';
import { UserErased } from '../user.events';
import { lockUser, recordUserEvents } from '../users.store';
import { AccountErasureHooks } from './erasure-hooks';

const body = z.strictObject({ password: z.string().max(1024) });

/**
 * DELETE /api/users/me {password} → 200 {erased: true}, signed out. Erases the personal data (email, name,
 * password hash) and everything keyed by it (sessions, reset links, throttle rows of the email). The event
 * history stays, made of ids only, so projections and audits keep working without knowing who it was.
 */
@Controller('api/users/me')
export class EraseAccountHttp {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
    private readonly sessions: SessionService,
    private readonly hooks: AccountErasureHooks,
  ) {}

  @Delete()
  @HttpCode(200)
  async erase(
    @CurrentUser() user: SessionUser,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body(new ZodPipe(body)) input: z.infer<typeof body>,
  ) {
    const { email } = await checkOwnPassword(this.pool, this.sessions, request, user.id, input.password, 'password');
    await this.hooks.runBeforeErase(user.id);
    await withTransaction(this.pool, async (db) => {
      const state = await lockUser(db, user.id);
      if (!state || state.erased) throw new AppError('not_found', 'This account does not exist.');
      await recordUserEvents(this.store, db, state, [UserErased({ userId: state.id })], metadataOf(request));
      await db.query(
        `update users set email = null, name = null, password_hash = null, erased_at = now(), updated_at = now() where id = $1`,
        [state.id],
      );
      await db.query('delete from sessions where user_id = $1', [state.id]);
      await db.query('delete from password_reset_tokens where user_id = $1', [state.id]);
      await db.query('delete from auth_throttle where key = any($1::text[])', [[accountThrottleKey(email), resetThrottleKey(email)]]);
    });
    clearSessionCookie(reply, request, this.sessions.config);
    return { erased: true };
  }
}
