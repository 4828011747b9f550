import { Queryable } from '../../platform/database/database';
import { AggregateType } from '../../platform/event-store/command-path';
import { EventStore } from '../../platform/event-store/event-store';
import { AppendResult } from '../../platform/event-store/event-store.types';
import { CARD_STREAM_TYPE, isGradeEvent, type CardEvent } from '../card.events';
import { CARD_STATES_WRITE_LOCK } from '../card-states.projection';
import { updateCardState } from '../card-states.store';
import { cardStateFrom } from '../card.state';
import type { StoredCardEvent } from './undo-grade.decide';

/** What decideUndo needs of a card: its stream as stored, and whether the learner graded another card since. */
export interface UndoableCard {
  events: StoredCardEvent[];
  gradedSince: boolean;
}

export interface UndoCardRef {
  userId: string;
  course: string;
  material_type: string;
  material_id: number;
}

/**
 * The card as the undo's command path sees it (platform/event-store/command-path.ts). An undo needs the card's
 * whole stream (the state before the last grade, the ids of what it takes back), not the card_states row, so
 * `load` reads the stream, after taking the lock every card_states writer holds from before its append until the
 * commit (card-states.projection.ts). A card with no events loads as one: decideUndo answers "nothing to take back".
 */
export function undoableCard(store: EventStore, card: UndoCardRef): AggregateType<UndoableCard> {
  return {
    streamType: CARD_STREAM_TYPE,
    streamId: (streamId) => streamId,
    initial: () => ({ events: [], gradedSince: false }),
    evolve: (state, e) => {
      const version = (state.events[state.events.length - 1]?.streamVersion ?? 0) + 1;
      const eventId = (e as { eventId?: string }).eventId ?? '';
      return { ...state, events: [...state.events, { eventId, streamVersion: version, event: { type: e.type, data: e.data } as CardEvent }] };
    },
    async load(db, streamId) {
      await db.query('select pg_advisory_xact_lock_shared($1)', [CARD_STATES_WRITE_LOCK]);
      const events: StoredCardEvent[] = (await store.readStream(streamId, db)).map((e) => ({
        eventId: e.eventId,
        streamVersion: e.streamVersion,
        event: { type: e.type, data: e.data } as CardEvent,
      }));
      const last = events[events.length - 1];
      const lastGradeAt = last && isGradeEvent(last.event) ? last.event.data.reviewedAt : null;
      const gradedSince = lastGradeAt !== null && (await gradedAnotherCardSince(db, card, lastGradeAt));
      return { state: { events, gradedSince }, version: last?.streamVersion ?? 0 };
    },
  };
}

/**
 * The card's inline state after its undo, in the undo's transaction: the row as the events before the undone grade
 * left it, or no row when the lesson itself is undone, with the lesson floor dropped so the card is found again.
 */
export async function restoreCardState(db: Queryable, card: UndoCardRef, after: UndoableCard, appended: AppendResult): Promise<void> {
  const undo = after.events[after.events.length - 1].event;
  if (undo.type !== 'CardGradeUndone') throw new Error('restoreCardState runs after a CardGradeUndone');
  if (undo.data.restored) {
    const state = cardStateFrom(after.events.map((e) => e.event));
    await updateCardState(db, { user_id: card.userId, course: card.course, material_type: card.material_type, material_id: card.material_id, state, version: appended.streamVersion });
    return;
  }
  await db.query('delete from card_states where user_id = $1 and course = $2 and material_type = $3 and material_id = $4', [
    card.userId,
    card.course,
    card.material_type,
    card.material_id,
  ]);
  // The floor says "everything before me is learned": no longer true of this card. The walk restarts from the
  // course's first card (and the next lesson grade sets the floor again).
  await db.query('delete from lesson_floors where user_id = $1 and course = $2', [card.userId, card.course]);
}

/** Whether the learner graded another card after `since` (only the last answer may be taken back). */
async function gradedAnotherCardSince(db: Queryable, card: UndoCardRef, since: string): Promise<boolean> {
  const { rows } = await db.query<{ later: boolean }>(
    `select exists (select 1 from card_states where user_id = $1 and last_reviewed_at > $2
                      and (course, material_type, material_id) <> ($3, $4, $5)) as later`,
    [card.userId, since, card.course, card.material_type, card.material_id],
  );
  return rows[0].later;
}
