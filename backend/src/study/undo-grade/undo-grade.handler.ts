import { Inject, Optional } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { Clock, CLOCK } from '../../platform/clock';
import { PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import { executeCommand } from '../../platform/event-store/command-path';
import { EventStore } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import { cardStreamId } from '../card.events';
import { flashcardRefOrFail, flashcardView, type FlashcardView } from '../flashcard.view';
import { FlashcardQueries } from '../get-flashcard/get-flashcard.query';
import { NEW_LEVEL_WAIT_MS } from '../grade-card/grade-card.handler';
import { fixedLevelOne, STUDY_LEVELS, StudyLevels } from '../study-levels.port';
import { decideUndo, type UndoEvent } from './undo-grade.decide';
import { restoreCardState, undoableCard } from './undoable-card';

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
 * Takes back the learner's last grade (issue 15), on the command path: reads the card's stream, lets decideUndo
 * check it is the last answer and build the compensating CardGradeUndone, then appends it and restores the card's
 * inline state in one transaction (the row as it was, or no row when the lesson itself is undone, with the lesson floor dropped so
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

    // On the command path, in one transaction: load (the lock, the stream, whether another card was graded since),
    // decide, append at the loaded version, then the card's row (undoable-card.ts).
    const card = { userId: command.userId, course: material.course, material_type: material.material_type, material_id: material.material_id };
    const outcome = await executeCommand(
      { pool: this.pool, store: this.store, clock: { now: () => now } },
      undoableCard(this.store, card),
      streamId,
      (state, at) => [decideUndo(state.events, { now: at, version: command.version, gradedSince: state.gradedSince })],
      { metadata: command.metadata, inline: (db, after, appended) => restoreCardState(db, card, after, appended) },
    );
    const undo = outcome!.events[0] as UndoEvent;
    const appended = outcome!.appended!;
    const appendedAt = !appended.duplicate && appended.transactionId ? { tx: appended.transactionId, position: appended.globalPosition } : null;

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
}
