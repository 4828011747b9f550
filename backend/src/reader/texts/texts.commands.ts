import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import type { SavedText } from '#contract/reader';
import { CLOCK, Clock } from '../../platform/clock';
import { Queryable } from '../../platform/database/database';
import { PG_POOL } from '../../platform/database/database.module';
import { executeCommand } from '../../platform/event-store/command-path';
import { EventStore } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import { idempotencyScope } from '../../platform/http/idempotency.interceptor';
import { Reader, TextAnalyser } from '../analyse-text/text-analyser';
import { readerAggregate } from '../reader.aggregate';
import { decideDeleteText, decideSaveText } from '../reader.decide';
import { readerRequestIds } from '../request-ids';
import { newTextKey, sealText } from './text-seal';

/** A title from the text when the learner gives none: its first line, at most 40 characters. */
export function defaultTitle(text: string): string {
  const first = text.split(/\r?\n/).find((l) => l.trim())?.trim() ?? text.trim();
  return [...first].length > 40 ? `${[...first].slice(0, 40).join('')}…` : first;
}

/** POST /api/read/texts: keep a text (TextSaved, sealed); answers it analysed for the learner. */
export class SaveTextCommand extends Command<SavedText> {
  constructor(readonly input: { reader: Reader; title?: string; text: string; idempotencyKey?: string; metadata: EventMetadata }) {
    super();
  }
}

@CommandHandler(SaveTextCommand)
export class SaveTextHandler implements ICommandHandler<SaveTextCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
    private readonly analyser: TextAnalyser,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ input }: SaveTextCommand): Promise<SavedText> {
    const { reader, text, metadata } = input;
    const title = input.title || defaultTitle(text);
    const { id: textId, eventIds } = readerRequestIds(reader.id, input.idempotencyKey, 'text');
    const key = newTextKey();
    const sealed = sealText({ title, text }, key);
    const analysis = await this.analyser.analyse(text, reader);
    const vocabIds = [...new Set(analysis.words.flatMap((w) => (w.vocab_id === null ? [] : [w.vocab_id])))];
    const outside = analysis.words.filter((w) => w.vocab_id === null).length;
    const done = await executeCommand(
      { pool: this.pool, store: this.store, clock: this.clock },
      readerAggregate,
      reader.id,
      (state, now) => decideSaveText(state, { textId, sealed, characters: text.length }, now),
      {
        metadata,
        eventIds,
        inline: async (db) => {
          await db.query('insert into reader_text_keys (text_id, user_id, key) values ($1, $2, $3)', [textId, reader.id, key]);
          await db.query(
            `insert into reader_texts (text_id, user_id, title, body, created_at, vocab_ids, outside) values ($1, $2, $3, $4, $5, $6, $7)`,
            [textId, reader.id, title, text, this.clock.now(), vocabIds, outside],
          );
        },
      },
    );
    const createdAt = (done!.events[0].data as { createdAt: string }).createdAt;
    return { id: textId, title, created_at: createdAt, text, analysis };
  }
}

/** DELETE /api/read/texts/:id: TextDeleted; the text's key and every row of it go in the same transaction. */
export class DeleteTextCommand extends Command<{ deleted: true }> {
  constructor(readonly input: { userId: string; textId: string; metadata: EventMetadata }) {
    super();
  }
}

@CommandHandler(DeleteTextCommand)
export class DeleteTextHandler implements ICommandHandler<DeleteTextCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ input }: DeleteTextCommand): Promise<{ deleted: true }> {
    await executeCommand({ pool: this.pool, store: this.store, clock: this.clock }, readerAggregate, input.userId, (state) => decideDeleteText(state, input.textId), {
      metadata: input.metadata,
      inline: async (db) => {
        await eraseTextRows(db, input.userId, input.textId);
      },
    });
    return { deleted: true };
  }
}

/**
 * Every row that holds or names the text: its key (so the sealed event cannot be opened again), the text, its queues'
 * link, and the answer its save stored for a retry with the same Idempotency-Key (which shows the text).
 */
export async function eraseTextRows(db: Queryable, userId: string, textId: string | null): Promise<void> {
  const which = textId === null ? '' : ' and text_id = $2';
  const params = textId === null ? [userId] : [userId, textId];
  await db.query(`delete from reader_text_keys where user_id = $1${which}`, params);
  await db.query(`delete from reader_texts where user_id = $1${which}`, params);
  await db.query(`update reader_queues set text_id = null where user_id = $1${which}`, params);
  await db.query(`delete from idempotency_keys where scope = $1${textId === null ? '' : " and response->>'id' = $2"}`, [
    idempotencyScope(userId, 'POST', '/api/read/texts'),
    ...(textId === null ? [] : [textId]),
  ]);
}
