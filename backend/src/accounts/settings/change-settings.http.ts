import { Body, Controller, Inject, Patch, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Pool } from 'pg';
import { PG_POOL } from '../../platform/database/database.module';
import { EventStore } from '../../platform/event-store/event-store';
import { metadataOf, SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { CurrentUser } from '../auth/auth.decorators';
import { Settings } from '../user.events';
import { changeUser } from '../users.store';
import { decideChangeSettings, SettingsPatch, settingsPatchSchema } from './change-settings.decide';

/** PATCH /api/users/settings {any subset of the settings} → the whole new settings object. */
@Controller('api/users/settings')
export class ChangeSettingsHttp {
  constructor(@Inject(PG_POOL) private readonly pool: Pool, private readonly store: EventStore) {}

  @Patch()
  async change(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Body(new ZodPipe(settingsPatchSchema, 'settings')) patch: SettingsPatch) {
    const { result } = await changeUser<Settings>(this.pool, this.store, user.id, metadataOf(request), (state) => {
      const { events, settings } = decideChangeSettings(state, patch);
      return { events, result: settings };
    });
    return result;
  }
}
