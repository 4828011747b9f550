import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { SessionUser } from '../../../platform/http/request-context';
import { CachedBody } from '../dictionary-cache';
import { VOCAB_TAB_IDS, VocabCourse, chooseTab, hasFullAccess, requireEntryAccess } from '../dictionary-access';
import { VocabDetailMeta, VocabsQuery } from './vocabs.query';

/** GET /api/vocabs?course&tab: the words of a course whose reading starts in one gojūon row. */
export class ListVocabsQuery extends Query<CachedBody<undefined>> {
  constructor(readonly input: { course: VocabCourse; tab?: string; user: SessionUser }) {
    super();
  }
}

/** ListVocabs: the tab asked for (default the first), 400 for an unknown tab, 402 for a locked one (dictionary-access.ts). */
@QueryHandler(ListVocabsQuery)
export class ListVocabsHandler implements IQueryHandler<ListVocabsQuery> {
  constructor(private readonly vocabs: VocabsQuery) {}

  async execute({ input }: ListVocabsQuery): Promise<CachedBody<undefined>> {
    const full = hasFullAccess(input.user);
    const tab = chooseTab(input.course, VOCAB_TAB_IDS, input.tab, full);
    return this.vocabs.list(input.course, tab, full);
  }
}

/** GET /api/vocabs/:id: one word with its sentences. */
export class GetVocabQuery extends Query<CachedBody<VocabDetailMeta>> {
  constructor(readonly input: { id: number; user: SessionUser }) {
    super();
  }
}

/** GetVocab: 404 when there is no such word, 402 when the entry is not free and the user has no full access. */
@QueryHandler(GetVocabQuery)
export class GetVocabHandler implements IQueryHandler<GetVocabQuery> {
  constructor(private readonly vocabs: VocabsQuery) {}

  async execute({ input }: GetVocabQuery): Promise<CachedBody<VocabDetailMeta>> {
    const body = await this.vocabs.detail(input.id);
    requireEntryAccess(input.user, body.meta.free);
    return body;
  }
}
