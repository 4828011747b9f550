import { INestApplicationContext, Logger, Module } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetHealthQuery } from '../platform/health/health.handler';
import { NestFactory } from '@nestjs/core';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { eventually } from '../../test/support/eventually';
import { createIsolatedDatabase } from '../../test/test-db';
import { loadConfig } from '../platform/config/config';
import { PlatformModule } from '../platform/platform.module';
import { MATERIAL_MEDIA_PORT, MEDIA_QUEUE, MediaJobs, MediaModule, MediaQueue } from '.';
import { deploymentClaimKey, MediaDeployment } from './media-deployment';
import { createMediaQueueConnection } from './media-queue.module';
import { PREFIX_IN_USE } from './media-queue';
import { RecordingMediaPort } from './testing/recording-media.port';
import { MediaWorkerService } from './worker/media-worker.service';

// Issue 28 item 7: two deployments configured with one MEDIA_QUEUE_PREFIX took each other's jobs, refused them, and
// the jobs were lost for the deployment that asked. Each deployment now claims its prefix in Redis at start; the
// second one is refused (no worker, 503 on enqueue) and says why. Several processes of one deployment share it.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ID_A = '0000000a-0000-4000-8000-00000000000a';
const ID_B = '0000000b-0000-4000-8000-00000000000b';

describe('MediaDeployment claims its queue prefix in Redis', () => {
  const opened: { deployment: MediaDeployment; redis: Redis }[] = [];
  let inspect: Redis;
  beforeAll(() => {
    inspect = new Redis(REDIS_URL);
  });
  afterEach(() => {
    for (const { deployment, redis } of opened.splice(0)) {
      deployment.onApplicationShutdown();
      redis.disconnect();
    }
    jest.restoreAllMocks();
  });
  afterAll(() => inspect.disconnect());

  /** One process of a deployment: its own queue connection, as MediaQueueConnectionModule makes it. */
  async function start(prefix: string, id: string, options: { ttlSeconds?: number; refreshMs?: number } = {}) {
    const redis = createMediaQueueConnection(REDIS_URL);
    const deployment = await MediaDeployment.start(prefix, async () => id, { redis, ...options });
    opened.push({ deployment, redis });
    return { deployment, redis };
  }
  const prefix = () => `kioku-test-claim-${randomUUID().slice(0, 8)}`;

  it('lets the same deployment start twice: both processes run, sharing one claim with a TTL', async () => {
    const p = prefix();
    const first = await start(p, ID_A);
    const second = await start(p, ID_A);
    await first.deployment.known();
    await second.deployment.known();
    expect([first.deployment.isKnown, second.deployment.isKnown]).toEqual([true, true]);
    expect(second.deployment.conflict).toBeNull();
    expect(await inspect.get(deploymentClaimKey(p))).toBe(ID_A);
    const ttl = await inspect.ttl(deploymentClaimKey(p));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
  });

  it('refuses a second deployment on the same prefix, logging both ids and the setting to change', async () => {
    const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const p = prefix();
    const a = await start(p, ID_A);
    await a.deployment.known();
    const b = await start(p, ID_B);
    await eventually('the conflict', () => b.deployment.conflict);
    expect(b.deployment.conflict).toEqual({ prefix: p, otherDeploymentId: ID_A });
    expect(b.deployment.isKnown).toBe(false);
    expect(await b.deployment.knownWithin(200)).toBe(false);
    // known() (what the worker waits for before it starts) does not resolve.
    expect(await Promise.race([b.deployment.known().then(() => 'known'), new Promise((r) => setTimeout(() => r('waiting'), 300))])).toBe('waiting');
    expect(errors).toHaveBeenCalledTimes(1);
    const message = String(errors.mock.calls[0][0]);
    expect(message).toContain(`The media queue prefix "${p}" is in use by another Kioku deployment (${ID_A}); this deployment (${ID_B})`);
    expect(message).toContain('Give each deployment its own MEDIA_QUEUE_PREFIX');
    // The first one is not disturbed, and the claim stays its own.
    expect(a.deployment.isKnown).toBe(true);
    expect(await inspect.get(deploymentClaimKey(p))).toBe(ID_A);
  });

  it('claims again after Redis loses the key (a restart without persistence), on reconnect', async () => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const p = prefix();
    const a = await start(p, ID_A);
    await a.deployment.known();
    await inspect.del(deploymentClaimKey(p));
    a.redis.disconnect(true); // reconnects, as after a Redis restart
    await eventually('the claim back', async () => (await inspect.get(deploymentClaimKey(p))) === ID_A);
    const b = await start(p, ID_B);
    await eventually('the conflict', () => b.deployment.conflict);
    expect(a.deployment.isKnown).toBe(true);
  });

  it('runs once the other deployment is gone and its claim has lapsed', async () => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const p = prefix();
    const a = await start(p, ID_A, { ttlSeconds: 1 });
    await a.deployment.known();
    const b = await start(p, ID_B, { refreshMs: 200 });
    await eventually('the conflict', () => b.deployment.conflict);
    a.deployment.onApplicationShutdown(); // stops renewing
    await b.deployment.known();
    expect(b.deployment.conflict).toBeNull();
    expect(await inspect.get(deploymentClaimKey(p))).toBe(ID_B);
  });
});

describe('two apps with different deployment ids and the same MEDIA_QUEUE_PREFIX', () => {
  let previousRunner: string | undefined;
  const dbs: Awaited<ReturnType<typeof createIsolatedDatabase>>[] = [];
  beforeAll(async () => {
    previousRunner = process.env.KIOKU_NO_RUNNER;
    process.env.KIOKU_NO_RUNNER = '1'; // projections are not under test here
    dbs.push(await createIsolatedDatabase(), await createIsolatedDatabase());
    // The test databases are clones of one template and share its id; the second is another deployment.
    await dbs[1].pool.query('update deployment_identity set id = gen_random_uuid()');
  });
  afterAll(async () => {
    if (previousRunner === undefined) delete process.env.KIOKU_NO_RUNNER;
    else process.env.KIOKU_NO_RUNNER = previousRunner;
    for (const db of dbs) await db.drop();
  });

  async function app(databaseUrl: string, prefix: string): Promise<INestApplicationContext> {
    const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, ROLE: 'worker', MEDIA_QUEUE_PREFIX: prefix });
    @Module({ imports: [PlatformModule.forConfig(config), MediaModule.withMaterialPort(RecordingMediaPort)] })
    class Root {}
    const context = await NestFactory.createApplicationContext(Root, { logger: false, abortOnError: false });
    await context.init();
    return context;
  }
  const worker = (context: INestApplicationContext) => context.get(MediaWorkerService, { strict: false });
  const media = (context: INestApplicationContext) => context.get<MediaQueue>(MEDIA_QUEUE, { strict: false });

  it('the second one runs no worker and answers 503 naming the setting; the first one works', async () => {
    const p = `kioku-test-claim-${randomUUID().slice(0, 8)}`;
    const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const first = await app(dbs[0].url, p);
    await media(first).deployment.known(); // the first to claim the prefix keeps it
    const second = await app(dbs[1].url, p);
    try {
      await eventually("the first one's worker", () => worker(first).running);
      await eventually('the conflict', () => media(second).deployment.conflict);
      const [idA, idB] = [media(first).deploymentId, media(second).deploymentId];
      expect(idA).not.toBe(idB);
      expect(media(second).deployment.conflict).toEqual({ prefix: p, otherDeploymentId: idA });
      expect(worker(second).running).toBe(false);
      expect(errors.mock.calls.map((c) => String(c[0])).find((m) => m.includes('in use by another Kioku deployment'))).toContain(`(${idA}); this deployment (${idB})`);

      const refused = media(second).queue;
      const before = await refused.count();
      await expect(
        second.get(MediaJobs, { strict: false }).enqueue({ requestEventId: randomUUID(), materialType: 'vocab', materialId: 1, actions: ['fetch_breakdown'] }),
      ).rejects.toMatchObject({ code: 'unavailable', status: 503, message: PREFIX_IN_USE });
      expect(await refused.count()).toBe(before);
      // Health says so: degraded, naming the prefix and the setting.
      const health = await second.get(QueryBus).execute(new GetHealthQuery());
      expect(health.status).toBe('degraded');
      expect(health.reports.media_queue).toEqual({ status: 'down', error: expect.stringContaining(`media queue prefix ${p}: give this one its own MEDIA_QUEUE_PREFIX`) });
      expect((await first.get(QueryBus).execute(new GetHealthQuery())).reports.media_queue).toEqual({ status: 'up' });

      // The first deployment's jobs run as before.
      const port = first.get<RecordingMediaPort>(MATERIAL_MEDIA_PORT, { strict: false });
      port.set('vocab', 5, { vocab: '猫', sentence: '猫が好きです。' });
      const requestEventId = randomUUID();
      await first.get(MediaJobs, { strict: false }).enqueue({ requestEventId, materialType: 'vocab', materialId: 5, actions: ['fetch_breakdown'] });
      expect(await port.outcomeOf(requestEventId, 'fetch_breakdown')).toMatchObject({ outcome: 'succeeded' });
    } finally {
      await media(first).queue.obliterate({ force: true }).catch(() => undefined);
      await second.close();
      await first.close();
      errors.mockRestore();
    }
  });

  it('the same deployment started twice runs both workers', async () => {
    const p = `kioku-test-claim-${randomUUID().slice(0, 8)}`;
    const one = await app(dbs[0].url, p);
    const two = await app(dbs[0].url, p);
    try {
      await eventually('both workers', () => worker(one).running && worker(two).running);
      expect(media(two).deployment.conflict).toBeNull();
      expect(await media(two).whenReady(1_000)).toBe(true);
    } finally {
      await media(one).queue.obliterate({ force: true }).catch(() => undefined);
      await two.close();
      await one.close();
    }
  });
});
