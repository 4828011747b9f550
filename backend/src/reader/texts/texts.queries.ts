import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import type { SavedText, SavedTextSummary } from '#contract/reader';
import { PG_POOL } from '../../platform/database/database.module';
import { Reader, TextAnalyser } from '../analyse-text/text-analyser';
import { textNotFound } from '../reader.decide';

/** GET /api/read/texts: the learner's texts, newest first, each with the share of its words they know now. */
export class ListTextsQuery extends Query<{ texts: SavedTextSummary[] }> {
  constructor(readonly input: { userId: string }) {
    super();
  }
}

@QueryHandler(ListTextsQuery)
export class ListTextsHandler implements IQueryHandler<ListTextsQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ input }: ListTextsQuery): Promise<{ texts: SavedTextSummary[] }> {
    // One statement: the learner's cards of each text's course words, Intermediate or Mastered, counted now.
    const { rows } = await this.pool.query<{ text_id: string; title: string; created_at: Date; characters: number; known: number; total: number }>(
      `select t.text_id, t.title, t.created_at, char_length(t.body)::int as characters,
              (cardinality(t.vocab_ids) + t.outside)::int as total,
              (select count(distinct c.material_id)::int from card_states c
                where c.user_id = t.user_id and c.material_type = 'vocab' and c.material_id = any(t.vocab_ids)
                  and c.mastery in ('intermediate', 'mastered')) as known
         from reader_texts t where t.user_id = $1 order by t.created_at desc, t.text_id`,
      [input.userId],
    );
    return {
      texts: rows.map((r) => ({ id: r.text_id, title: r.title, created_at: r.created_at.toISOString(), characters: r.characters, words: { known: r.known, total: r.total } })),
    };
  }
}

/** GET /api/read/texts/:id: one of the learner's texts, analysed now (the colours follow their cards). */
export class GetTextQuery extends Query<SavedText> {
  constructor(readonly input: { reader: Reader; textId: string }) {
    super();
  }
}

@QueryHandler(GetTextQuery)
export class GetTextHandler implements IQueryHandler<GetTextQuery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly analyser: TextAnalyser,
  ) {}

  async execute({ input }: GetTextQuery): Promise<SavedText> {
    const { rows } = await this.pool.query<{ title: string; body: string; created_at: Date }>(
      'select title, body, created_at from reader_texts where text_id = $1 and user_id = $2',
      [input.textId, input.reader.id],
    );
    if (!rows.length) throw textNotFound();
    const { title, body, created_at } = rows[0];
    return { id: input.textId, title, created_at: created_at.toISOString(), text: body, analysis: await this.analyser.analyse(body, input.reader) };
  }
}
