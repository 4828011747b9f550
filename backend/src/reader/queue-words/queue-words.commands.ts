import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import type { QueueAnswer } from '#contract/reader';
import { COURSE_INFO, isCourse } from '../../kernel/courses';
import { CLOCK, Clock } from '../../platform/clock';
import { PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import { executeCommand } from '../../platform/event-store/command-path';
import { EventStore } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import { Reader } from '../analyse-text/text-analyser';
import { readerAggregate } from '../reader.aggregate';
import { decideQueueWords, decideUndoQueue, QueueCandidate } from '../reader.decide';
import { readerRequestIds } from '../request-ids';

const FREE_LEVEL = 1;

interface WordRow {
  id: number;
  course: string;
  level: number;
  word: string;
  reading: string;
  learned: boolean;
}

/** POST /api/read/queue: WordsQueuedFromText for the words not learned and open to the learner's plan. */
export class QueueWordsCommand extends Command<QueueAnswer> {
  constructor(readonly input: { reader: Reader; textId: string | null; vocabIds: number[]; idempotencyKey?: string; metadata: EventMetadata }) {
    super();
  }
}

@CommandHandler(QueueWordsCommand)
export class QueueWordsHandler implements ICommandHandler<QueueWordsCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ input }: QueueWordsCommand): Promise<QueueAnswer> {
    const { reader } = input;
    const { rows } = await this.pool.query<WordRow>(
      `select m.material_id as id, m.course, m.level, coalesce(m.data->>'vocab', m.data->>'vocab_hiragana') as word,
              m.data->>'vocab_hiragana' as reading,
              exists (select 1 from card_states c where c.user_id = $1 and c.course = m.course and c.material_type = 'vocab'
                        and c.material_id = m.material_id) as learned
         from materials m where m.material_type = 'vocab' and m.servable and m.material_id = any($2::int[])`,
      [reader.id, input.vocabIds],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const missing = input.vocabIds.filter((id) => !byId.has(id));
    if (missing.length) {
      const message = `No course teaches the word${missing.length > 1 ? 's' : ''} ${missing.slice(0, 5).join(', ')}.`;
      throw new AppError('validation_failed', `The request is not valid. vocab_ids: ${message}`, { fields: [{ field: 'vocab_ids', message }] });
    }
    const candidates: QueueCandidate[] = input.vocabIds.map((id) => {
      const r = byId.get(id)!;
      return { vocabId: id, course: r.course, level: r.level, learned: r.learned, locked: r.level > FREE_LEVEL && !reader.fullAccess };
    });
    const { id: queueId, eventIds } = readerRequestIds(reader.id, input.idempotencyKey, 'queue');
    const done = await executeCommand(
      { pool: this.pool, store: this.store, clock: this.clock },
      readerAggregate,
      reader.id,
      (state, now) => decideQueueWords(state, { queueId, textId: input.textId, words: candidates }, now),
      {
        metadata: input.metadata,
        eventIds,
        inline: async (db, _after, _appended, result) => {
          const now = this.clock.now();
          await db.query('insert into reader_queues (queue_id, user_id, text_id, queued_at) values ($1, $2, $3, $4)', [queueId, reader.id, input.textId, now]);
          await db.query(
            `insert into reader_queued_words (user_id, course, material_type, material_id, queue_id, queued_at, seq)
             select $1, w.course, 'vocab', w.id, $2, $3, w.seq
               from unnest($4::text[], $5::int[]) with ordinality as w(course, id, seq)
             on conflict (user_id, course, material_type, material_id) do nothing`,
            [reader.id, queueId, now, result.queued.map((w) => w.course), result.queued.map((w) => w.vocabId)],
          );
        },
      },
    );
    const result = done!.result;
    const view = (list: QueueCandidate[]) =>
      list.map((w) => {
        const r = byId.get(w.vocabId)!;
        return { vocab_id: w.vocabId, word: r.word, reading: r.reading, course: r.course, level: r.level };
      });
    return {
      queue_id: result.queued.length ? queueId : null,
      queued: view(result.queued),
      locked: view(result.locked),
      already_learned: view(result.learned),
      message: queueMessage(result.queued, result.locked, result.learned),
    };
  }
}

/** What the learner reads after "Learn these". */
export function queueMessage(queued: QueueCandidate[], locked: QueueCandidate[], learned: QueueCandidate[]): string | null {
  const parts: string[] = [];
  const words = (n: number) => `${n} word${n === 1 ? '' : 's'}`;
  if (queued.length) {
    const courses = [...new Set(queued.map((w) => isCourse(w.course) ? COURSE_INFO[w.course].name : w.course))];
    parts.push(`${words(queued.length)} will come first in your next lessons of ${courses.join(' and ')}.`);
  }
  if (locked.length) {
    const levels = [...new Set(locked.map((w) => w.level))].sort((a, b) => a - b);
    parts.push(`${words(locked.length)} ${locked.length === 1 ? 'is' : 'are'} in level${levels.length > 1 ? 's' : ''} ${levels.join(', ')}, which ${levels.length > 1 ? 'are' : 'is'} for subscribers: subscribe to learn ${locked.length === 1 ? 'it' : 'them'}.`);
  }
  if (learned.length) parts.push(`${words(learned.length)} you have learned already.`);
  return parts.join(' ') || null;
}

/** DELETE /api/read/queue/:id: WordsUnqueued; the queue's words not learned yet return to their course's order. */
export class UndoQueueCommand extends Command<{ undone: number }> {
  constructor(readonly input: { userId: string; queueId: string; metadata: EventMetadata }) {
    super();
  }
}

@CommandHandler(UndoQueueCommand)
export class UndoQueueHandler implements ICommandHandler<UndoQueueCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ input }: UndoQueueCommand): Promise<{ undone: number }> {
    let undone = 0;
    await executeCommand({ pool: this.pool, store: this.store, clock: this.clock }, readerAggregate, input.userId, (state) => decideUndoQueue(state, input.queueId), {
      metadata: input.metadata,
      inline: async (db) => {
        await db.query('update reader_queues set undone_at = $2 where queue_id = $1', [input.queueId, this.clock.now()]);
        const { rows } = await db.query<{ waiting: number }>(
          `with gone as (delete from reader_queued_words w where w.queue_id = $1 returning w.*)
           select count(*)::int as waiting from gone g
            where not exists (select 1 from card_states c where c.user_id = g.user_id and c.course = g.course
                                and c.material_type = g.material_type and c.material_id = g.material_id)`,
          [input.queueId],
        );
        undone = rows[0].waiting;
      },
    });
    return { undone };
  }
}
