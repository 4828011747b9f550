import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { z } from 'zod';
import { eventually } from '../../../test/support/eventually';
import { fixedClock } from '../clock';
import { createPool, Queryable, withTransaction } from '../database/database';
import { ConcurrencyError } from '../errors/app-error';
import { AggregateType, executeCommand } from './command-path';
import { defineEvent } from './event-registry';
import { EventStore } from './event-store';

// A test aggregate: a counter that never goes above a limit, with `at` recording the decision's clock.
const CounterAdded = defineEvent('TestCounterAdded', z.object({ by: z.number(), at: z.string() }));
interface Counter {
  id: string;
  total: number;
}
const evolve = (s: Counter, e: { type: string; data: unknown }): Counter =>
  e.type === CounterAdded.type ? { ...s, total: s.total + (e.data as { by: number }).by } : s;
const add = (by: number) => (s: Counter, now: Date) => (s.total + by > 10 ? [] : [CounterAdded({ by, at: now.toISOString() })]);

const folded: AggregateType<Counter> = {
  streamType: 'test-counter',
  streamId: (id) => `test-counter-${id}`,
  initial: (id) => ({ id, total: 0 }),
  evolve,
};

const TABLE = 'test_command_path_counters';
/** The same aggregate with inline state: a row locked on load, written after each append. */
const inline: AggregateType<Counter> = {
  ...folded,
  async load(db, id) {
    // Lock first, then read the version in a statement of its own (see userAggregate.load).
    const { rows } = await db.query<{ total: number }>(`select total from ${TABLE} where id = $1 for update`, [id]);
    if (!rows[0]) return null;
    const version = await db.query<{ version: string }>('select version from streams where stream_id = $1', [folded.streamId(id)]);
    return { state: { id, total: rows[0].total }, version: Number(version.rows[0]?.version ?? 0) };
  },
  async save(db, after) {
    await db.query(`update ${TABLE} set total = $2 where id = $1`, [after.id, after.total]);
  },
};

describe('executeCommand', () => {
  let pool: Pool;
  /** another process's writes */
  let otherPool: Pool;
  let elsewhere: EventStore;
  let store: EventStore;
  const clock = fixedClock(new Date('2030-01-02T03:04:05Z'));
  const newCounterRow = async () => {
    const id = randomUUID();
    await pool.query(`insert into ${TABLE} (id, total) values ($1, 0)`, [id]);
    return id;
  };
  const rowTotal = async (id: string) => (await pool.query<{ total: number }>(`select total from ${TABLE} where id = $1`, [id])).rows[0]?.total;

  beforeAll(async () => {
    pool = createPool(process.env.DATABASE_URL!, 5);
    store = new EventStore(pool);
    otherPool = createPool(process.env.DATABASE_URL!, 2);
    elsewhere = new EventStore(otherPool);
    await pool.query(`create table if not exists ${TABLE} (id text primary key, total int not null)`);
  });
  afterAll(async () => {
    await pool.end();
    await otherPool.end();
  });

  it('folds the stream, decides with the injected clock, appends at the loaded version and evolves', async () => {
    const id = randomUUID();
    const first = await executeCommand({ pool, store, clock }, folded, id, add(4), { metadata: { requestId: 'r1' } });
    expect(first).toMatchObject({ before: { total: 0 }, state: { total: 4 }, appended: { streamVersion: 1, duplicate: false } });
    expect(first!.events).toEqual([{ type: 'TestCounterAdded', data: { by: 4, at: '2030-01-02T03:04:05.000Z' } }]);
    const second = await executeCommand({ pool, store, clock }, folded, id, add(5), { metadata: {} });
    expect(second).toMatchObject({ before: { total: 4 }, state: { total: 9 }, appended: { streamVersion: 2 } });
    // decide says no: nothing is appended.
    const refused = await executeCommand({ pool, store, clock }, folded, id, add(5), { metadata: {} });
    expect(refused).toMatchObject({ state: { total: 9 }, events: [], appended: null });
    expect((await store.readStream(folded.streamId(id))).map((e) => [e.streamVersion, e.data.by, e.metadata.requestId ?? null])).toEqual([
      [1, 4, 'r1'],
      [2, 5, null],
    ]);
  });

  it('passes a result of decide through', async () => {
    const outcome = await executeCommand({ pool, store, clock }, folded, randomUUID(), (s) => ({ events: [], result: `total ${s.total}` }), { metadata: {} });
    expect(outcome?.result).toBe('total 0');
  });

  it("hands decide's result to the inline writes, in the transaction of the events", async () => {
    const id = await newCounterRow();
    const decide = (s: Counter, now: Date) => ({ events: add(6)(s, now), result: s.total + 6 });
    const outcome = await executeCommand({ pool, store, clock }, inline, id, decide, {
      metadata: {},
      // The row takes decide's figure, not the evolved state's: shows which value arrives.
      inline: async (db, _after, _appended, result) => void (await db.query(`update ${TABLE} set total = $2 * 10 where id = $1`, [id, result])),
    });
    expect(outcome?.result).toBe(6);
    expect(await rowTotal(id)).toBe(60);
  });

  it('another writer between load and append: ConcurrencyError, and nothing of the command is stored', async () => {
    const id = await newCounterRow();
    const racing: AggregateType<Counter> = {
      ...inline,
      async load(db, key) {
        const loaded = await inline.load!(db, key);
        // Commits on its own connection (another process's pool), past the lock a well-behaved writer would have taken.
        await elsewhere.append(folded.streamId(key), folded.streamType, 'any', [CounterAdded({ by: 1, at: 'elsewhere' })]);
        return loaded;
      },
    };
    await expect(executeCommand({ pool, store, clock }, racing, id, add(2), { metadata: {} })).rejects.toBeInstanceOf(ConcurrencyError);
    expect((await store.readStream(folded.streamId(id))).map((e) => e.data.at)).toEqual(['elsewhere']);
    expect(await rowTotal(id)).toBe(0);
  });

  it('writes the inline state and the extras in the same transaction as the events', async () => {
    const id = await newCounterRow();
    const seen: unknown[] = [];
    const outcome = await executeCommand({ pool, store, clock }, inline, id, add(3), {
      metadata: {},
      inline: async (db, after, appended) => void seen.push([after.total, appended.streamVersion, await rowTotalIn(db, id)]),
    });
    expect(outcome?.state.total).toBe(3);
    // the extra ran after the inline row was written, on the same connection
    expect(seen).toEqual([[3, 1, 3]]);
    expect(await rowTotal(id)).toBe(3);

    // In the caller's transaction: rolled back with it, events and row alike.
    await expect(
      withTransaction(pool, async (db) => {
        await executeCommand({ db, store, clock }, inline, id, add(2), { metadata: {} });
        expect(await rowTotalIn(db, id)).toBe(5);
        throw new Error('caller changed its mind');
      }),
    ).rejects.toThrow('caller changed its mind');
    expect(await rowTotal(id)).toBe(3);
    expect(await store.streamVersion(folded.streamId(id))).toBe(1);
  });

  it('a writer that waited for the lock decides on what the first one committed, at its new version', async () => {
    const id = await newCounterRow();
    const first = await pool.connect();
    try {
      await first.query('begin');
      await executeCommand({ db: first, store, clock }, inline, id, add(3), { metadata: {} });
      const second = executeCommand({ pool, store, clock }, inline, id, add(4), { metadata: {} });
      const firstPid = (await first.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
      await eventually('the second writer waiting for the row lock', async () => {
        const { rows } = await pool.query('select 1 from pg_stat_activity where $1 = any(pg_blocking_pids(pid))', [firstPid]);
        return rows.length > 0;
      });
      await first.query('commit');
      expect(await second).toMatchObject({ before: { total: 3 }, state: { total: 7 }, appended: { streamVersion: 2 } });
    } finally {
      first.release();
    }
  });

  it('an inline write that fails rolls the events back', async () => {
    const id = await newCounterRow();
    await expect(
      executeCommand({ pool, store, clock }, inline, id, add(1), {
        metadata: {},
        inline: async () => {
          throw new Error('inline failed');
        },
      }),
    ).rejects.toThrow('inline failed');
    expect(await store.streamVersion(folded.streamId(id))).toBe(0);
    expect(await rowTotal(id)).toBe(0);
  });

  it('answers null when load finds no aggregate, without deciding', async () => {
    const decide = jest.fn(add(1));
    expect(await executeCommand({ pool, store, clock }, inline, randomUUID(), decide, { metadata: {} })).toBeNull();
    expect(decide).not.toHaveBeenCalled();
  });

  it('stable event ids: a retry answers the first append and writes nothing more', async () => {
    const id = await newCounterRow();
    const fixedIds = [randomUUID()];
    const first = await executeCommand({ pool, store, clock }, inline, id, add(2), { metadata: {}, eventIds: (n) => fixedIds[n] });
    // The retry decides on an old state (it was loaded before the first committed, say) and sends the same ids.
    const stale: AggregateType<Counter> = { ...inline, load: async () => ({ state: { id, total: 0 }, version: 0 }) };
    const retry = await executeCommand({ pool, store, clock }, stale, id, add(2), { metadata: {}, eventIds: (n) => fixedIds[n] });
    expect(first?.appended).toMatchObject({ streamVersion: 1, duplicate: false });
    expect(retry?.appended).toMatchObject({ streamVersion: 1, duplicate: true, globalPosition: first!.appended!.globalPosition });
    expect(await rowTotal(id)).toBe(2);
    expect((await store.readStream(folded.streamId(id))).map((e) => e.eventId)).toEqual(fixedIds);
  });
});

async function rowTotalIn(db: Queryable, id: string): Promise<number> {
  return (await db.query<{ total: number }>(`select total from ${TABLE} where id = $1`, [id])).rows[0].total;
}
