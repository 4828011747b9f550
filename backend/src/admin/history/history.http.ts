import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { z } from 'zod';
import { AppError } from '../../platform/errors/app-error';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { GetHistoryQuery } from './history.handler';
import { HistoryPage } from './history.query';

const querySchema = z.object({
  stream: z.string().regex(/^[A-Za-z0-9_.:-]{1,200}$/, 'A stream id such as material-reading-12 or user-<id>.').optional(),
  actor: z.uuid('An actor is a user id.').optional(),
  before: z.string().max(60).optional(),
});

/**
 * GET /api/admin/history?stream=<stream id> | ?actor=<user id> [&before=<cursor>] → {items, next_before}: events
 * newest first, 50 a page, each with who (actor id, name and kind), what (type), when, before → after of the
 * fields it changed (material edits, settings, time zone, subscription, role) and otherwise its data.
 */
@Controller('api/admin/history')
export class HistoryHttp {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  page(@Query(new ZodPipe(querySchema, 'query')) query: z.infer<typeof querySchema>): Promise<HistoryPage> {
    if ((query.stream === undefined) === (query.actor === undefined)) {
      throw new AppError('validation_failed', 'Ask for the history of one stream (?stream=…) or of one person (?actor=…).', {
        fields: [{ field: query.stream ? 'actor' : 'stream', message: 'Give exactly one of stream and actor.' }],
      });
    }
    const source = query.stream !== undefined ? { stream: query.stream } : { actor: query.actor! };
    return this.queries.execute(new GetHistoryQuery({ source, before: query.before }));
  }
}
