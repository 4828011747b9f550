import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppConfig } from '../../platform/config/config';
import { APP_CONFIG } from '../../platform/database/database.module';
import { metadataOf } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { Public } from '../auth/auth.decorators';
import { nameSchema } from '../profile/profile.http';
import { setSessionCookie } from '../sessions';
import { SignUpCommand } from './sign-up.handler';

export const emailSchema = z.string().trim().toLowerCase().max(254, 'Use at most 254 characters.').pipe(z.email('Enter a valid email address.'));
const signUpBody = z.strictObject({ name: nameSchema, email: emailSchema, password: z.string().max(1024) });

/** POST /api/auth/sign_up {name, email, password} → 201, the profile, and a session cookie. */
@Controller('api/auth/sign_up')
export class SignUpHttp {
  constructor(
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Post()
  @HttpCode(201)
  async signUp(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body(new ZodPipe(signUpBody, 'sign-up form')) body: z.infer<typeof signUpBody>,
  ) {
    const { profile, sessionToken } = await this.commands.execute(
      new SignUpCommand({ ...body, replacingSessionId: request.user?.sessionId ?? null, metadata: metadataOf(request) }),
    );
    setSessionCookie(reply, request, this.config, sessionToken);
    return profile;
  }
}
