import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Pool } from 'pg';
import { z } from 'zod';
import { PG_POOL } from '../../platform/database/database.module';
import { EventStore } from '../../platform/event-store/event-store';
import { metadataOf, SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { CurrentUser } from '../auth/auth.decorators';
import { TimeZoneSet } from '../user.events';
import { changeUser } from '../users.store';

/** The canonical IANA name of a time zone (Intl knows them all), or null when there is no such zone. */
export function canonicalTimeZone(name: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const body = z.strictObject({
  timezone: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .refine((tz) => canonicalTimeZone(tz) !== null, 'Unknown time zone. Use an IANA name such as Europe/Berlin or Asia/Tokyo.'),
});

/** POST /api/users/timezone {timezone} → {timezone} (canonical IANA name). */
@Controller('api/users/timezone')
export class SetTimeZoneHttp {
  constructor(@Inject(PG_POOL) private readonly pool: Pool, private readonly store: EventStore) {}

  @Post()
  @HttpCode(200)
  async set(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Body(new ZodPipe(body)) input: z.infer<typeof body>) {
    const timezone = canonicalTimeZone(input.timezone)!;
    await changeUser(this.pool, this.store, user.id, metadataOf(request), (state) => ({
      events: state.timezone === timezone ? [] : [TimeZoneSet({ userId: state.id, timezone })],
    }));
    return { timezone };
  }
}
