import { Inject, Injectable, Optional } from '@nestjs/common';
import { Pool } from 'pg';
import { Clock, CLOCK } from '../../platform/clock';
import { withTransaction } from '../../platform/database/database';
import { PG_POOL } from '../../platform/database/database.module';
import { AppError, ConcurrencyError } from '../../platform/errors/app-error';
import { EventStore } from '../../platform/event-store/event-store';
import { AppendResult, EventMetadata } from '../../platform/event-store/event-store.types';
import { CARD_STREAM_TYPE, cardStreamId, type CardEvent } from '../card.events';
import { cardStateOf, saveCardState } from '../card-states.store';
import { flashcardView, parseFlashcardId, type FlashcardView } from '../flashcard.view';
import { assertCardOpen, FlashcardQueries, servableOrNotFound } from '../get-flashcard/get-flashcard.query';
import { gradeEventId } from '../ids';
import { fixedLevelOne, STUDY_LEVELS, StudyLevels } from '../study-levels.port';
import { decideGrade } from './grade-card.decide';

/** GradeCard: what POST /api/flashcard carries, plus who sends it. */
export interface GradeCard {
  userId: string;
  subscriptionActive: boolean;
  /** flashcard_id "<material_type>-<material_id>" */
  id: string;
  grade: number;
  /** true: the next card should be a new one (the lesson batch goes on); false: due reviews first */
  fetchNew: boolean;
  /** the card version the client showed; a grade recorded meanwhile (another tab) makes this one a 409 */
  version?: number;
  idempotencyKey?: string;
  metadata: EventMetadata;
}

export interface GradeCardResult {
  flashcard: FlashcardView;
  new_flashcard: FlashcardView | null;
  new_level: number | null;
  user_next_review_in_minutes: number | null;
  review_count: number;
  new_available: number;
  learned_count: number;
}

/** How long a grade response waits for the level read model to apply the grade (read-your-writes). */
export const NEW_LEVEL_WAIT_MS = 1_500;

export const GRADED_ELSEWHERE = 'This card was just graded in another tab or device. Reload to continue.';

@Injectable()
export class GradeCardHandler {
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

  async handle(command: GradeCard): Promise<GradeCardResult> {
    const ref = parseFlashcardId(command.id);
    if (!ref) {
      throw new AppError('validation_failed', `"${command.id}" is not a flashcard id (like reading-42).`, {
        fields: [{ field: 'id', message: 'Expected <material_type>-<material_id>, e.g. reading-42.' }],
      });
    }
    const material = servableOrNotFound(await this.queries.material(command.userId, ref.materialType, ref.materialId), command.id);
    assertCardOpen(material, command.subscriptionActive);
    // The version the client showed, else the one just read: a grade recorded in between is a conflict. The
    // event store checks stored event ids before versions, so a retry of a recorded grade is not one.
    const expected = command.version ?? material.card?.version ?? 0;

    const now = this.clock.now();
    const event = decideGrade(
      {
        userId: command.userId,
        course: material.course,
        materialType: material.material_type,
        materialId: material.material_id,
        // a card keeps the level it was learned at, so every event of it counts in the same level
        level: material.card?.level ?? material.level,
        grade: command.grade,
      },
      material.card ? cardStateOf(material.card) : null,
      { now, subscriptionActive: command.subscriptionActive },
    );
    const eventId = command.idempotencyKey ? gradeEventId(command.userId, command.idempotencyKey, command.id) : undefined;
    const streamId = cardStreamId(command.userId, material.course, material.material_type, material.material_id);

    let appended: AppendResult;
    try {
      appended = await withTransaction(this.pool, async (db) => {
        const result = await this.store.append(streamId, CARD_STREAM_TYPE, expected, [{ ...event, eventId }], command.metadata, db);
        // A retry of a grade that was recorded (same Idempotency-Key) records nothing and keeps the state.
        if (!result.duplicate) await saveCardState(db, event, result.streamVersion);
        return result;
      });
    } catch (error) {
      if (error instanceof ConcurrencyError) throw new ConcurrencyError(GRADED_ELSEWHERE);
      throw error;
    }

    let graded: FlashcardView;
    if (appended.duplicate) {
      const current = await this.queries.material(command.userId, ref.materialType, ref.materialId);
      graded = flashcardView(material, current?.card ?? null);
    } else {
      graded = flashcardView(material, stateAfter(event, appended.streamVersion));
    }

    // Only a card reaching intermediate from learning can raise the level (a lesson adds a learning card, a
    // failed card never drops below intermediate), so only such a grade waits for the level read model.
    const newLevel =
      !appended.duplicate && promotesToIntermediate(event) && appended.transactionId
        ? await this.levels.newLevelAfter(command.userId, material.course, { tx: appended.transactionId, position: appended.globalPosition }, NEW_LEVEL_WAIT_MS)
        : null;

    const next = await this.queries.next({
      userId: command.userId,
      course: material.course,
      now,
      subscriptionActive: command.subscriptionActive,
      preferNew: command.fetchNew,
    });
    // fetch_new false means "go on with due reviews": once none is left the session ends (null) instead of
    // sliding into a new lesson card the learner did not ask for.
    const nextCard = !command.fetchNew && next.flashcard?.attempts === 0 ? null : next.flashcard;
    return {
      flashcard: graded,
      new_flashcard: nextCard,
      new_level: newLevel,
      user_next_review_in_minutes: next.user_next_review_in_minutes,
      review_count: next.review_count,
      new_available: next.new_available,
      learned_count: next.learned_count,
    };
  }
}

function promotesToIntermediate(event: CardEvent): boolean {
  return event.data.masteryBefore === 'learning' && event.data.masteryAfter !== 'learning';
}

function stateAfter(event: CardEvent, version: number) {
  const d = event.data;
  return { level: d.level, attempts: d.attemptsAfter, mastery: d.masteryAfter, interval_hours: d.intervalHours, due_at: d.dueAt, version };
}
