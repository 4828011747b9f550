import { Pool } from 'pg';
import { Clock, systemClock } from '../clock';
import { Queryable, withTransaction } from '../database/database';
import { EventStore } from './event-store';
import { AppendResult, EventMetadata, NewEvent } from './event-store.types';

/**
 * An aggregate as the command path sees it: its stream, its initial state and its evolve. `load` and `save` are
 * its inline state, when it has one (a row written in the same transaction as its events); without them the
 * state is the fold of the stream.
 */
export interface AggregateType<S, Id = string> {
  streamType: string;
  streamId(id: Id): string;
  /** the state of a stream with no events */
  initial(id: Id): S;
  evolve(state: S, event: { type: string; data: unknown }): S;
  /**
   * Reads (and locks, so writers of one aggregate run one after the other) the inline state and the stream's
   * version; null when the aggregate does not exist.
   */
  load?(db: Queryable, id: Id): Promise<Loaded<S> | null>;
  /** Writes the inline state after the append, in the same transaction. */
  save?(db: Queryable, after: S, before: S): Promise<void>;
}

export interface Loaded<S> {
  state: S;
  /** the stream's version: the append expects exactly this one */
  version: number;
}

/** What a pure decide answers: the events, and a result for the caller when it needs more than the new state. */
export type Decision<R> = readonly NewEvent[] | { events: readonly NewEvent[]; result: R };

export interface CommandDeps {
  store: EventStore;
  /** a new transaction on this pool… */
  pool?: Pool;
  /** …or the caller's transaction (its other writes commit or roll back with these events) */
  db?: Queryable;
  clock?: Clock;
}

export interface CommandOptions<S, R = unknown> {
  metadata: EventMetadata;
  /**
   * More writes that belong to this change (a row the events only mention), in the same transaction; `result`
   * is decide's (a value it checked or normalised for the row).
   */
  inline?: (db: Queryable, after: S, appended: AppendResult, result: R) => Promise<void>;
  /** Stable event ids (from an Idempotency-Key, a provider's event id): a retry then answers the first append. */
  eventIds?: (index: number) => string;
}

export interface CommandOutcome<S, R> {
  /** the state after the events (the loaded state when there were none, or when the append was a retry) */
  state: S;
  /** the state the decision was made on */
  before: S;
  events: readonly NewEvent[];
  /** null when decide answered no events */
  appended: AppendResult | null;
  result: R;
}

/**
 * The one write path of an aggregate, in one transaction: load its state (the inline row, or the fold of its
 * stream), run the pure `decide` on it with the injected clock's now, append at the loaded version (another
 * writer in between is a ConcurrencyError, and the transaction rolls back), evolve the events into the state,
 * write the inline state and the `inline` extras. No events, no append and no write. Answers null when `load`
 * finds no aggregate. A retried append (same event ids, `duplicate`) changes nothing more: the state loaded
 * already holds its events.
 */
export async function executeCommand<S, Id, R = undefined>(
  deps: CommandDeps,
  aggregate: AggregateType<S, Id>,
  id: Id,
  decide: (state: S, now: Date) => Decision<R>,
  options: CommandOptions<S, R>,
): Promise<CommandOutcome<S, R> | null> {
  const run = (db: Queryable) => decideAndAppend(db, deps, aggregate, id, decide, options);
  if (deps.db) return run(deps.db);
  if (!deps.pool) throw new Error('executeCommand needs a pool or a transaction');
  return withTransaction(deps.pool, run);
}

async function decideAndAppend<S, Id, R>(
  db: Queryable,
  deps: CommandDeps,
  aggregate: AggregateType<S, Id>,
  id: Id,
  decide: (state: S, now: Date) => Decision<R>,
  options: CommandOptions<S, R>,
): Promise<CommandOutcome<S, R> | null> {
  const streamId = aggregate.streamId(id);
  const loaded = aggregate.load ? await aggregate.load(db, id) : await fold(db, deps.store, aggregate, id, streamId);
  if (!loaded) return null;
  const decision = decide(loaded.state, (deps.clock ?? systemClock).now());
  const { events: decided, result } = isEventList(decision) ? { events: decision, result: undefined as R } : decision;
  const unchanged = { state: loaded.state, before: loaded.state, events: decided, result };
  if (decided.length === 0) return { ...unchanged, appended: null };
  const events = options.eventIds ? decided.map((e, n) => ({ ...e, eventId: e.eventId ?? options.eventIds!(n) })) : [...decided];
  const appended = await deps.store.append(streamId, aggregate.streamType, loaded.version, events, options.metadata, db);
  if (appended.duplicate) return { ...unchanged, events, appended };
  const state = events.reduce((s, e) => aggregate.evolve(s, e), loaded.state);
  if (aggregate.save) await aggregate.save(db, state, loaded.state);
  if (options.inline) await options.inline(db, state, appended, result);
  return { state, before: loaded.state, events, appended, result };
}

function isEventList<R>(decision: Decision<R>): decision is readonly NewEvent[] {
  return Array.isArray(decision);
}

/** An aggregate without inline state: the fold of its stream; a stream with no events is the initial state. */
async function fold<S, Id>(db: Queryable, store: EventStore, aggregate: AggregateType<S, Id>, id: Id, streamId: string): Promise<Loaded<S>> {
  const recorded = await store.readStream(streamId, db);
  return {
    state: recorded.reduce((s, e) => aggregate.evolve(s, e), aggregate.initial(id)),
    version: recorded.length ? recorded[recorded.length - 1].streamVersion : 0,
  };
}
