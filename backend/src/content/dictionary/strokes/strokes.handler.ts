import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { StrokesBody, StrokesQuery } from './strokes.query';

/** GET /api/strokes/:character: the stroke order of one kanji or kana. */
export class GetStrokesQuery extends Query<StrokesBody> {
  constructor(readonly input: { character: string }) {
    super();
  }
}

/** GetStrokes (StrokesQuery.strokes, read once from backend/content/strokes.json). */
@QueryHandler(GetStrokesQuery)
export class GetStrokesHandler implements IQueryHandler<GetStrokesQuery> {
  constructor(private readonly strokes: StrokesQuery) {}

  execute({ input }: GetStrokesQuery): Promise<StrokesBody> {
    return this.strokes.strokes(input.character);
  }
}
