import { UnrecoverableError } from 'bullmq';
import { createIsolatedDatabase } from './test-db';
import { deploymentQueuePrefix, MediaJobRunner } from '../src/media';
import { createPool, quoteIdent } from '../src/platform/database/database';
import { readDeploymentId } from '../src/platform/database/deployment-identity';
import { ensureDatabase, migrate } from '../src/platform/database/migrations';

// Issue 16: two deployments on one Redis must not share a media queue, and a worker must never apply a job to a
// database it did not come from.
describe('the deployment identity', () => {
  it('differs between two databases, and names each one its own media queue', async () => {
    // Two deployments: each database migrated from scratch, as `npm start` does on a new machine. (The tests'
    // isolated databases are clones of one template and share its id, as `createdb -T` copies would.)
    const a = await createIsolatedDatabase();
    const url = new URL(a.url);
    url.pathname = `${url.pathname}_fresh`;
    await ensureDatabase(url.toString());
    await migrate(url.toString(), () => undefined);
    const b = { pool: createPool(url.toString(), 2), drop: async () => undefined };
    try {
      const [idA, idB] = [await readDeploymentId(a.pool), await readDeploymentId(b.pool)];
      expect(idA).toMatch(/^[0-9a-f-]{36}$/);
      expect(idA).not.toBe(idB);
      expect(await readDeploymentId(a.pool)).toBe(idA);
      expect(deploymentQueuePrefix(idA)).toMatch(/^kioku-[0-9a-f]{8}$/);
      expect(deploymentQueuePrefix(idA)).not.toBe(deploymentQueuePrefix(idB));
    } finally {
      await b.pool.end();
      await a.pool.query(`drop database if exists ${quoteIdent(url.pathname.slice(1))} with (force)`);
      await a.drop();
    }
  });

  it("makes a worker refuse another deployment's job without recording anything", async () => {
    const recorded: string[] = [];
    const port = {
      load: async () => ({ kana: 'あ' }),
      recordSucceeded: async () => void recorded.push('succeeded'),
      recordFailed: async () => void recorded.push('failed'),
    };
    const runner = new MediaJobRunner(port, { tts: null, llm: null, images: null, breakdown: null }, { put: async () => '/x' } as never, undefined, 'deployment-a');
    const job = {
      id: 'r-fetch_audio',
      data: { requestEventId: '00000000-0000-4000-8000-000000000001', materialType: 'kana', materialId: 1, action: 'fetch_audio', actorId: null, deploymentId: 'deployment-b' },
      attemptsMade: 0,
      opts: { attempts: 4 },
    };
    await expect(runner.run(job)).rejects.toThrow(UnrecoverableError);
    await expect(runner.run(job)).rejects.toThrow(/belongs to another Kioku deployment/);
    expect(recorded).toEqual([]);
  });
});
