import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { ConcurrencyError } from '../errors/app-error';
import { Queryable } from '../database/database';
import { AppendBatcher, AppendBatcherOptions, AppendRow } from './append-batcher';
import { afterCommit, CommitNotifier } from './commit-notifier';
import type { CommittedEvent } from './events-committed';
import { currentSchemaVersion, upcast, validateNewEvent } from './event-registry';
import { AppendResult, Checkpoint, EventMetadata, ExpectedVersion, NewEvent, RecordedEvent, VISIBLE_EVENTS } from './event-store.types';


const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function expectedToNumber(expected: ExpectedVersion): number {
  if (expected === 'any') return -1;
  if (expected === 'no_stream') return 0;
  return expected;
}

interface EventRow {
  global_position: string;
  transaction_id: string;
  stream_id: string;
  stream_version: string;
  event_id: string;
  event_type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
  actor_id: string | null;
  recorded_at: Date;
}

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    globalPosition: Number(row.global_position),
    transactionId: row.transaction_id,
    streamId: row.stream_id,
    streamVersion: Number(row.stream_version),
    eventId: row.event_id,
    type: row.event_type,
    schemaVersion: currentSchemaVersion(row.event_type),
    data: upcast(row.event_type, row.schema_version, row.data),
    metadata: row.metadata,
    actorId: row.actor_id,
    recordedAt: row.recorded_at,
  };
}

const EVENT_COLUMNS =
  'global_position, transaction_id::text as transaction_id, stream_id, stream_version, event_id, event_type, schema_version, data, metadata, actor_id, recorded_at';

export { EVENTS_CHANNEL } from './commit-notifier';

/** A stream's events after `afterVersion`, in order (0: all of them); `db` may be a transaction's client. */
export async function readStreamAfter(db: Queryable, streamId: string, afterVersion: number): Promise<RecordedEvent[]> {
  const { rows } = await db.query<EventRow>(
    `select ${EVENT_COLUMNS} from events where stream_id = $1 and stream_version > $2 order by stream_version`,
    [streamId, afterVersion],
  );
  return rows.map(toRecordedEvent);
}

/**
 * The nine arguments of the append_events SQL function ($1…$9), validated: event ids (given or new), each
 * event's data against its registered schema, the schema versions and the metadata. SQL functions that append
 * as part of a larger write (study_record_grade) take the same nine first.
 */
export function appendArguments(streamId: string, streamType: string, expected: ExpectedVersion, events: NewEvent[], metadata: EventMetadata = {}): unknown[] {
  if (events.length === 0) throw new Error('append needs at least one event');
  const ids = events.map((e) => e.eventId ?? randomUUID());
  for (const id of ids) if (!UUID.test(id)) throw new Error(`event id ${id} is not a uuid`);
  const data = events.map((e) => JSON.stringify(validateNewEvent(e.type, e.data)));
  const actor = metadata.actorId && UUID.test(metadata.actorId) ? metadata.actorId : null;
  const meta = JSON.stringify({ ...metadata, actorId: metadata.actorId ?? null });
  return [
    streamId,
    streamType,
    expectedToNumber(expected),
    ids,
    events.map((e) => e.type),
    events.map((e) => currentSchemaVersion(e.type)),
    data,
    events.map(() => meta),
    actor,
  ];
}

interface ManyStreamsRow {
  global_position: string;
  transaction_id: string;
  stream_id: string;
  stream_version: string;
  event_id: string;
  recorded_at: Date;
}

/**
 * What a failed append means, for every SQL function that appends (append_events, study_record_grade):
 * 'version_conflict' — the stream moved past the expected version (SQLSTATE KC409, raised by the function);
 * 'duplicate_event_id' — an event with one of these ids was committed meanwhile (an identical retry won the race).
 */
export function appendFailure(error: unknown): 'version_conflict' | 'duplicate_event_id' | undefined {
  const e = error as { code?: string; constraint?: string };
  if (e?.code === 'KC409') return 'version_conflict';
  if (e?.code === '23505' && e.constraint === 'events_event_id_key') return 'duplicate_event_id';
  return undefined;
}

export class EventStore {
  private readonly notifier: CommitNotifier;
  private readonly batcher: AppendBatcher;
  /** Told each append's latency in seconds (MetricsService); unset, nothing is measured. */
  private appendObserver?: (seconds: number) => void;
  /** Told what was appended, after the commit (CommittedEventsPublisher → Nest's EventBus). */
  private readonly commitObservers: Array<(events: readonly CommittedEvent[]) => void> = [];
  constructor(private readonly pool: Pool, options: AppendBatcherOptions = {}) {
    this.notifier = new CommitNotifier(pool);
    this.batcher = new AppendBatcher(pool, (params) => this.appendOne(params, pool), options);
  }

  /**
   * Appends events to one stream. Pass `db` to append inside a caller's transaction, so that inline state is
   * written atomically with its event: one round trip (the append_events SQL function). Without it, the append
   * joins the appends waiting while others are on the wire and commits with them (AppendBatcher).
   */
  async append(
    streamId: string,
    streamType: string,
    expected: ExpectedVersion,
    events: NewEvent[],
    metadata: EventMetadata = {},
    db: Queryable = this.pool,
  ): Promise<AppendResult> {
    const params = appendArguments(streamId, streamType, expected, events, metadata);
    const started = this.appendObserver ? process.hrtime.bigint() : 0n;
    const last = db === this.pool ? await this.batcher.append(params) : await this.appendOne(params, db);
    if (this.appendObserver) this.appendObserver(Number(process.hrtime.bigint() - started) / 1e9);
    if (last === 'conflict') throw new ConcurrencyError();
    if (!last.duplicate) afterCommit(db, () => this.afterCommit(this.commitObservers.length ? events.map((e) => ({ streamId, type: e.type })) : []));
    return {
      streamVersion: Number(last.stream_version),
      globalPosition: Number(last.global_position),
      transactionId: last.transaction_id,
      duplicate: last.duplicate,
    };
  }

  /** One append in one round trip; answers the row of its last event. */
  private async appendOne(params: unknown[], db: Queryable): Promise<AppendRow> {
    const sql = 'select stream_version, global_position, transaction_id::text as transaction_id, duplicate from append_events($1, $2, $3, $4::uuid[], $5::text[], $6::smallint[], $7::jsonb[], $8::jsonb[], $9::uuid)';
    let rows: AppendRow[];
    try {
      // A named statement is parsed and planned once per connection: the hottest write path skips both.
      rows = (await db.query<AppendRow>({ name: 'kioku_append_events', text: sql, values: params })).rows;
    } catch (error) {
      const failure = appendFailure(error);
      if (failure === 'version_conflict') throw new ConcurrencyError();
      // Two identical retries racing with expected version 'any': the loser sees the winner's ids.
      if (failure === 'duplicate_event_id' && db === this.pool) {
        rows = (await db.query<AppendRow>(sql, params)).rows;
      } else if (failure === 'duplicate_event_id') {
        throw new ConcurrencyError();
      } else {
        throw error;
      }
    }
    return rows[rows.length - 1];
  }

  /**
   * One event on each of many streams, in one statement, inside the caller's transaction (`db`): the content
   * loader's thousands of materials, where append_events (one stream a call) would take a round trip each.
   * `mode: 'new'` creates the streams at version 1; a stream that exists already (created meanwhile) fails the
   * statement. `mode: 'existing'` moves each stream one version on (a stream may be ahead of what its material
   * has seen: other contexts append to it too); a stream that vanished fails. Either failure is a
   * ConcurrencyError: the caller's transaction rolls back and it decides again on the new state. The events are
   * answered as recorded, in `events` order; readers are woken after the caller's commit.
   */
  async appendToManyStreams(
    db: Queryable,
    mode: 'new' | 'existing',
    streamType: string,
    eventType: string,
    events: ReadonlyArray<{ streamId: string; data: unknown; eventId?: string }>,
    metadata: EventMetadata = {},
  ): Promise<RecordedEvent[]> {
    if (!events.length) return [];
    const input = events.map((e, n) => ({ stream_id: e.streamId, event_id: e.eventId ?? randomUUID(), data: e.data, n }));
    const schemaVersion = currentSchemaVersion(eventType);
    const meta = JSON.stringify({ ...metadata, actorId: metadata.actorId ?? null });
    const returning = 'returning global_position, transaction_id::text as transaction_id, stream_id, stream_version, event_id, recorded_at';
    let rows: ManyStreamsRow[];
    try {
      rows = (
        await db.query<ManyStreamsRow>(
          mode === 'new'
            ? `with input as (select * from jsonb_to_recordset($1::jsonb) as t(stream_id text, event_id uuid, data jsonb, n int)),
                    created as (insert into streams (stream_id, stream_type, version) select stream_id, $5, 1 from input)
               insert into events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata, actor_id)
               select stream_id, 1, event_id, $2, $3, data, $4::jsonb, null from input order by n
               ${returning}`
            : `with input as (select * from jsonb_to_recordset($1::jsonb) as t(stream_id text, event_id uuid, data jsonb, n int)),
                    bumped as (update streams s set version = s.version + 1, updated_at = now() from input i
                                where s.stream_id = i.stream_id returning s.stream_id, s.version)
               insert into events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata, actor_id)
               select i.stream_id, b.version, i.event_id, $2, $3, i.data, $4::jsonb, null from input i join bumped b using (stream_id) order by i.n
               ${returning}`,
          mode === 'new' ? [JSON.stringify(input), eventType, schemaVersion, meta, streamType] : [JSON.stringify(input), eventType, schemaVersion, meta],
        )
      ).rows;
    } catch (error) {
      // A stream created meanwhile (streams' primary key), or an id already stored.
      if ((error as { code?: string }).code === '23505') throw new ConcurrencyError();
      throw error;
    }
    if (rows.length !== input.length) throw new ConcurrencyError();
    afterCommit(db, () => this.afterCommit(input.map((i) => ({ streamId: i.stream_id, type: eventType }))));
    const dataOf = new Map(input.map((i) => [i.stream_id, i.data]));
    return rows.map((r) => ({
      globalPosition: Number(r.global_position),
      transactionId: r.transaction_id,
      streamId: r.stream_id,
      streamVersion: Number(r.stream_version),
      eventId: r.event_id,
      type: eventType,
      schemaVersion,
      data: dataOf.get(r.stream_id),
      metadata,
      actorId: null,
      recordedAt: r.recorded_at,
    }));
  }

  observeAppends(observer: (seconds: number) => void): void {
    this.appendObserver = observer;
  }

  /** After a commit that appended through another SQL function (study_record_grade): wakes the runners, notifies. */
  committed(events: readonly CommittedEvent[] = []): void {
    this.afterCommit(events);
  }

  /** Subscribes to what every append commits (a notification: in-process, best effort; see EventsCommitted). */
  onCommitted(observer: (events: readonly CommittedEvent[]) => void): void {
    this.commitObservers.push(observer);
  }

  private afterCommit(events: readonly CommittedEvent[]): void {
    this.notifier.notify();
    if (!events.length) return;
    for (const observer of this.commitObservers) {
      try {
        observer(events);
      } catch {
        // A notification subscriber never fails the write that has already committed.
      }
    }
  }

  async streamVersion(streamId: string, db: Queryable = this.pool): Promise<number> {
    const { rows } = await db.query<{ version: string }>('select version from streams where stream_id = $1', [streamId]);
    return rows.length ? Number(rows[0].version) : 0;
  }

  async readStream(streamId: string, db: Queryable = this.pool): Promise<RecordedEvent[]> {
    return readStreamAfter(db, streamId, 0);
  }

  /**
   * Reads the global log after a checkpoint, in commit-safe order. Events of transactions that are still
   * open (or that started before the oldest open one) are not visible yet; they are read on a later call,
   * so a transaction that took its position early but committed late is never skipped.
   */
  async readAll(after: Checkpoint, limit: number, types?: string[], db: Queryable = this.pool): Promise<RecordedEvent[]> {
    const { rows } = await db.query<EventRow>(
      `select ${EVENT_COLUMNS} from events
        where (transaction_id, global_position) > ($1::xid8, $2::bigint)
          and ${VISIBLE_EVENTS}
          ${types ? 'and event_type = any($4::text[])' : ''}
        order by transaction_id, global_position
        limit $3`,
      types ? [after.tx, after.position, limit, types] : [after.tx, after.position, limit],
    );
    return rows.map(toRecordedEvent);
  }

  /** The newest commit-visible position: the target a projection's lag is measured against. */
  async head(db: Queryable = this.pool): Promise<Checkpoint> {
    const { rows } = await db.query<{ tx: string; position: string }>(
      `select transaction_id::text as tx, global_position as position from events
        where ${VISIBLE_EVENTS}
        order by transaction_id desc, global_position desc limit 1`,
    );
    return rows.length ? { tx: rows[0].tx, position: Number(rows[0].position) } : { tx: '0', position: 0 };
  }
}
