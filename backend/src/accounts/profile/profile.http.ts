import { Body, Controller, Get, Patch, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { metadataOf, SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { CurrentUser } from '../auth/auth.decorators';
import { GetProfileQuery } from './get-profile.handler';
import { RenameProfileCommand } from './rename-profile.handler';

export const nameSchema = z.string().trim().min(1, 'Enter your name.').max(100, 'Use at most 100 characters.');
const renameBody = z.strictObject({ name: nameSchema });

@Controller('api/users/profile')
export class ProfileHttp {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Get()
  profile(@CurrentUser() user: SessionUser) {
    return this.queries.execute(new GetProfileQuery({ userId: user.id }));
  }

  @Patch()
  rename(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Body(new ZodPipe(renameBody)) body: z.infer<typeof renameBody>) {
    return this.commands.execute(new RenameProfileCommand({ userId: user.id, name: body.name, metadata: metadataOf(request) }));
  }
}
