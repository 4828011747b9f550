import { Body, Controller, Patch, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { settingsSchema } from '#contract/accounts';
import { settingsPatchSchema, type SettingsPatch } from '#contract/accounts.requests';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { metadataOf, SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { CurrentUser } from '../auth/auth.decorators';
import { ChangeSettingsCommand } from './change-settings.handler';

/** PATCH /api/users/settings {any subset of the settings} → the whole new settings object. */
@Controller('api/users/settings')
export class ChangeSettingsHttp {
  constructor(private readonly commands: CommandBus) {}

  @Patch()
  @Answers(settingsSchema)
  change(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Body(new ZodPipe(settingsPatchSchema, 'settings')) patch: SettingsPatch) {
    return this.commands.execute(new ChangeSettingsCommand({ userId: user.id, patch, metadata: metadataOf(request) }));
  }
}
