import { Queryable, quoteIdent } from '../../database/database';
import { RecordedEvent } from '../../event-store/event-store.types';
import { Projection, TableNames } from '../projection';

export const COUNTER_TABLE_DDL = `create table if not exists event_counter (stream_type text primary key, events bigint not null, last_position bigint not null)`;

/**
 * Counts events per stream prefix: the smallest projection that still shows double or missed applies.
 * Used by the engine's tests and the replay benchmark; writes one set-based upsert per batch.
 */
export function counterProjection(eventTypes: string[], options: { delayMs?: () => number } = {}): Projection {
  return {
    name: 'event_counter',
    eventTypes,
    tables: ['event_counter'],
    async apply(db: Queryable, events: RecordedEvent[], tables: TableNames) {
      const counts = new Map<string, { n: number; last: number }>();
      for (const e of events) {
        const key = e.streamId.split('-')[0];
        const c = counts.get(key) ?? { n: 0, last: 0 };
        c.n++;
        c.last = Math.max(c.last, e.globalPosition);
        counts.set(key, c);
      }
      const delay = options.delayMs?.() ?? 0;
      if (delay) await db.query('select pg_sleep($1)', [delay / 1000]);
      await db.query(
        `insert into ${quoteIdent(tables.event_counter)} as t (stream_type, events, last_position)
         select * from unnest($1::text[], $2::bigint[], $3::bigint[])
         on conflict (stream_type) do update set events = t.events + excluded.events,
           last_position = greatest(t.last_position, excluded.last_position)`,
        [[...counts.keys()], [...counts.values()].map((c) => c.n), [...counts.values()].map((c) => c.last)],
      );
    },
  };
}
