import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { z } from 'zod';
import { ConcurrencyError } from '../errors/app-error';
import { createPool } from '../database/database';
import { defineEvent } from './event-registry';
import { EventStore } from './event-store';

const Batched = defineEvent('TestBatched', z.object({ n: z.number() }));

/** The append statements a pool was sent (kioku_append_events alone, kioku_append_events_batch batched). */
function recordAppends(pool: Pool): string[] {
  const sent: string[] = [];
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: unknown }).query = (config: unknown, values?: unknown) => {
    const name = typeof config === 'object' ? (config as { name?: string }).name : undefined;
    if (name?.startsWith('kioku_append')) sent.push(name);
    return query(config, values);
  };
  return sent;
}

describe('Batched appends (group commit)', () => {
  let pool: Pool;
  let store: EventStore;
  let sent: string[];
  beforeAll(() => {
    pool = createPool(process.env.DATABASE_URL!, 10);
    sent = recordAppends(pool);
    store = new EventStore(pool, { maxInFlight: 1 });
  });
  afterAll(() => pool.end());
  beforeEach(() => sent.splice(0));

  it('commits concurrent appends to different streams together, each with its own versions and positions', async () => {
    const streams = Array.from({ length: 12 }, () => `batch-${randomUUID()}`);
    await Promise.all(streams.map((s) => store.append(s, 'test', 'no_stream', [Batched({ n: 0 })])));
    sent.splice(0);

    const results = await Promise.all(streams.map((s, i) => store.append(s, 'test', 1, [Batched({ n: 1 }), Batched({ n: 100 + i })])));

    expect(sent).toEqual(['kioku_append_events_batch']);
    expect(results.map((r) => r.streamVersion)).toEqual(streams.map(() => 3));
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect(new Set(results.map((r) => r.globalPosition)).size).toBe(12);
    for (const [i, s] of streams.entries()) {
      const events = await store.readStream(s);
      expect(events.map((e) => [e.streamVersion, e.data.n])).toEqual([[1, 0], [2, 1], [3, 100 + i]]);
      expect(events[2].globalPosition).toBe(results[i].globalPosition);
    }
  });

  it('refuses only the append whose expected version is stale; the others in its batch commit', async () => {
    const [a, b, c] = [`batch-${randomUUID()}`, `batch-${randomUUID()}`, `batch-${randomUUID()}`];
    await Promise.all([a, b, c].map((s) => store.append(s, 'test', 'no_stream', [Batched({ n: 0 })])));
    sent.splice(0);

    const results = await Promise.allSettled([
      store.append(a, 'test', 1, [Batched({ n: 1 })]),
      store.append(b, 'test', 7, [Batched({ n: 1 })]),
      store.append(c, 'test', 'no_stream', [Batched({ n: 1 })]),
      store.append(a, 'test', 1, [Batched({ n: 2 })]),
    ]);

    expect(sent).toEqual(['kioku_append_events_batch']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'rejected']);
    for (const r of results.slice(1)) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    expect((await store.readStream(a)).map((e) => e.data.n)).toEqual([0, 1]);
    expect(await store.streamVersion(b)).toBe(1);
    expect(await store.streamVersion(c)).toBe(1);
  });

  it('answers a retried append in a batch with its original result, and a retry racing its original as a duplicate', async () => {
    const stream = `batch-${randomUUID()}`;
    const eventId = randomUUID();
    const first = await store.append(stream, 'test', 'no_stream', [{ ...Batched({ n: 1 }), eventId }]);
    const other = `batch-${randomUUID()}`;
    sent.splice(0);

    const [retry, unrelated] = await Promise.all([
      store.append(stream, 'test', 'no_stream', [{ ...Batched({ n: 1 }), eventId }]),
      store.append(other, 'test', 'no_stream', [Batched({ n: 1 })]),
    ]);
    expect(sent).toEqual(['kioku_append_events_batch']);
    expect(retry).toEqual({ ...first, duplicate: true });
    expect(unrelated.duplicate).toBe(false);

    // An append and its retry sent at once never share a batch: the retry waits and finds the original.
    const raced = `batch-${randomUUID()}`;
    const raceId = randomUUID();
    const [original, again] = await Promise.all([
      store.append(raced, 'test', 'no_stream', [{ ...Batched({ n: 2 }), eventId: raceId }]),
      store.append(raced, 'test', 'no_stream', [{ ...Batched({ n: 2 }), eventId: raceId }]),
    ]);
    expect(original.duplicate).toBe(false);
    expect(again).toEqual({ ...original, duplicate: true });
    expect(await store.readStream(raced)).toHaveLength(1);
  });

  it('sends each append on its own when the batch fails, so one bad append does not fail the others', async () => {
    const failing = createPool(process.env.DATABASE_URL!, 4);
    const query = failing.query.bind(failing) as (...args: unknown[]) => Promise<unknown>;
    let batchesRefused = 0;
    (failing as unknown as { query: unknown }).query = (config: { name?: string }, values?: unknown) => {
      if (config?.name === 'kioku_append_events_batch') {
        batchesRefused++;
        return Promise.reject(Object.assign(new Error('deadlock detected'), { code: '40P01' }));
      }
      return query(config, values);
    };
    const own = new EventStore(failing, { maxInFlight: 1 });
    try {
      const stale = `batch-${randomUUID()}`;
      await own.append(stale, 'test', 'no_stream', [Batched({ n: 0 })]);
      const fresh = [`batch-${randomUUID()}`, `batch-${randomUUID()}`];
      const results = await Promise.allSettled([
        own.append(fresh[0], 'test', 'no_stream', [Batched({ n: 1 })]),
        own.append(stale, 'test', 'no_stream', [Batched({ n: 1 })]),
        own.append(fresh[1], 'test', 'no_stream', [Batched({ n: 1 })]),
      ]);
      expect(batchesRefused).toBe(1);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
      for (const s of fresh) expect(await store.streamVersion(s)).toBe(1);
    } finally {
      await failing.end();
    }
  });

  it('sends an append alone, without waiting, when nothing else is pending', async () => {
    await store.append(`batch-${randomUUID()}`, 'test', 'no_stream', [Batched({ n: 1 })]);
    expect(sent).toEqual(['kioku_append_events']);
  });
});
