import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { INestApplicationContext } from '@nestjs/common';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { eventually } from '../../test/support/eventually';
import { loadConfig } from '../platform/config/config';
import { PlatformModule } from '../platform/platform.module';
import { EventMaterialMediaPort } from './event-material-media.port';
import {
  createMediaWorker,
  MATERIAL_MEDIA_PORT,
  MEDIA_PROVIDERS,
  MEDIA_QUEUE,
  MEDIA_QUEUE_CONNECTION,
  MEDIA_STORAGE,
  MediaJobRunner,
  MediaJobs,
  MediaModule,
  MediaProcessor,
  MediaProviders,
  MediaQueue,
  MediaStorage,
} from '.';
import { createRedis } from '../platform/queue/redis';
import { MaterialMediaText } from './material-media.port';
import { mediaJobId } from './media-queue';
import { RecordingMediaPort } from './testing/recording-media.port';
import { openMediaQueue } from './testing/standalone-queue';
import { MediaWorkerService } from './worker/media-worker.service';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A recording port whose load of one material waits until the test lets it go (a provider that hangs). */
class HoldingPort extends RecordingMediaPort {
  private held?: { key: string; arrived: () => void; release: Promise<void> };

  hold(type: string, id: number): { arrived: Promise<void>; release: () => void } {
    let arrived!: () => void;
    let release!: () => void;
    const hasArrived = new Promise<void>((r) => (arrived = r));
    this.held = { key: `${type}:${id}`, arrived, release: new Promise<void>((r) => (release = r)) };
    return { arrived: hasArrived, release };
  }

  override async load(type: string, id: number): Promise<MaterialMediaText | null> {
    const held = this.held;
    if (held?.key === `${type}:${id}`) {
      held.arrived();
      await held.release;
    }
    return super.load(type, id);
  }
}

async function context(port?: typeof RecordingMediaPort, env: Record<string, string> = {}): Promise<INestApplicationContext> {
  const config = loadConfig({ ...process.env, ROLE: 'api', ...env });
  @Module({ imports: [PlatformModule.forConfig(config), port ? MediaModule.withMaterialPort(port) : MediaModule] })
  class Root {}
  const app = await NestFactory.createApplicationContext(Root, { logger: false, abortOnError: false });
  await app.init();
  return app;
}

describe('MediaModule wiring', () => {
  let previousRunner: string | undefined;
  beforeAll(() => {
    previousRunner = process.env.KIOKU_NO_RUNNER;
    process.env.KIOKU_NO_RUNNER = '1'; // projections are not under test here
  });
  afterAll(() => {
    if (previousRunner === undefined) delete process.env.KIOKU_NO_RUNNER;
    else process.env.KIOKU_NO_RUNNER = previousRunner;
  });

  it('provides the event port by default', async () => {
    const app = await context();
    try {
      expect(app.get(MATERIAL_MEDIA_PORT, { strict: false })).toBeInstanceOf(EventMaterialMediaPort);
    } finally {
      await app.close();
    }
  });

  it('withMaterialPort replaces the port, and the worker (ROLE worker) uses it', async () => {
    const prefix = `kioku-test-module-${randomUUID().slice(0, 8)}`;
    const app = await context(RecordingMediaPort, { ROLE: 'worker', MEDIA_QUEUE_PREFIX: prefix });
    try {
      const port = app.get<RecordingMediaPort>(MATERIAL_MEDIA_PORT, { strict: false });
      expect(port).toBeInstanceOf(RecordingMediaPort);
      port.set('vocab', 1, { vocab: '猫', sentence: '猫が好きです。' });
      const requestEventId = randomUUID();
      await app.get(MediaJobs, { strict: false }).enqueue({ requestEventId, materialType: 'vocab', materialId: 1, actions: ['fetch_breakdown'] });
      const outcome = await port.outcomeOf(requestEventId, 'fetch_breakdown');
      expect(outcome).toMatchObject({ outcome: 'succeeded', jobId: `${requestEventId}-fetch_breakdown`, context: { materialType: 'vocab', materialId: 1, actorId: null, attempt: 1 } });
      await app.get<MediaQueue>(MEDIA_QUEUE, { strict: false }).queue.obliterate({ force: true });
    } finally {
      await app.close();
    }
  });

  it('refuses to start with an incomplete provider configuration, saying what is missing', async () => {
    await expect(context(undefined, { TTS_PROVIDER: 'voicevox' })).rejects.toThrow('TTS_PROVIDER=voicevox needs VOICEVOX_URL');
    await expect(context(undefined, { S3_BUCKET: 'media' })).rejects.toThrow('S3 storage needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY');
  });

  it('builds the worker with the configured options and a connection of its own, which waits out a Redis restart', async () => {
    const prefix = `kioku-test-module-${randomUUID().slice(0, 8)}`;
    const app = await context(RecordingMediaPort, {
      ROLE: 'worker',
      MEDIA_QUEUE_PREFIX: prefix,
      MEDIA_WORKER_CONCURRENCY: '3',
      MEDIA_LOCK_MS: '4000',
      MEDIA_STALLED_INTERVAL_MS: '5000',
    });
    try {
      await eventually('the worker', () => app.get(MediaWorkerService, { strict: false }).running);
      const worker = app.get(MediaProcessor, { strict: false }).worker;
      expect(worker.name).toBe('media');
      expect(worker.opts).toMatchObject({ prefix, concurrency: 3, lockDuration: 4000, stalledInterval: 5000, maxStalledCount: 2 });
      const queueConnection = app.get<Redis>(MEDIA_QUEUE_CONNECTION, { strict: false });
      const workerConnection = worker.opts.connection as Redis;
      expect(workerConnection).not.toBe(queueConnection);
      expect(workerConnection.options.enableOfflineQueue).toBe(true);
      expect(queueConnection.options.enableOfflineQueue).toBe(false);
      expect(app.get<MediaQueue>(MEDIA_QUEUE, { strict: false }).queue.opts.prefix).toBe(prefix);
    } finally {
      await app.close();
    }
  });

  it('runs no worker with KIOKU_NO_WORKER=1', async () => {
    process.env.KIOKU_NO_WORKER = '1';
    try {
      const app = await context(RecordingMediaPort, { ROLE: 'worker' });
      try {
        // The worker starts as soon as the deployment is known (the test above): once it is, and what was queued
        // behind it has run, no worker is there.
        await app.get<MediaQueue>(MEDIA_QUEUE, { strict: false }).named$();
        await new Promise((r) => setImmediate(r));
        expect(app.get(MediaWorkerService, { strict: false }).running).toBe(false);
        expect(() => app.get(MediaProcessor, { strict: false }).worker).toThrow('has not yet been initialized');
      } finally {
        await app.close();
      }
    } finally {
      delete process.env.KIOKU_NO_WORKER;
    }
  });

  it("stamps jobs with its deployment and refuses a job stamped with another one's, recording nothing", async () => {
    const prefix = `kioku-test-module-${randomUUID().slice(0, 8)}`;
    const app = await context(RecordingMediaPort, { ROLE: 'worker', MEDIA_QUEUE_PREFIX: prefix });
    // Another deployment configured with the same MEDIA_QUEUE_PREFIX.
    const other = openMediaQueue(REDIS_URL, prefix, {}, '00000000-0000-4000-8000-00000000beef');
    try {
      const port = app.get<RecordingMediaPort>(MATERIAL_MEDIA_PORT, { strict: false });
      port.set('vocab', 3, { vocab: '犬', sentence: '犬が好きです。' });
      const media = app.get<MediaQueue>(MEDIA_QUEUE, { strict: false });
      await media.named$();
      expect(media.deploymentId).toMatch(/^[0-9a-f-]{36}$/);

      const foreign = randomUUID();
      await other.jobs.enqueue({ requestEventId: foreign, materialType: 'vocab', materialId: 3, actions: ['fetch_breakdown'] });
      const refused = await eventually('the refusal', async () => {
        const job = await other.queue.getJob(mediaJobId(foreign, 'fetch_breakdown'));
        return job?.failedReason ? job : null;
      });
      expect(refused.failedReason).toContain('belongs to another Kioku deployment (00000000-0000-4000-8000-00000000beef)');
      expect(refused.attemptsMade).toBe(1);

      const own = randomUUID();
      await app.get(MediaJobs, { strict: false }).enqueue({ requestEventId: own, materialType: 'vocab', materialId: 3, actions: ['fetch_breakdown'] });
      expect(await port.outcomeOf(own, 'fetch_breakdown')).toMatchObject({ outcome: 'succeeded' });
      expect((await media.queue.getJob(mediaJobId(own, 'fetch_breakdown')))!.data.deploymentId).toBe(media.deploymentId);
      expect(port.outcomes.map((o) => o.requestEventId)).toEqual([own]);
    } finally {
      await other.queue.obliterate({ force: true }).catch(() => undefined);
      await other.close();
      await app.close();
    }
  });

  it('shutdown waits MEDIA_SHUTDOWN_GRACE_MS for a running job, then leaves it to another worker, which records it once', async () => {
    const prefix = `kioku-test-module-${randomUUID().slice(0, 8)}`;
    const app = await context(HoldingPort, { ROLE: 'worker', MEDIA_QUEUE_PREFIX: prefix, MEDIA_SHUTDOWN_GRACE_MS: '500', MEDIA_LOCK_MS: '1000', MEDIA_STALLED_INTERVAL_MS: '500' });
    const inspect = openMediaQueue(REDIS_URL, prefix);
    const connection = createRedis(REDIS_URL);
    let release = () => undefined as void;
    try {
      await eventually('the worker', () => app.get(MediaWorkerService, { strict: false }).running);
      const port = app.get<HoldingPort>(MATERIAL_MEDIA_PORT, { strict: false });
      const material = { vocab: '猫', sentence: '猫が好きです。' };
      port.set('vocab', 4, material);
      const held = port.hold('vocab', 4);
      release = held.release;
      const requestEventId = randomUUID();
      await app.get(MediaJobs, { strict: false }).enqueue({ requestEventId, materialType: 'vocab', materialId: 4, actions: ['fetch_breakdown'] });
      await held.arrived;
      const providers = app.get<MediaProviders>(MEDIA_PROVIDERS, { strict: false });
      const storage = app.get<MediaStorage>(MEDIA_STORAGE, { strict: false });

      const started = Date.now();
      await app.close();
      // It waited the grace (a lower bound, safe on a slow machine) and then let go: the held job never finishes, so
      // close() returning at all shows it did not wait for it. How long shutdown takes is not asserted here.
      expect(Date.now() - started).toBeGreaterThanOrEqual(450);
      // Let go, not failed: the job keeps its lock until it lapses.
      const jobId = mediaJobId(requestEventId, 'fetch_breakdown');
      expect(await inspect.queue.getJobState(jobId)).toBe('active');

      const next = new RecordingMediaPort();
      next.set('vocab', 4, material);
      const worker = createMediaWorker({ connection, prefix, runner: new MediaJobRunner(next, providers, storage), lockMs: 1_000, stalledIntervalMs: 500 });
      try {
        expect(await next.outcomeOf(requestEventId, 'fetch_breakdown')).toMatchObject({ outcome: 'succeeded', context: { attempt: 1 } });
        await eventually('the job completed', async () => (await inspect.queue.getJobState(jobId)) === 'completed');
      } finally {
        await worker.close();
      }
      expect(port.outcomes).toEqual([]);
    } finally {
      release();
      await inspect.queue.obliterate({ force: true }).catch(() => undefined);
      await inspect.close();
      connection.disconnect();
    }
  });

  it('starts while PostgreSQL is down when MEDIA_QUEUE_PREFIX names the queue; jobs answer 503 until the deployment is known', async () => {
    const prefix = `kioku-test-module-${randomUUID().slice(0, 8)}`;
    const app = await context(undefined, { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/kioku', MEDIA_QUEUE_PREFIX: prefix });
    try {
      const media = app.get<MediaQueue>(MEDIA_QUEUE, { strict: false });
      expect(media.prefix).toBe(prefix);
      expect(media.deploymentId).toBeNull();
      const started = Date.now();
      await expect(app.get(MediaJobs, { strict: false }).assertAvailable()).rejects.toMatchObject({ code: 'unavailable', status: 503 });
      // Bounded by the 2 s enqueue timeout, not by PostgreSQL coming back; a generous bound, not the figure.
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await app.close();
    }
  });
});
