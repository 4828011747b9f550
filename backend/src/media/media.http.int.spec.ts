import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { startTestApp, TestApp } from '../../test/http-app';
import { eventually } from '../../test/support/eventually';
import { createIsolatedDatabase } from '../../test/test-db';
import { grantAdmin } from '../accounts';
import { signUpTestUser, TestUser } from '../accounts/testing/test-session';
import { EventStore } from '../platform/event-store/event-store';
import { MEDIA_QUEUE, MediaJobs, MediaQueue, mediaOutcomeEventId } from '.';
import { sineWav, TINY_PNG } from './testing/fake-providers';
import { MediaWorkerService } from './worker/media-worker.service';
import { contentKey } from './storage/media-storage';

describe('media in the app: worker (ROLE all), /media files', () => {
  const prefix = `kioku-test-http-${randomUUID().slice(0, 8)}`;
  let db: { url: string; pool: Pool; drop: () => Promise<void> };
  let app: TestApp;
  let dir: string;
  let admin: TestUser;

  beforeAll(async () => {
    db = await createIsolatedDatabase();
    dir = await mkdtemp(join(tmpdir(), 'kioku-media-http-'));
    app = await startTestApp({ databaseUrl: db.url, runner: true, env: { MEDIA_DIR: dir, MEDIA_QUEUE_PREFIX: prefix } });
    admin = await signUpTestUser(app.inject);
    await grantAdmin(db.pool, admin.email);
  });

  afterAll(async () => {
    const queue = app.app.get<MediaQueue>(MEDIA_QUEUE).queue;
    await queue.obliterate({ force: true }).catch(() => undefined);
    await app.close();
    await rm(dir, { recursive: true, force: true });
    await db.drop();
  });

  describe('the worker inside the app', () => {
    it('runs with ROLE all and records through the material port into the material stream', async () => {
      expect(app.app.get(MediaWorkerService).running).toBe(true);
      const materialId = 5150;
      await db.pool.query(
        `insert into materials (material_type, material_id, course, level, position, version, servable, data)
         values ('vocab', $1, 'vocab1', 1, 1, 1, true, $2)`,
        [materialId, { vocab: '友達', vocab_hiragana: 'ともだち', sentence: '友達と料理をします。' }],
      );
      const requestEventId = randomUUID();
      await app.app.get(MediaJobs).enqueue({ requestEventId, materialType: 'vocab', materialId, actions: ['fetch_breakdown'], actorId: admin.id });
      const store = new EventStore(db.pool);
      const event = await eventually('MediaActionSucceeded', async () => (await store.readStream(`material-vocab-${materialId}`)).find((e) => e.type === 'MediaActionSucceeded'));
      expect(event.eventId).toBe(mediaOutcomeEventId(requestEventId, 'fetch_breakdown', 'succeeded'));
      expect(event.actorId).toBe(admin.id);
      expect(event.data.result.sentence_breakdown[0]).toEqual({ word: '友達', pronunciation: 'ともだち', meaning: 'friend; companion', vocab: true });
    });

    it('does not run in an API-only process', async () => {
      const api = await startTestApp({ databaseUrl: db.url, env: { MEDIA_DIR: dir, MEDIA_QUEUE_PREFIX: prefix } });
      try {
        expect(api.app.get(MediaWorkerService).running).toBe(false);
      } finally {
        await api.close();
      }
    });
  });

  describe('GET /media/<name>', () => {
    const audio = sineWav(0.5, 16_000);
    const audioKey = contentKey(audio, 'wav');
    const imageKey = contentKey(TINY_PNG, 'png', true);
    beforeAll(async () => {
      await writeFile(join(dir, audioKey), audio);
      await mkdir(join(dir, 'tmp'), { recursive: true });
      await writeFile(join(dir, imageKey), TINY_PNG);
      await writeFile(join(dir, 'secret.txt'), 'not media');
    });

    it('serves a stored file without a session, with its content type and a year of immutable caching', async () => {
      const res = await app.inject({ method: 'GET', url: `/media/${audioKey}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('audio/wav');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-length']).toBe(String(audio.length));
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.rawPayload.equals(audio)).toBe(true);
      const cached = await app.inject({ method: 'GET', url: `/media/${audioKey}`, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(cached.statusCode).toBe(304);
    });

    it('serves byte ranges (Safari audio) and refuses unsatisfiable ones', async () => {
      const res = await app.inject({ method: 'GET', url: `/media/${audioKey}`, headers: { range: 'bytes=0-1' } });
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 0-1/${audio.length}`);
      expect(res.rawPayload.toString('ascii')).toBe('RI');
      const tail = await app.inject({ method: 'GET', url: `/media/${audioKey}`, headers: { range: 'bytes=-4' } });
      expect(tail.rawPayload.equals(audio.subarray(audio.length - 4))).toBe(true);
      const bad = await app.inject({ method: 'GET', url: `/media/${audioKey}`, headers: { range: `bytes=${audio.length + 10}-` } });
      expect(bad.statusCode).toBe(416);
    });

    it('serves temporary uploads with short private caching', async () => {
      const res = await app.inject({ method: 'GET', url: `/media/${imageKey}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('private, max-age=86400');
    });

    it.each([
      '/media/secret.txt',
      '/media/..%2Fsecret.txt',
      '/media/..%2F..%2F..%2Fetc%2Fpasswd',
      '/media/%2e%2e/%2e%2e/etc/passwd',
      `/media/tmp/..%2F${audioKey}`,
      `/media/${'0'.repeat(64)}.wav`,
      `/media/${audioKey.toUpperCase()}`,
    ])('answers 404 problem+json for %s', async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.body).not.toContain('not media');
    });
  });
});

describe('media in the app when Redis is down', () => {
  let app: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    // ROLE all: the worker starts too, against a Redis that is not there.
    app = await startTestApp({ runner: true, env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    admin = await signUpTestUser(app.inject);
    const pool = new Pool({ connectionString: process.env.DATABASE_URL });
    await grantAdmin(pool, admin.email).finally(() => pool.end());
  });
  afterAll(() => app.close());

  it('starts and serves: health says degraded, a media action answers 503 within ~2 s, nothing waits for Redis', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'degraded', postgres: { status: 'up' }, redis: { status: 'down' } });
    const start = Date.now();
    const enqueue = await app.app.get(MediaJobs).enqueue({ requestEventId: randomUUID(), materialType: 'vocab', materialId: 1, actions: ['fetch_audio'] }).catch((e) => e);
    // A generous bound (enqueue gives up after its 2 s timeout): it answers 503 instead of waiting for Redis.
    expect(Date.now() - start).toBeLessThan(10_000);
    expect(enqueue).toMatchObject({ code: 'unavailable', status: 503, message: 'Media actions are unavailable right now because the job queue (Redis) cannot be reached. Try again in a minute.' });
    expect((await admin.session.get('/api/users/profile')).statusCode).toBe(200);
    expect(app.app.get(MediaWorkerService).running).toBe(true);
  });
});
