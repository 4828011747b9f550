import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { metadataOf, SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { CurrentUser } from '../auth/auth.decorators';
import { canonicalTimeZone, SetTimeZoneCommand, UNKNOWN_TIME_ZONE } from './set-time-zone.handler';

const body = z.strictObject({
  timezone: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .refine((tz) => canonicalTimeZone(tz) !== null, UNKNOWN_TIME_ZONE),
});

/** POST /api/users/timezone {timezone} → {timezone} (canonical IANA name). */
@Controller('api/users/timezone')
export class SetTimeZoneHttp {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  set(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Body(new ZodPipe(body)) input: z.infer<typeof body>) {
    return this.commands.execute(new SetTimeZoneCommand({ userId: user.id, timezone: input.timezone, metadata: metadataOf(request) }));
  }
}
