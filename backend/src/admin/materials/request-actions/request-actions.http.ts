import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { actionsAnswerSchema, type CardType } from '#contract/admin';
import { requestActionsBodySchema } from '#contract/admin.requests';
import { Answers } from '../../../platform/http/answer-contract.interceptor';
import { Idempotent, idempotencyKeyOf } from '../../../platform/http/idempotency.interceptor';
import { metadataOf } from '../../../platform/http/request-context';
import { ZodPipe } from '../../../platform/http/zod.pipe';
import { requestEventIds } from '../../ids';
import { materialIdPipe } from '../material-id';
import { RequestActionsResult, RequestMediaActionsCommand } from './request-actions.handler';

/**
 * POST /api/admin/materials/:id/actions {type, actions: {fetch_audio: true, approve_image: true, …}} → 202
 * {request_id, requested}. Unknown action → 400; job actions while the queue (Redis) is down → 503, nothing
 * recorded. Job results arrive later in the material's `jobs` and history.
 */
@Controller('api/admin/materials')
export class RequestActionsHttp {
  constructor(private readonly commands: CommandBus) {}

  @Post(':id/actions')
  @HttpCode(202)
  @Answers(actionsAnswerSchema)
  @Idempotent()
  request(
    @Param('id', materialIdPipe) id: number,
    @Body(new ZodPipe(requestActionsBodySchema)) body: { type: CardType; actions: Record<string, unknown> | string[] },
    @Req() request: FastifyRequest,
  ): Promise<RequestActionsResult> {
    const actions = Array.isArray(body.actions) ? body.actions : Object.entries(body.actions).filter(([, on]) => on !== false && on !== null && on !== 0).map(([a]) => a);
    return this.commands.execute(
      new RequestMediaActionsCommand({
        type: body.type,
        id,
        actions,
        metadata: metadataOf(request),
        eventIdFor: requestEventIds(request.user?.id, idempotencyKeyOf(request), 'actions'),
      }),
    );
  }
}
