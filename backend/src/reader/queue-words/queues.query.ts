import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import type { Queues } from '#contract/reader';
import { PG_POOL } from '../../platform/database/database.module';

/** GET /api/read/queue: the learner's live queues with words still waiting for their lesson (for the dashboard). */
export class GetQueuesQuery extends Query<Queues> {
  constructor(readonly input: { userId: string }) {
    super();
  }
}

@QueryHandler(GetQueuesQuery)
export class GetQueuesHandler implements IQueryHandler<GetQueuesQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ input }: GetQueuesQuery): Promise<Queues> {
    const { rows } = await this.pool.query<{ queue_id: string; queued_at: Date; title: string | null; waiting: Queues['queues'][number]['waiting']; learned: number }>(
      `select q.queue_id, q.queued_at, t.title,
              coalesce(json_agg(json_build_object('vocab_id', w.material_id, 'word', coalesce(m.data->>'vocab', m.data->>'vocab_hiragana'),
                                                  'reading', m.data->>'vocab_hiragana', 'course', w.course, 'level', m.level)
                                order by w.seq) filter (where c.material_id is null), '[]') as waiting,
              count(c.material_id)::int as learned
         from reader_queues q
         join reader_queued_words w on w.queue_id = q.queue_id
         join materials m on m.material_type = w.material_type and m.material_id = w.material_id
         left join reader_texts t on t.text_id = q.text_id and t.user_id = q.user_id
         left join card_states c on c.user_id = w.user_id and c.course = w.course and c.material_type = w.material_type and c.material_id = w.material_id
        where q.user_id = $1 and q.undone_at is null
        group by q.queue_id, q.queued_at, t.title
       having count(*) filter (where c.material_id is null) > 0
        order by q.queued_at desc
        limit 20`,
      [input.userId],
    );
    return { queues: rows.map((r) => ({ id: r.queue_id, queued_at: r.queued_at.toISOString(), text_title: r.title, waiting: r.waiting, learned: r.learned })) };
  }
}
