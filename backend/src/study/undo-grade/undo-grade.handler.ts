import { Inject, Optional } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { Clock, CLOCK } from '../../platform/clock';
import { Queryable, withTransaction } from '../../platform/database/database';
import { PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import { EventStore } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import { CARD_STREAM_TYPE, cardStreamId, isGradeEvent, type CardEvent } from '../card.events';
import { CARD_STATES_WRITE_LOCK } from '../card-states.projection';
import { cardStateRecord } from '../card-states.store';
import { cardStateFrom } from '../card.state';
import { flashcardRefOrFail, flashcardView, type FlashcardView } from '../flashcard.view';
import { FlashcardQueries } from '../get-flashcard/get-flashcard.query';
import { NEW_LEVEL_WAIT_MS } from '../grade-card/grade-card.handler';
import { fixedLevelOne, STUDY_LEVELS, StudyLevels } from '../study-levels.port';
import { decideUndo, type StoredCardEvent } from './undo-grade.decide';

/** UndoGrade: POST /api/flashcard/undo. */
export interface UndoGrade {
  userId: string;
  subscriptionActive: boolean;
  /** flashcard_id of the card whose last grade is taken back */
  id: string;
  /** the card version the grade's answer gave (flashcard.version), when the client has it */
  version?: number;
  /** true when the study screen is in a lesson batch (the counts it gets back are the same either way) */
  fetchNew: boolean;
  metadata: EventMetadata;
}

export interface UndoGradeResult {
  /** the card as it is again: to be graded anew (its version is the one to send with that grade) */
  flashcard: FlashcardView;
  undone: { grade: number; lesson: boolean };
  user_next_review_in_minutes: number | null;
  review_count: number;
  new_available: number;
  learned_count: number;
}

/** POST /api/flashcard/undo: take back the last grade. */
export class UndoGradeCommand extends Command<UndoGradeResult> {
  constructor(readonly input: UndoGrade) {
    super();
  }
}

/**
 * Takes back the learner's last grade (issue 15): reads the card's stream, lets decideUndo check it is the last
 * answer and build the compensating CardGradeUndone, then appends it and restores the card's inline state in one
 * transaction (the row as it was, or no row when the lesson itself is undone, with the lesson floor dropped so
 * the card is found again). The event id is derived from the undone grade, so a retry or a double click records
 * one undo; the Idempotency-Key replays the first answer (the interceptor stores it).
 */
@CommandHandler(UndoGradeCommand)
export class UndoGradeHandler implements ICommandHandler<UndoGradeCommand> {
  private readonly levels: StudyLevels;
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
    private readonly queries: FlashcardQueries,
    @Inject(CLOCK) private readonly clock: Clock,
    @Optional() @Inject(STUDY_LEVELS) levels?: StudyLevels,
  ) {
    this.levels = levels ?? fixedLevelOne;
  }

  execute(command: UndoGradeCommand): Promise<UndoGradeResult> {
    return this.handle(command.input);
  }

  async handle(command: UndoGrade): Promise<UndoGradeResult> {
    const ref = flashcardRefOrFail(command.id);
    const material = await this.queries.material(command.userId, ref.materialType, ref.materialId);
    if (!material) throw new AppError('not_found', `There is no card ${command.id}.`);
    const streamId = cardStreamId(command.userId, material.course, material.material_type, material.material_id);
    const now = this.clock.now();

    let appendedAt: { tx: string; position: number } | null = null;
    const undo = await withTransaction(this.pool, async (tx) => {
      // As every card_states writer: held from before the append until the commit (card-states.projection.ts).
      await tx.query('select pg_advisory_xact_lock_shared($1)', [CARD_STATES_WRITE_LOCK]);
      const stored: StoredCardEvent[] = (await this.store.readStream(streamId, tx)).map((e) => ({
        eventId: e.eventId,
        streamVersion: e.streamVersion,
        event: { type: e.type, data: e.data } as CardEvent,
      }));
      const last = stored[stored.length - 1];
      const lastGradeAt = last && isGradeEvent(last.event) ? last.event.data.reviewedAt : null;
      const gradedSince = lastGradeAt !== null && (await this.gradedAnotherCardSince(tx, command.userId, material, lastGradeAt));
      const event = decideUndo(stored, { now, version: command.version, gradedSince });
      const appended = await this.store.append(streamId, CARD_STREAM_TYPE, last.streamVersion, [event], command.metadata, tx);
      if (appended.duplicate) return event;
      if (appended.transactionId) appendedAt = { tx: appended.transactionId, position: appended.globalPosition };
      const d = event.data;
      const key = [d.userId, d.course, d.materialType, d.materialId];
      if (d.restored) {
        const r = cardStateRecord(cardStateFrom([...stored.map((e) => e.event), event]));
        await tx.query(
          `update card_states set attempts = $5, mastery = $6, interval_hours = $7, due_at = $8, last_reviewed_at = $9, learned_at = $10, memory = $11, version = $12,
                  lapses = $13, leech_since = $14
            where user_id = $1 and course = $2 and material_type = $3 and material_id = $4`,
          [...key, r.attempts, r.mastery, r.interval_hours, r.due_at, r.last_reviewed_at, r.learned_at, r.memory ? JSON.stringify(r.memory) : null, appended.streamVersion, r.lapses, r.leech_since],
        );
      } else {
        await tx.query('delete from card_states where user_id = $1 and course = $2 and material_type = $3 and material_id = $4', key);
        // The floor says "everything before me is learned": no longer true of this card. The walk restarts from
        // the course's first card (and the next lesson grade sets the floor again).
        await tx.query('delete from lesson_floors where user_id = $1 and course = $2', [d.userId, d.course]);
      }
      return event;
    });

    // Read-your-writes for the screens the learner goes back to: the progress table and the dashboard read the level
    // counts, which follow asynchronously; an undo is rare, so its answer waits (briefly) until they have applied it.
    if (appendedAt) await this.levels.newLevelAfter(command.userId, material.course, appendedAt, NEW_LEVEL_WAIT_MS);
    const current = await this.queries.material(command.userId, ref.materialType, ref.materialId);
    const version = await this.store.streamVersion(streamId);
    const view = { ...flashcardView(material, current?.card ?? null), version };
    const next = await this.queries.withCard(
      { userId: command.userId, course: material.course, now, subscriptionActive: command.subscriptionActive, preferNew: command.fetchNew },
      view,
    );
    return {
      flashcard: view,
      undone: { grade: undo.data.undoneGrade, lesson: undo.data.undoneType === 'CardLearned' },
      user_next_review_in_minutes: next.user_next_review_in_minutes,
      review_count: next.review_count,
      new_available: next.new_available,
      learned_count: next.learned_count,
    };
  }

  /** Whether the learner graded another card after `since` (only the last answer may be taken back). */
  private async gradedAnotherCardSince(
    tx: Queryable,
    userId: string,
    card: { course: string; material_type: string; material_id: number },
    since: string,
  ): Promise<boolean> {
    const { rows } = await tx.query<{ later: boolean }>(
      `select exists (select 1 from card_states where user_id = $1 and last_reviewed_at > $2
                        and (course, material_type, material_id) <> ($3, $4, $5)) as later`,
      [userId, since, card.course, card.material_type, card.material_id],
    );
    return rows[0].later;
  }
}
