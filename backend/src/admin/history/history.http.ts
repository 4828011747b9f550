import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { historyPageSchema } from '#contract/admin';
import { historyQuerySchema } from '#contract/admin.requests';
import { AppError } from '../../platform/errors/app-error';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { GetHistoryQuery } from './history.handler';
import { HistoryPage } from './history.query';

/**
 * GET /api/admin/history?stream=<stream id> | ?actor=<user id> [&before=<cursor>] → {items, next_before}: events
 * newest first, 50 a page, each with who (actor id, name and kind), what (type), when, before → after of the
 * fields it changed (material edits, settings, time zone, subscription, role) and otherwise its data.
 */
@Controller('api/admin/history')
export class HistoryHttp {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @Answers(historyPageSchema)
  page(@Query(new ZodPipe(historyQuerySchema, 'query')) query: { stream?: string; actor?: string; before?: string }): Promise<HistoryPage> {
    if ((query.stream === undefined) === (query.actor === undefined)) {
      throw new AppError('validation_failed', 'Ask for the history of one stream (?stream=…) or of one person (?actor=…).', {
        fields: [{ field: query.stream ? 'actor' : 'stream', message: 'Give exactly one of stream and actor.' }],
      });
    }
    const source = query.stream !== undefined ? { stream: query.stream } : { actor: query.actor! };
    return this.queries.execute(new GetHistoryQuery({ source, before: query.before }));
  }
}
