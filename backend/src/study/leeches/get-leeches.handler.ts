import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { LeechQueries, type LeechesView } from './get-leeches.query';

/** GET /api/leeches: the learner's leeches with their wrong answers. */
export class GetLeechesQuery extends Query<LeechesView> {
  constructor(readonly userId: string) {
    super();
  }
}

@QueryHandler(GetLeechesQuery)
export class GetLeechesHandler implements IQueryHandler<GetLeechesQuery> {
  constructor(private readonly leeches: LeechQueries) {}

  execute({ userId }: GetLeechesQuery): Promise<LeechesView> {
    return this.leeches.leeches(userId);
  }
}
