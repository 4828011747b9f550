import { Queryable, quoteIdent } from '../platform/database/database';
import { RecordedEvent } from '../platform/event-store/event-store.types';
import { Projection, TableNames } from '../platform/projections/projection';
import { VacationEnded, type VacationEndedData } from '../accounts';
import { CARD_EVENT_TYPES, type CardEvent } from './card.events';
import { cardStateColumns, cardStateOf, upsertCardStates, type CardStateWrite } from './card-states.store';
import { evolve, initialCardState } from './card.state';
import { shiftCardsForVacation } from './vacation/shift-for-vacation';

export const CARD_STATES_PROJECTION = 'card_states';

/**
 * The lock every writer of card_states holds, shared, from before it appends a card event until it commits (the
 * grade, study_record_grade, migration 042; the undo), and the whole-table writers hold exclusively (the servable
 * sync of migration 040, a rebuild): a rebuild holding it sees every card event committed and none in flight.
 */
export const CARD_STATES_WRITE_LOCK = 1802071923;

type Row = CardStateWrite;

/**
 * card_states as a projection of the card events (issue 16): written inline with each grade and undo (the study
 * write path), registered so that `projections:rebuild card_states [--blue-green]` can replay it from the log.
 * `evolve` folds each card's events, so the rebuilt row is the state the decisions recorded: attempts, mastery,
 * interval, due time, last review, learned time, the scheduler's memory, the lapses and leech mark, the card's level (that of its lesson) and the stream version. A
 * card whose lesson was undone has no row. `servable` mirrors the material's flag, as the live writers set it.
 * The user stream's VacationEnded (issue 30, item 4) moves the learner's due dates at its place in the log, as the
 * live end of a vacation does in its transaction: a batch is applied in runs of card events between them.
 */
export const cardStatesProjection: Projection = {
  name: CARD_STATES_PROJECTION,
  eventTypes: [...CARD_EVENT_TYPES, VacationEnded.type],
  tables: ['card_states'],
  inline: true,
  async writeLock(db: Queryable) {
    await db.query('select pg_advisory_xact_lock($1)', [CARD_STATES_WRITE_LOCK]);
  },
  async apply(db: Queryable, events: RecordedEvent[], tables: TableNames) {
    let run: RecordedEvent[] = [];
    for (const e of events) {
      if (e.type !== VacationEnded.type) {
        run.push(e);
        continue;
      }
      if (run.length) await applyCardEvents(db, run, tables);
      run = [];
      await shiftCardsForVacation(db, tables.card_states, e.data as VacationEndedData);
    }
    if (run.length) await applyCardEvents(db, run, tables);
  },
};

/** A run of card events: each card's row folded on from the stored one, written set-based. */
async function applyCardEvents(db: Queryable, events: RecordedEvent[], tables: TableNames): Promise<void> {
  {
    const table = quoteIdent(tables.card_states);
    const keyOf = (d: { userId: string; course: string; materialType: string; materialId: number }) => `${d.userId}|${d.course}|${d.materialType}|${d.materialId}`;
    const cards = new Map<string, Row>();
    for (const e of events) {
      const d = e.data as { userId: string; course: string; materialType: string; materialId: number; level: number };
      if (!cards.has(keyOf(d))) {
        cards.set(keyOf(d), { user_id: d.userId, course: d.course, material_type: d.materialType, material_id: d.materialId, level: d.level, state: initialCardState, version: 0 });
      }
    }
    // The rows of earlier batches (a card's events can span batches).
    const list = [...cards.values()];
    const { rows } = await db.query(
      `select ${cardStateColumns('t')}
         from ${table} t join unnest($1::uuid[], $2::text[], $3::text[], $4::int[]) k(user_id, course, material_type, material_id)
           on k.user_id = t.user_id and k.course = t.course and k.material_type = t.material_type and k.material_id = t.material_id`,
      [list.map((c) => c.user_id), list.map((c) => c.course), list.map((c) => c.material_type), list.map((c) => c.material_id)],
    );
    for (const r of rows) {
      const c = cards.get(`${r.user_id}|${r.course}|${r.material_type}|${r.material_id}`)!;
      c.level = r.level;
      c.version = Number(r.version);
      c.state = cardStateOf(r);
    }
    for (const e of events) {
      const c = cards.get(keyOf(e.data))!;
      c.state = evolve(c.state, { type: e.type, data: e.data } as CardEvent);
      c.version = e.streamVersion;
      // A card counts in the level it was learned at: its lesson's level, which every later event repeats.
      if (e.type === 'CardLearned') c.level = (e.data as { level: number }).level;
    }
    const kept = list.filter((c) => c.state.attempts > 0);
    const gone = list.filter((c) => c.state.attempts === 0);
    if (gone.length) {
      await db.query(
        `delete from ${table} t using unnest($1::uuid[], $2::text[], $3::text[], $4::int[]) k(user_id, course, material_type, material_id)
          where k.user_id = t.user_id and k.course = t.course and k.material_type = t.material_type and k.material_id = t.material_id`,
        [gone.map((c) => c.user_id), gone.map((c) => c.course), gone.map((c) => c.material_type), gone.map((c) => c.material_id)],
      );
    }
    await upsertCardStates(db, tables.card_states, kept);
  }
}
