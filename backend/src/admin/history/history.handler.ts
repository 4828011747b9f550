import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { HistoryPage, HistoryQuery, HistorySource } from './history.query';

/** GET /api/admin/history: a page of one stream's or one person's events, newest first. */
export class GetHistoryQuery extends Query<HistoryPage> {
  constructor(readonly input: { source: HistorySource; before?: string }) {
    super();
  }
}

/** GetHistory (HistoryQuery.page). */
@QueryHandler(GetHistoryQuery)
export class GetHistoryHandler implements IQueryHandler<GetHistoryQuery> {
  constructor(private readonly history: HistoryQuery) {}

  execute({ input }: GetHistoryQuery): Promise<HistoryPage> {
    return this.history.page(input.source, input.before);
  }
}
