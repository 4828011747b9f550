import { Body, Controller, Get, Patch, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { profileSchema } from '#contract/accounts';
import { renameBodySchema } from '#contract/accounts.requests';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { metadataOf, SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { CurrentUser } from '../auth/auth.decorators';
import { GetProfileQuery } from './get-profile.handler';
import { RenameProfileCommand } from './rename-profile.handler';

@Controller('api/users/profile')
export class ProfileHttp {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Get()
  @Answers(profileSchema)
  profile(@CurrentUser() user: SessionUser) {
    return this.queries.execute(new GetProfileQuery({ userId: user.id }));
  }

  @Patch()
  @Answers(profileSchema)
  rename(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Body(new ZodPipe(renameBodySchema)) body: { name: string }) {
    return this.commands.execute(new RenameProfileCommand({ userId: user.id, name: body.name, metadata: metadataOf(request) }));
  }
}
