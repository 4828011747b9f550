import { Controller, Get, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors/app-error';
import { QUEUE_BOARD_PATH } from '../../platform/http/security-headers';
import { GetQueueBoardQuery } from './get-queue-board.handler';

/**
 * The queue dashboard for admins, Bull Board under /admin/queues (its page, static files and JSON API). The
 * global guard answers 401 without a session; it asks for the admin role under /api/admin/* only, so this route
 * refuses everyone else with the same 403 problem as the admin API. Its CSP allows inline styles
 * (platform/http/security-headers.ts, queueBoardCspDirectives).
 */
@Controller(QUEUE_BOARD_PATH.slice(1))
export class QueueBoardHttp {
  constructor(private readonly queries: QueryBus) {}

  @Get(['', '*'])
  async board(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (!request.user?.isAdmin) throw new AppError('forbidden', 'This page is for administrators only.');
    const headers = Object.fromEntries(Object.entries(request.headers).filter((e): e is [string, string] => typeof e[1] === 'string'));
    const answer = await this.queries.execute(new GetQueueBoardQuery({ url: request.url, headers }));
    await reply.status(answer.status).headers(answer.headers).send(answer.body);
  }
}
