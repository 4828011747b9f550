import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { SessionUser } from '../../../platform/http/request-context';
import { CachedBody } from '../dictionary-cache';
import { KANJI_TAB_IDS, KanjiCourse, chooseTab, hasFullAccess, requireEntryAccess } from '../dictionary-access';
import { KanjiDetailMeta, KanjiQuery } from './kanji.query';

/** GET /api/kanji?course&tab: the kanji of one grade tab of a course. */
export class ListKanjiQuery extends Query<CachedBody<undefined>> {
  constructor(readonly input: { course: KanjiCourse; tab?: string; user: SessionUser }) {
    super();
  }
}

/** ListKanji: the tab asked for (default the first), 400 for an unknown tab, 402 for a locked one (dictionary-access.ts). */
@QueryHandler(ListKanjiQuery)
export class ListKanjiHandler implements IQueryHandler<ListKanjiQuery> {
  constructor(private readonly kanji: KanjiQuery) {}

  async execute({ input }: ListKanjiQuery): Promise<CachedBody<undefined>> {
    const full = hasFullAccess(input.user);
    const tab = chooseTab(input.course, KANJI_TAB_IDS[input.course], input.tab, full);
    return this.kanji.list(input.course, tab, full);
  }
}

/** GET /api/kanji/:id: one kanji by its id (code point) or by the character. */
export class GetKanjiQuery extends Query<CachedBody<KanjiDetailMeta>> {
  constructor(readonly input: { by: { id: number } | { character: string }; user: SessionUser }) {
    super();
  }
}

/** GetKanji: 404 when it is not in the dictionary, 402 when the entry is not free and the user has no full access. */
@QueryHandler(GetKanjiQuery)
export class GetKanjiHandler implements IQueryHandler<GetKanjiQuery> {
  constructor(private readonly kanji: KanjiQuery) {}

  async execute({ input }: GetKanjiQuery): Promise<CachedBody<KanjiDetailMeta>> {
    const body = await this.kanji.detail(input.by);
    requireEntryAccess(input.user, body.meta.free);
    return body;
  }
}
