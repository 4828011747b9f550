import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { eventually } from '../../../test/support/eventually';
import { createIsolatedDatabase } from '../../../test/test-db';
import { executeMaterialCommand, recordMediaEvent } from '../../content';
import { EventStore } from '../../platform/event-store/event-store';
import { createRedis } from '../../platform/queue/redis';
import { EventMaterialMediaPort } from '../event-material-media.port';
import { mediaJobId } from '../media-queue';
import { MediaActionRequested, mediaOutcomeEventId } from '../media.events';
import { MaterialMediaPort } from '../material-media.port';
import { MediaProviders } from '../providers/media-providers';
import { VoicevoxTtsProvider } from '../providers/tts/voicevox-tts.provider';
import { LocalDiskStorage } from '../storage/local-disk.storage';
import { FakeProviders, startFakeProviders } from '../testing/fake-providers';
import { openMediaQueue, StandaloneMediaQueue } from '../testing/standalone-queue';
import { MediaJobRunner } from './media-job-runner';
import { createMediaWorker } from './media-worker';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('media worker: killed mid-job, the job is retried and its outcome recorded once (real Redis, PostgreSQL)', () => {
  const prefix = `kioku-test-worker-${randomUUID().slice(0, 8)}`;
  let db: { url: string; pool: Pool; drop: () => Promise<void> };
  let store: EventStore;
  let fake: FakeProviders;
  let dir: string;
  let media: StandaloneMediaQueue;
  const connections: Redis[] = [];
  const workers: Worker[] = [];

  beforeAll(async () => {
    db = await createIsolatedDatabase();
    store = new EventStore(db.pool);
    fake = await startFakeProviders();
    dir = await mkdtemp(join(tmpdir(), 'kioku-media-worker-'));
    media = openMediaQueue(REDIS_URL, prefix);
    await media.queue.waitUntilReady();
  });

  afterAll(async () => {
    for (const w of workers) await w.close(true).catch(() => undefined);
    for (const c of connections) c.disconnect();
    await media.queue.obliterate({ force: true });
    await media.close();
    await fake.stop();
    await rm(dir, { recursive: true, force: true });
    await db.drop();
  });

  function startWorker(port: MaterialMediaPort): Worker {
    const providers: MediaProviders = { tts: new VoicevoxTtsProvider(fake.url, 2, 60_000), llm: null, images: null, breakdown: null };
    const connection = createRedis(REDIS_URL);
    connections.push(connection);
    const worker = createMediaWorker({
      connection,
      prefix,
      runner: new MediaJobRunner(port, providers, new LocalDiskStorage(dir)),
      concurrency: 1,
      // Short locks so the test does not wait 30 s for the dead worker's lock to expire.
      lockMs: 1_000,
      stalledIntervalMs: 500,
    });
    worker.on('error', () => undefined);
    workers.push(worker);
    return worker;
  }

  it('a worker closed by force while its provider hangs: another worker runs the job again, one MediaActionSucceeded is recorded', async () => {
    const materialId = 4242;
    await db.pool.query(
      `insert into materials (material_type, material_id, course, level, position, version, servable, data)
       values ('vocab', $1, 'vocab1', 1, 1, 1, true, $2)`,
      [materialId, { vocab: '勉強', vocab_hiragana: 'べんきょう', sentence: '日本語を勉強します。', sentence_meaning: 'I study Japanese.' }],
    );
    const stream = `material-vocab-${materialId}`;
    const requestEventId = randomUUID();
    const actorId = randomUUID();
    // What the admin API records before it enqueues.
    const request = { ...MediaActionRequested({ materialType: 'vocab', materialId, actions: ['fetch_audio'] }), eventId: requestEventId };
    await executeMaterialCommand({ pool: db.pool, store }, { type: 'vocab', id: materialId }, (material) => recordMediaEvent(material, request), { metadata: { actorId } });

    const eventPort = new EventMaterialMediaPort(db.pool, store);
    let recorded = 0;
    const countingPort: MaterialMediaPort = {
      load: (t, i) => eventPort.load(t, i),
      recordSucceeded: async (...args) => {
        await eventPort.recordSucceeded(...args);
        recorded++;
      },
      recordFailed: (...args) => eventPort.recordFailed(...args),
    };

    const hang = fake.hang('/synthesis');
    const first = startWorker(countingPort);
    await media.jobs.enqueue({ requestEventId, materialType: 'vocab', materialId, actions: ['fetch_audio'], actorId });
    await hang.arrived;
    const jobId = mediaJobId(requestEventId, 'fetch_audio');
    expect(await (await media.queue.getJob(jobId))!.getState()).toBe('active');

    // The process dies: no graceful wait, its lock is no longer renewed.
    await first.close(true);
    startWorker(countingPort);

    const succeeded = await eventually('the success event', async () =>
      (await store.readStream(stream)).find((e) => e.type === 'MediaActionSucceeded'),
    );
    expect(succeeded.eventId).toBe(mediaOutcomeEventId(requestEventId, 'fetch_audio', 'succeeded'));
    expect(succeeded.data).toMatchObject({ materialType: 'vocab', materialId, action: 'fetch_audio', requestEventId, jobId, result: { audio_spec: 'voicevox:2' } });
    expect(succeeded.data.result.audio_url).toMatch(/^\/media\/[0-9a-f]{64}\.(wav|mp3|ogg)$/);
    expect(succeeded.actorId).toBe(actorId);
    expect(succeeded.metadata).toMatchObject({ causationId: requestEventId, correlationId: requestEventId });
    await eventually('the job completed', async () => (await (await media.queue.getJob(jobId))?.getState()) === 'completed');

    // The first worker's run was not dead after all: its provider answers now and it records again.
    hang.release();
    await eventually('the first run to record too', async () => recorded === 2);

    const events = (await store.readStream(stream)).map((e) => e.type);
    expect(events).toEqual(['MediaActionRequested', 'MediaActionSucceeded']);
    const { rows } = await db.pool.query(`select count(*)::int as n from events where event_type = 'MediaActionSucceeded' and data->>'requestEventId' = $1`, [requestEventId]);
    expect(rows[0].n).toBe(1);
    expect(fake.requests.filter((r) => r.path === '/synthesis')).toHaveLength(2);
  });

  it('records a final failure once, with expected version any, and nothing for attempts that will be retried', async () => {
    const port = new EventMaterialMediaPort(db.pool, store);
    const requestEventId = randomUUID();
    const context = { materialType: 'reading', materialId: 77, actorId: null, attempt: 1, jobId: 'j1' };
    await port.recordFailed(requestEventId, 'fetch_sentence', 'The language model did not answer.', false, context);
    expect(await store.readStream('material-reading-77')).toEqual([]);
    await port.recordFailed(requestEventId, 'fetch_sentence', 'No provider configured for fetch_sentence', true, { ...context, attempt: 4 });
    await port.recordFailed(requestEventId, 'fetch_sentence', 'No provider configured for fetch_sentence', true, { ...context, attempt: 4 });
    const events = await store.readStream('material-reading-77');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'MediaActionFailed',
      eventId: mediaOutcomeEventId(requestEventId, 'fetch_sentence', 'failed'),
      data: { materialType: 'reading', materialId: 77, action: 'fetch_sentence', requestEventId, error: 'No provider configured for fetch_sentence', final: true, attempt: 4, jobId: 'j1' },
    });
    expect(await port.load('reading', 77)).toBeNull();
  });
});
