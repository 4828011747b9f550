import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { CachedBody } from '../dictionary-cache';
import { KanaQuery } from './kana.query';

/** GET /api/kana: the kana chart. */
export class GetKanaChartQuery extends Query<CachedBody<undefined>> {}

/** GetKanaChart (KanaQuery.chart, cached per catalogue revision). */
@QueryHandler(GetKanaChartQuery)
export class GetKanaChartHandler implements IQueryHandler<GetKanaChartQuery> {
  constructor(private readonly kana: KanaQuery) {}

  execute(): Promise<CachedBody<undefined>> {
    return this.kana.chart();
  }
}

/** GET /api/kana/:kana: one kana of the chart, by the kana itself or by its id. */
export class GetKanaQuery extends Query<CachedBody<undefined>> {
  constructor(readonly input: { by: { kana: string } | { id: number } }) {
    super();
  }
}

/** GetKana (KanaQuery.detail): the kana dictionary is one tab, free for everyone. */
@QueryHandler(GetKanaQuery)
export class GetKanaHandler implements IQueryHandler<GetKanaQuery> {
  constructor(private readonly kana: KanaQuery) {}

  execute({ input }: GetKanaQuery): Promise<CachedBody<undefined>> {
    return this.kana.detail(input.by);
  }
}
