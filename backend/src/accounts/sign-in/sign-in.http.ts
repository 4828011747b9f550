import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Pool } from 'pg';
import { z } from 'zod';
import { withTransaction } from '../../platform/database/database';
import { PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { Public } from '../auth/auth.decorators';
import { SessionService } from '../auth/session.service';
import { verifyPassword } from '../passwords';
import { ProfileQuery } from '../profile/profile.query';
import { normalizeEmail } from '../users.store';

const signInBody = z.strictObject({ email: z.string().max(254), password: z.string().max(1024) });

export const WRONG_CREDENTIALS = 'The email or password is incorrect.';

/**
 * POST /api/auth/sign_in {email, password} → 200, the profile, and a session cookie. Unknown email and wrong
 * password answer the same 401 after the same amount of work, so nobody can probe which emails have accounts.
 */
@Controller('api/auth/sign_in')
export class SignInHttp {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly sessions: SessionService,
    private readonly profiles: ProfileQuery,
  ) {}

  @Public()
  @Post()
  @HttpCode(200)
  async signIn(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body(new ZodPipe(signInBody, 'sign-in form')) body: z.infer<typeof signInBody>,
  ) {
    const email = normalizeEmail(body.email);
    const rules = this.sessions.signInRules(email, request.ip);
    await this.sessions.assertNotThrottled(rules);
    const { rows } = await this.pool.query<{ id: string; password_hash: string | null }>(
      'select id, password_hash from users where lower(email) = $1 and erased_at is null',
      [email],
    );
    const user = rows[0];
    const ok = await verifyPassword(user?.password_hash ?? null, body.password);
    if (!user || !ok) {
      await this.sessions.recordFailure(rules);
      throw new AppError('unauthenticated', WRONG_CREDENTIALS, { fields: [{ field: 'password', message: WRONG_CREDENTIALS }] });
    }
    return withTransaction(this.pool, async (db) => {
      await this.sessions.clearAccountFailures(email, db);
      await this.sessions.start(db, request, reply, user.id);
      return this.profiles.get(user.id, db);
    });
  }
}
