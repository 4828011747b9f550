import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { INestApplicationContext } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../platform/config/config';
import { PlatformModule } from '../platform/platform.module';
import { EventMaterialMediaPort } from './event-material-media.port';
import { MATERIAL_MEDIA_PORT, MEDIA_QUEUE, MediaJobs, MediaModule, MediaQueue } from '.';
import { RecordingMediaPort } from './testing/recording-media.port';

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
});
