import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { vacationAnswerSchema } from '#contract/accounts';
import { startVacationBodySchema, type StartVacationBody } from '#contract/accounts.requests';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { Idempotent } from '../../platform/http/idempotency.interceptor';
import { metadataOf, SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { CurrentUser } from '../auth/auth.decorators';
import { EndVacationCommand, StartVacationCommand } from './vacation.handler';

/**
 * POST /api/users/vacation {returns_on?} → {vacation}; POST /api/users/vacation/end → {vacation: null,
 * shifted_cards}. A second start is a 409, an end when not on vacation a 409, a return day not after today a 400
 * naming returns_on. With an Idempotency-Key a retried request answers the first answer (a double click).
 */
@Controller('api/users/vacation')
export class VacationHttp {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @Answers(vacationAnswerSchema)
  @Idempotent()
  start(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Body(new ZodPipe(startVacationBodySchema)) body: StartVacationBody) {
    return this.commands.execute(new StartVacationCommand({ userId: user.id, returnsOn: body?.returns_on ?? null, metadata: metadataOf(request) }));
  }

  @Post('end')
  @HttpCode(200)
  @Answers(vacationAnswerSchema)
  @Idempotent()
  end(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest) {
    return this.commands.execute(new EndVacationCommand({ userId: user.id, metadata: metadataOf(request) }));
  }
}
