import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { z } from 'zod';
import { eventually } from '../../../test/support/eventually';
import { ConcurrencyError } from '../errors/app-error';
import { createPool } from '../database/database';
import { defineEvent, upcast } from './event-registry';
import { EventStore } from './event-store';
import { START } from './event-store.types';

const ThingHappened = defineEvent('TestThingHappened', z.object({ n: z.number() }));
defineEvent('TestRenamed', z.object({ fullName: z.string() }), {
  schemaVersion: 2,
  upcasters: { 1: (d: { first: string; last: string }) => ({ fullName: `${d.first} ${d.last}` }) },
});

describe('EventStore', () => {
  let pool: Pool;
  let store: EventStore;
  beforeAll(() => {
    pool = createPool(process.env.DATABASE_URL!, 10);
    store = new EventStore(pool);
  });
  afterAll(() => pool.end());

  it('appends to a new stream and reads it back in order', async () => {
    const stream = `test-${randomUUID()}`;
    const r = await store.append(stream, 'test', 'no_stream', [ThingHappened({ n: 1 }), ThingHappened({ n: 2 })], { actorId: null, requestId: 'r1' });
    expect(r).toMatchObject({ streamVersion: 2, duplicate: false });
    const events = await store.readStream(stream);
    expect(events.map((e) => [e.streamVersion, e.data.n])).toEqual([[1, 1], [2, 2]]);
    expect(events[0].metadata.requestId).toBe('r1');
  });

  it('appends one event to each of many streams in one statement: new streams at 1, existing ones one version on', async () => {
    const [a, b] = [`test-${randomUUID()}`, `test-${randomUUID()}`];
    await store.append(b, 'test', 'no_stream', [ThingHappened({ n: 0 })]);
    const client = await pool.connect();
    try {
      await client.query('begin');
      const created = await store.appendToManyStreams(client, 'new', 'test', ThingHappened.type, [{ streamId: a, data: { n: 1 } }]);
      const moved = await store.appendToManyStreams(client, 'existing', 'test', ThingHappened.type, [{ streamId: b, data: { n: 2 } }]);
      await client.query('commit');
      expect([...created, ...moved].map((e) => [e.streamId, e.streamVersion, e.data.n])).toEqual([[a, 1, 1], [b, 2, 2]]);
    } finally {
      client.release();
    }
    expect((await store.readStream(b)).map((e) => e.data.n)).toEqual([0, 2]);
    // A "new" stream that exists, or an "existing" one that does not: a ConcurrencyError, nothing written.
    for (const [mode, stream] of [['new', a], ['existing', `test-${randomUUID()}`]] as const) {
      const tx = await pool.connect();
      try {
        await tx.query('begin');
        await expect(store.appendToManyStreams(tx, mode, 'test', ThingHappened.type, [{ streamId: stream, data: { n: 9 } }])).rejects.toBeInstanceOf(ConcurrencyError);
      } finally {
        await tx.query('rollback');
        tx.release();
      }
    }
    expect((await store.readStream(a)).map((e) => e.data.n)).toEqual([1]);
  });

  it('lets exactly one of two concurrent appends at the same expected version win', async () => {
    const stream = `test-${randomUUID()}`;
    await store.append(stream, 'test', 'no_stream', [ThingHappened({ n: 0 })]);
    const results = await Promise.allSettled([
      store.append(stream, 'test', 1, [ThingHappened({ n: 1 })]),
      store.append(stream, 'test', 1, [ThingHappened({ n: 2 })]),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].reason).toBeInstanceOf(ConcurrencyError);
    expect(lost[0].reason.status).toBe(409);
    expect(await store.streamVersion(stream)).toBe(2);
  });

  it('treats a retried append with the same event ids as a no-op returning the original result', async () => {
    const stream = `test-${randomUUID()}`;
    const eventId = randomUUID();
    const first = await store.append(stream, 'test', 'no_stream', [{ ...ThingHappened({ n: 7 }), eventId }]);
    const retry = await store.append(stream, 'test', 'no_stream', [{ ...ThingHappened({ n: 7 }), eventId }]);
    expect(retry).toEqual({ ...first, duplicate: true });
    expect(await store.readStream(stream)).toHaveLength(1);
    // Also when two retries race with expected version "any".
    const raceId = randomUUID();
    const [a, b] = await Promise.all([
      store.append(stream, 'test', 'any', [{ ...ThingHappened({ n: 8 }), eventId: raceId }]),
      store.append(stream, 'test', 'any', [{ ...ThingHappened({ n: 8 }), eventId: raceId }]),
    ]);
    expect(a.globalPosition).toBe(b.globalPosition);
    expect(await store.readStream(stream)).toHaveLength(2);
  });

  it('rejects an append whose expected version is stale', async () => {
    const stream = `test-${randomUUID()}`;
    await store.append(stream, 'test', 'no_stream', [ThingHappened({ n: 1 })]);
    await expect(store.append(stream, 'test', 'no_stream', [ThingHappened({ n: 2 })])).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(store.append(stream, 'test', 5, [ThingHappened({ n: 2 })])).rejects.toBeInstanceOf(ConcurrencyError);
  });

  it('validates event data against its registered schema', async () => {
    await expect(store.append(`test-${randomUUID()}`, 'test', 'any', [{ type: 'TestThingHappened', data: { n: 'x' } }])).rejects.toThrow(/invalid data/);
    await expect(store.append(`test-${randomUUID()}`, 'test', 'any', [{ type: 'NoSuchEvent', data: {} }])).rejects.toThrow(/Unknown event type/);
  });

  it('upcasts stored events of an older schema version on read', async () => {
    const stream = `test-${randomUUID()}`;
    await pool.query(
      `insert into streams (stream_id, stream_type, version) values ($1, 'test', 1);
       `.trim().replace(/;$/, ''),
      [stream],
    );
    await pool.query(
      `insert into events (stream_id, stream_version, event_id, event_type, schema_version, data) values ($1, 1, $2, 'TestRenamed', 1, $3)`,
      [stream, randomUUID(), { first: 'Aiko', last: 'Sato' }],
    );
    const [event] = await store.readStream(stream);
    expect(event.data).toEqual({ fullName: 'Aiko Sato' });
    expect(event.schemaVersion).toBe(2);
    expect(upcast('TestRenamed', 2, { fullName: 'x' })).toEqual({ fullName: 'x' });
  });

  it('does not skip a transaction that took an earlier position but committed later', async () => {
    const stream = `test-${randomUUID()}`;
    const before = await store.head();
    const slow = await pool.connect();
    try {
      await slow.query('begin');
      await store.append(stream + '-slow', 'test', 'any', [ThingHappened({ n: 1 })], {}, slow);
      await store.append(stream + '-fast', 'test', 'any', [ThingHappened({ n: 2 })]);
      // While the slow transaction is open, neither it nor anything after it is visible to readers.
      const whileOpen = (await store.readAll(before, 10_000)).filter((e) => e.streamId.startsWith(stream));
      expect(whileOpen).toEqual([]);
      await slow.query('commit');
    } finally {
      slow.release();
    }
    // A transaction of another spec file still open on this database hides both a while longer: wait for it.
    const after = await eventually('both appends visible after the slow commit', async () => {
      const seen = (await store.readAll(before, 10_000)).filter((e) => e.streamId.startsWith(stream));
      return seen.length >= 2 && seen;
    });
    expect(after.map((e) => e.streamId).sort()).toEqual([stream + '-fast', stream + '-slow']);
  });

  it('pages through the log by (transaction, position) from the start', async () => {
    const page = await store.readAll(START, 5);
    expect(page.length).toBeGreaterThan(0);
    for (let i = 1; i < page.length; i++) {
      const a = page[i - 1];
      const b = page[i];
      expect(BigInt(a.transactionId) < BigInt(b.transactionId) || (a.transactionId === b.transactionId && a.globalPosition < b.globalPosition)).toBe(true);
    }
  });
});
