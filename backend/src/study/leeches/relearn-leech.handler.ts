import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { Clock, CLOCK } from '../../platform/clock';
import { withTransaction } from '../../platform/database/database';
import { PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import { EventStore } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import { CARD_STREAM_TYPE, cardStreamId } from '../card.events';
import { CARD_STATES_WRITE_LOCK } from '../card-states.projection';
import { cardStateColumns, cardStateOf, updateCardState, type CardStateRow } from '../card-states.store';
import { evolve } from '../card.state';
import { flashcardRefOrFail, flashcardView, type FlashcardView } from '../flashcard.view';
import { assertCardOpen, FlashcardQueries, servableOrNotFound } from '../get-flashcard/get-flashcard.query';
import { deterministicUuid } from '../ids';
import { decideRelearn } from './relearn-leech.decide';

/** RelearnLeech: POST /api/leeches/relearn. */
export interface RelearnLeech {
  userId: string;
  subscriptionActive: boolean;
  /** flashcard_id of the leech */
  id: string;
  metadata: EventMetadata;
}

export interface RelearnLeechResult {
  /** the card as it is now (due at once), with its material: the lesson to read again */
  flashcard: FlashcardView;
}

export class RelearnLeechCommand extends Command<RelearnLeechResult> {
  constructor(readonly input: RelearnLeech) {
    super();
  }
}

/**
 * Starts re-learning a leech (issue 31, item 11): in one transaction, locks the card's inline row, lets the pure
 * decideRelearn check it is a leech and build LeechRelearnStarted, appends it at the row's version and writes the
 * row as evolve folds it (due at once, interval 0, no lapses, no mark). The event id is derived from the card and
 * the mark it clears, so a retry appends it once; a second click finds no leech (409).
 */
@CommandHandler(RelearnLeechCommand)
export class RelearnLeechHandler implements ICommandHandler<RelearnLeechCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
    private readonly queries: FlashcardQueries,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute(command: RelearnLeechCommand): Promise<RelearnLeechResult> {
    return this.handle(command.input);
  }

  async handle(command: RelearnLeech): Promise<RelearnLeechResult> {
    const ref = flashcardRefOrFail(command.id);
    const material = servableOrNotFound(await this.queries.material(command.userId, ref.materialType, ref.materialId), command.id);
    assertCardOpen(material, command.subscriptionActive);
    const now = this.clock.now();
    const streamId = cardStreamId(command.userId, material.course, material.material_type, material.material_id);

    await withTransaction(this.pool, async (tx) => {
      // As every card_states writer: held from before the append until the commit (card-states.projection.ts).
      await tx.query('select pg_advisory_xact_lock_shared($1)', [CARD_STATES_WRITE_LOCK]);
      const { rows } = await tx.query<CardStateRow>(
        `select ${cardStateColumns()}
           from card_states where user_id = $1 and course = $2 and material_type = $3 and material_id = $4 for update`,
        [command.userId, material.course, material.material_type, material.material_id],
      );
      const row = rows[0];
      if (!row) throw new AppError('not_found', `You have not learned ${command.id} yet, so there is nothing to re-learn.`);
      const state = cardStateOf(row);
      const event = decideRelearn(
        { userId: command.userId, course: material.course, materialType: material.material_type, materialId: material.material_id, level: row.level },
        state,
        now,
      );
      const eventId = deterministicUuid('kioku:relearn', `${streamId}\u0000${event.data.leechSince}`);
      const appended = await this.store.append(streamId, CARD_STREAM_TYPE, Number(row.version), [{ ...event, eventId }], command.metadata, tx);
      if (appended.duplicate) return;
      await updateCardState(tx, {
        user_id: command.userId,
        course: material.course,
        material_type: material.material_type,
        material_id: material.material_id,
        state: evolve(state, event),
        version: appended.streamVersion,
      });
    });
    const current = await this.queries.material(command.userId, ref.materialType, ref.materialId);
    return { flashcard: flashcardView(material, current?.card ?? null) };
  }
}
