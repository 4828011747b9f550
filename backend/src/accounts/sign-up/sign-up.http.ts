import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { z } from 'zod';
import { withTransaction } from '../../platform/database/database';
import { PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import { EventStore } from '../../platform/event-store/event-store';
import { metadataOf } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { Public } from '../auth/auth.decorators';
import { SessionService } from '../auth/session.service';
import { assertAcceptablePassword, hashPassword } from '../passwords';
import { nameSchema } from '../profile/profile.http';
import { ProfileQuery } from '../profile/profile.query';
import { UserRegistered } from '../user.events';
import { initialUserState } from '../user.state';
import { recordUserEvents } from '../users.store';

export const emailSchema = z.string().trim().toLowerCase().max(254, 'Use at most 254 characters.').pipe(z.email('Enter a valid email address.'));
const signUpBody = z.strictObject({ name: nameSchema, email: emailSchema, password: z.string().max(1024) });

/** POST /api/auth/sign_up {name, email, password} → 201, the profile, and a session cookie. */
@Controller('api/auth/sign_up')
export class SignUpHttp {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
    private readonly sessions: SessionService,
    private readonly profiles: ProfileQuery,
  ) {}

  @Public()
  @Post()
  @HttpCode(201)
  async signUp(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body(new ZodPipe(signUpBody, 'sign-up form')) body: z.infer<typeof signUpBody>,
  ) {
    assertAcceptablePassword(body.password, 'password', { email: body.email, name: body.name });
    const passwordHash = await hashPassword(body.password);
    const userId = randomUUID();
    return withTransaction(this.pool, async (db) => {
      const inserted = await db.query(
        `insert into users (id, email, name, password_hash) values ($1, $2, $3, $4) on conflict do nothing`,
        [userId, body.email, body.name, passwordHash],
      );
      if (inserted.rowCount === 0) {
        throw new AppError('conflict', 'An account with this email already exists. Sign in, or reset your password if you forgot it.', {
          fields: [{ field: 'email', message: 'An account with this email already exists.' }],
        });
      }
      await recordUserEvents(this.store, db, initialUserState(userId), [UserRegistered({ userId })], metadataOf(request, { actorId: userId }));
      await this.sessions.start(db, request, reply, userId);
      return this.profiles.get(userId, db);
    });
  }
}
