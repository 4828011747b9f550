import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import { actorOf, ActorView, changesOf, dataOf, FieldChange, PriorState, StoredEvent } from './describe-event';
import { CARD_TYPES, cardStreams, CardType, readCardRow } from '../../content';

export const HISTORY_PAGE_SIZE = 50;

export interface HistoryItem {
  event_id: string;
  stream_id: string;
  type: string;
  at: string;
  actor: ActorView;
  changes: FieldChange[];
  data?: unknown;
}

export interface HistoryPage {
  items: HistoryItem[];
  /** pass back as `before` for the next (older) page; null at the end */
  next_before: string | null;
}

export type HistorySource = { stream: string; actor?: undefined } | { actor: string; stream?: undefined };

const COLUMNS = `event_id, stream_id, stream_version, global_position, event_type, data, metadata, actor_id, recorded_at,
                 (extract(epoch from recorded_at) * 1000000)::bigint::text as micros`;

interface Row {
  event_id: string;
  stream_id: string;
  stream_version: string;
  global_position: string;
  event_type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  actor_id: string | null;
  recorded_at: Date;
  micros: string;
}

function badCursor(): AppError {
  return new AppError('validation_failed', 'The `before` cursor is not one this API answered. Start from the first page.', {
    fields: [{ field: 'before', message: 'Unknown cursor.' }],
  });
}

/**
 * GetHistory: a stream's events (a material's also include the sentence and word it shows), or everything one
 * person did, newest first, 50 a page. Stream pages read by the events' primary key (stream_id, …); a person's
 * by the events_actor index (actor_id, recorded_at).
 */
@Injectable()
export class HistoryQuery {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async page(source: HistorySource, before?: string): Promise<HistoryPage> {
    const limit = HISTORY_PAGE_SIZE + 1;
    let rows: Row[];
    if (source.stream !== undefined) {
      const position = before === undefined ? null : /^\d{1,18}$/.test(before) ? before : null;
      if (before !== undefined && position === null) throw badCursor();
      const streams = await this.streamsOf(source.stream);
      rows = (
        await this.pool.query<Row>(
          streams.length === 1
            ? `select ${COLUMNS} from events where stream_id = $1 and ($2::bigint is null or global_position < $2::bigint)
                order by stream_version desc limit $3`
            : `select ${COLUMNS} from events where stream_id = any($1::text[]) and ($2::bigint is null or global_position < $2::bigint)
                order by global_position desc limit $3`,
          [streams.length === 1 ? streams[0] : streams, position, limit],
        )
      ).rows;
    } else {
      const cursor = before === undefined ? null : /^(\d{1,20})\.(\d{1,18})$/.exec(before);
      if (before !== undefined && !cursor) throw badCursor();
      rows = (
        await this.pool.query<Row>(
          cursor
            ? `select ${COLUMNS} from events
                where actor_id = $1
                  and (recorded_at, global_position) < (timestamptz 'epoch' + $2::bigint * interval '1 microsecond', $3::bigint)
                order by recorded_at desc, global_position desc limit $4`
            : `select ${COLUMNS} from events where actor_id = $1 order by recorded_at desc, global_position desc limit $2`,
          cursor ? [source.actor, cursor[1], cursor[2], limit] : [source.actor, limit],
        )
      ).rows;
    }

    const more = rows.length > HISTORY_PAGE_SIZE;
    const shown = rows.slice(0, HISTORY_PAGE_SIZE);
    const events: StoredEvent[] = shown.map((r) => ({
      eventId: r.event_id,
      streamId: r.stream_id,
      streamVersion: Number(r.stream_version),
      globalPosition: Number(r.global_position),
      type: r.event_type,
      data: r.data ?? {},
      metadata: r.metadata ?? {},
      actorId: r.actor_id,
      recordedAt: r.recorded_at,
    }));
    const [people, priors] = await Promise.all([this.people(events), this.priors(events)]);
    const last = shown[shown.length - 1];
    return {
      items: events.map((e) => {
        const data = dataOf(e);
        return {
          event_id: e.eventId,
          stream_id: e.streamId,
          type: e.type,
          at: e.recordedAt.toISOString(),
          actor: actorOf(e, people),
          changes: changesOf(e, priors.get(e.eventId)),
          ...(data === undefined ? {} : { data }),
        };
      }),
      next_before: more && last ? (source.stream !== undefined ? last.global_position : `${last.micros}.${last.global_position}`) : null,
    };
  }

  /** A card's history also shows the events of the sentence and the word it shows (an edit may land there). */
  private async streamsOf(stream: string): Promise<string[]> {
    const card = /^material-([a-z]+)-(\d{1,10})$/.exec(stream);
    if (!card || !(CARD_TYPES as readonly string[]).includes(card[1])) return [stream];
    const row = await readCardRow(this.pool, card[1] as CardType, Number(card[2]));
    return row ? cardStreams(row) : [stream];
  }

  private async people(events: StoredEvent[]): Promise<Map<string, { name: string | null; email: string | null; isAdmin: boolean }>> {
    const ids = [...new Set(events.map((e) => e.actorId).filter((id): id is string => Boolean(id)))];
    if (!ids.length) return new Map();
    const { rows } = await this.pool.query<{ id: string; name: string | null; email: string | null; is_admin: boolean }>(
      'select id, name, email, is_admin from users where id = any($1::uuid[])',
      [ids],
    );
    return new Map(rows.map((r) => [r.id, { name: r.name, email: r.email, isAdmin: r.is_admin }]));
  }

  /** For settings and time zone events (which carry the new state only): the state before each one. */
  private async priors(events: StoredEvent[]): Promise<Map<string, PriorState>> {
    const wanted = events.filter((e) => e.type === 'SettingsChanged' || e.type === 'TimeZoneSet');
    const out = new Map<string, PriorState>();
    if (!wanted.length) return out;
    const { rows } = await this.pool.query<{ stream_id: string; stream_version: string; event_type: string; data: Record<string, unknown> }>(
      `select stream_id, stream_version, event_type, data from events
        where stream_id = any($1::text[]) and event_type in ('SettingsChanged', 'TimeZoneSet') order by stream_id, stream_version`,
      [[...new Set(wanted.map((e) => e.streamId))]],
    );
    for (const e of wanted) {
      const earlier = rows.filter((r) => r.stream_id === e.streamId && r.event_type === e.type && Number(r.stream_version) < e.streamVersion).pop();
      if (!earlier) continue;
      out.set(e.eventId, e.type === 'SettingsChanged' ? { settings: earlier.data.settings as Record<string, unknown> } : { timezone: String(earlier.data.timezone) });
    }
    return out;
  }
}
