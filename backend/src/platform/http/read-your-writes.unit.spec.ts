// Issue 20: the learner's last commit position travels in a cookie set by every successful write answer, and each
// request's replica-eligible reads run with the position it brings back (so any API process routes them alike).
import Fastify, { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { ReplicaReads } from '../database/replica-reads';
import { registerCookies } from './cookies';
import { COMMIT_POSITION_COOKIE, registerReadYourWrites } from './read-your-writes';

/** Positions as PostgreSQL would answer them: the primary at `primaryAt`, the replica replayed to `replayedAt`. */
function pools(positions: { primaryAt: string; replayedAt: string }) {
  const pool = (which: 'primaryAt' | 'replayedAt', name: string) => ({
    query: async (sql: unknown) => (/_lsn\(\)/.test(String(sql)) ? { rows: [{ lsn: positions[which] }] } : { rows: [{ from: name }] }),
    end: async () => undefined,
  });
  return { primary: pool('primaryAt', 'primary') as unknown as Pool, replica: pool('replayedAt', 'replica') as unknown as Pool };
}

async function app(reads: ReplicaReads): Promise<FastifyInstance> {
  const fastify = Fastify();
  registerCookies(fastify);
  registerReadYourWrites(fastify, reads, 5_000);
  fastify.get('/api/stats', async () => ({ source: reads.forReads().source }));
  fastify.post('/api/grade', async () => ({ ok: true }));
  fastify.post('/api/refused', async (_request, reply) => reply.status(409).send({ ok: false }));
  await fastify.ready();
  return fastify;
}

const commitCookie = (setCookie: string | string[] | undefined) => [setCookie ?? []].flat().find((c) => c.startsWith(`${COMMIT_POSITION_COOKIE}=`));

describe('read-your-writes over HTTP', () => {
  const positions = { primaryAt: '0/5000', replayedAt: '0/4000' };
  const { primary, replica } = pools(positions);
  const reads = new ReplicaReads(primary, replica, { maxLagMs: 5_000, intervalMs: 1_000 });
  let fastify: FastifyInstance;
  beforeAll(async () => {
    await reads.sample();
    fastify = await app(reads);
  });
  afterAll(() => fastify.close());

  it('answers a successful write with the primary position after it, for the API paths, a few lag bounds long', async () => {
    const res = await fastify.inject({ method: 'POST', url: '/api/grade' });
    const cookie = commitCookie(res.headers['set-cookie']);
    expect(cookie).toMatch(/^kioku_commit=0%2F5000; Max-Age=15; Path=\/api; HttpOnly; SameSite=Lax$/);
  });

  it('sets nothing on reads and on refused writes', async () => {
    expect(commitCookie((await fastify.inject({ method: 'GET', url: '/api/stats' })).headers['set-cookie'])).toBeUndefined();
    expect(commitCookie((await fastify.inject({ method: 'POST', url: '/api/refused' })).headers['set-cookie'])).toBeUndefined();
  });

  it('routes the reads of a request by the position its cookie brings back', async () => {
    const read = async (cookie?: string) => (await fastify.inject({ method: 'GET', url: '/api/stats', headers: cookie ? { cookie } : {} })).json().source;
    expect(await read()).toBe('replica');
    expect(await read('kioku_commit=0%2F4000')).toBe('replica');
    expect(await read('kioku_commit=0%2F5000')).toBe('primary');
    positions.replayedAt = '0/5000';
    await reads.sample();
    expect(await read('kioku_commit=0%2F5000')).toBe('replica');
  });

  it('does nothing without a replica: no cookie, every read on the primary', async () => {
    const alone = await app(new ReplicaReads(primary, null, { maxLagMs: 5_000, intervalMs: 1_000 }));
    try {
      expect(commitCookie((await alone.inject({ method: 'POST', url: '/api/grade' })).headers['set-cookie'])).toBeUndefined();
      expect((await alone.inject({ method: 'GET', url: '/api/stats', headers: { cookie: 'kioku_commit=0%2F1' } })).json().source).toBe('primary');
    } finally {
      await alone.close();
    }
  });
});
