import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { signUpTestUser } from '../../accounts/testing/test-session';
import { getMaterial, reviseMaterial, voiceInputOf } from '../../content';
import { MATERIAL_MEDIA_PORT, MaterialMediaPort, MEDIA_PROVIDERS, MEDIA_QUEUE, MEDIA_STORAGE, createMediaWorker, MediaJobRunner, MediaJobs, MediaProviders, MediaQueue, MediaStorage, QUEUE_UNAVAILABLE } from '../../media';
import { AppConfig } from '../../platform/config/config';
import { createRedis } from '../../platform/queue/redis';
import { APP_CONFIG } from '../../platform/database/database.module';
import { EventStore } from '../../platform/event-store/event-store';
import { AdminTestContext, eventually, startAdminTestApp } from '../../admin/testing/admin-test-app';
import { voiceRequestId } from './voice-plan';
import { VoiceScheduler } from './voice-scheduler';

// The system voice end to end, with the real queue (Redis), the worker in the app and the real speech engine
// (Open JTalk, installed by scripts/system-packages.sh): clips are asked for once, made once, served to learners,
// follow edits, and nothing is lost or doubled when a job runs twice or Redis is away.

const BATCH = 12;

describe('the system voice', () => {
  let t: AdminTestContext;
  let scheduler: VoiceScheduler;
  const events = async (type: string, requestIds: string[]) =>
    Number(
      (
        await t.db.pool.query(`select count(*) as n from events where event_type = $1 and (event_id = any($2::uuid[]) or data->>'requestEventId' = any($2::text[]))`, [
          type,
          requestIds,
        ])
      ).rows[0].n,
    );
  const voiceRevisions = async () => Number((await t.db.pool.query(`select count(*) as n from events where event_type = 'MaterialRevised' and data->>'source' = 'media'`)).rows[0].n);

  beforeAll(async () => {
    t = await startAdminTestApp({ runner: true, env: { MEDIA_QUEUE_PREFIX: `kioku-test-voice-${randomUUID().slice(0, 8)}`, VOICE_BATCH: String(BATCH) } });
    scheduler = t.app.app.get(VoiceScheduler);
  }, 60_000);
  afterAll(async () => {
    await t.app.app.get<MediaQueue>(MEDIA_QUEUE).queue.obliterate({ force: true }).catch(() => undefined);
    await t.close();
  });

  it('asks once for the first clips in lesson order, makes each once, and a learner hears the first kana', async () => {
    const first = await scheduler.pass();
    expect(first.requested).toBe(BATCH);
    expect(first.pending).toBeGreaterThan(BATCH);
    // Another worker (or a restart) asks for the same clips before they are done: nothing is recorded twice.
    const config = t.app.app.get<AppConfig>(APP_CONFIG);
    const other = new VoiceScheduler(t.db.pool, new EventStore(t.db.pool), t.app.app.get(MediaJobs), config);
    expect((await other.pass()).requested).toBe(BATCH);
    const { rows } = await t.db.pool.query<{ event_id: string }>(`select event_id from events where event_type = 'MediaActionRequested' and data->'actions' = '["voice"]'`);
    const asked = rows.map((r) => r.event_id);
    // The same clip asked twice is one request (the second scheduler may also have asked for clips of the next
    // batch, if some of the first were done by then).
    expect(asked.length).toBeGreaterThanOrEqual(BATCH);
    expect(asked.length).toBeLessThanOrEqual(2 * BATCH);
    await eventually('every clip asked for', async () => ((await voiceRevisions()) >= asked.length ? true : null), 90_000);
    expect(await events('MediaActionSucceeded', asked)).toBe(asked.length);
    expect(await voiceRevisions()).toBe(asked.length);

    // Level 1 kana come first; the learner's first card plays its clip, served as Ogg Opus with immutable caching.
    const learner = await signUpTestUser(t.app.inject);
    const card = (await learner.session.get('/api/flashcard?course=kana')).json().flashcard;
    expect(card.material.audio_url).toMatch(/^\/media\/[0-9a-f]{64}\.(ogg|mp3|wav)$/);
    expect(card.material.audio_spec).toMatch(/open-jtalk/);
    const clip = await t.app.inject({ method: 'GET', url: card.material.audio_url });
    expect(clip.statusCode).toBe(200);
    expect(clip.headers['content-type']).toMatch(/^audio\//);
    expect(clip.headers['cache-control']).toContain('immutable');
    expect(clip.rawPayload.length).toBeGreaterThan(300);
    expect(clip.rawPayload.subarray(0, 4).toString('latin1')).toBe('OggS');
  }, 120_000);

  it('records a job that runs twice (its worker died after the engine answered) exactly once', async () => {
    const runner = new MediaJobRunner(
      t.app.app.get<MaterialMediaPort>(MATERIAL_MEDIA_PORT),
      t.app.app.get<MediaProviders>(MEDIA_PROVIDERS),
      t.app.app.get<MediaStorage>(MEDIA_STORAGE),
    );
    // The sentence of a vocab card a learner is served.
    const { rows } = await t.db.pool.query<{ id: number; data: Record<string, unknown> }>(
      `select s.material_id as id, s.data from materials m join material_states s on s.material_type = 'sentence' and s.material_id = (m.data->>'sentence_id')::int
        where m.material_type = 'vocab' and m.servable order by m.level, m.position limit 1`,
    );
    const input = voiceInputOf('sentence', rows[0].data)!;
    const requestEventId = voiceRequestId({ materialType: 'sentence', materialId: rows[0].id }, input.key);
    const job = {
      id: `${requestEventId}-voice`,
      data: { requestEventId, materialType: 'sentence', materialId: rows[0].id, action: 'voice', actorId: null, voice: { kind: input.kind, text: input.text, furigana: input.furigana, key: input.key } },
      attemptsMade: 0,
      opts: { attempts: 4 },
    };
    const once = await runner.run(job);
    const twice = await runner.run({ ...job, attemptsMade: 1 });
    expect(twice.voice).toEqual(once.voice);
    expect(await events('MediaActionSucceeded', [requestEventId])).toBe(1);
    const revisions = await t.db.pool.query(`select count(*)::int as n from events where stream_id = $1 and event_type = 'MaterialRevised' and data->>'source' = 'media'`, [
      `material-sentence-${rows[0].id}`,
    ]);
    expect(revisions.rows[0].n).toBe(1);
    // The clip follows the sentence's furigana, and the cards that show the sentence serve it.
    expect(once.voice!.spoken.length).toBeGreaterThan(0);
    const card = await t.db.pool.query(`select data->>'sentence_audio_url' as url from materials where (data->>'sentence_id')::int = $1`, [rows[0].id]);
    expect(card.rows.map((r) => r.url)).toContain(once.audio_url);
    // The admin hears it on the card's page, marked as the system's and not unapproved.
    const vocabId = (await t.db.pool.query(`select material_id from materials where material_type = 'vocab' and (data->>'sentence_id')::int = $1`, [rows[0].id])).rows[0].material_id;
    const detail = (await t.admin.session.get(`/api/admin/materials/${vocabId}?type=vocab`)).json();
    expect(detail.material).toMatchObject({ sentence_audio_url: once.audio_url, audio_vetoed: false });

    // An edit of the sentence: the old clip is no longer served at once; the next clip is made for the new text.
    const store = new EventStore(t.db.pool);
    const newText = `${input.text.replace(/。$/, '')}よ。`;
    await reviseMaterial(t.db.pool, store, {
      type: 'sentence',
      id: rows[0].id,
      set: { text: newText, furigana: `${(input.furigana ?? input.text).replace(/。$/, '')}よ。` },
      metadata: { actorId: null },
    });
    const stale = await t.db.pool.query(`select data->>'sentence_audio_url' as url from materials where (data->>'sentence_id')::int = $1`, [rows[0].id]);
    expect(stale.rows.every((r) => r.url === null)).toBe(true);
    const edited = voiceInputOf('sentence', (await getMaterial(t.db.pool, 'sentence', rows[0].id))!.data)!;
    expect(edited.key).not.toBe(input.key);
    const nextId = voiceRequestId({ materialType: 'sentence', materialId: rows[0].id }, edited.key);
    const fresh = await runner.run({ ...job, id: `${nextId}-voice`, data: { ...job.data, requestEventId: nextId, voice: { kind: 'sentence', text: edited.text, furigana: edited.furigana, key: edited.key } } });
    expect(fresh.audio_url).not.toBe(once.audio_url);
    const served = await t.db.pool.query(`select data->>'sentence_audio_url' as url from materials where (data->>'sentence_id')::int = $1`, [rows[0].id]);
    expect(served.rows.every((r) => r.url === fresh.audio_url)).toBe(true);
  }, 60_000);
});

describe('the system voice when a worker dies mid-batch', () => {
  it('another worker finishes the batch and every clip is recorded exactly once', async () => {
    const prefix = `kioku-test-voice-${randomUUID().slice(0, 8)}`;
    // No worker in the app (ROLE api): the test runs its own two, as two worker processes would.
    const t = await startAdminTestApp({ env: { MEDIA_QUEUE_PREFIX: prefix, VOICE_BATCH: String(BATCH) } });
    const workers: Worker[] = [];
    const connections: Redis[] = [];
    // Runs still going, the dead worker's included (closing a worker does not stop the run it is in).
    let inFlight = 0;
    class CountingRunner extends MediaJobRunner {
      override async run(...args: Parameters<MediaJobRunner['run']>) {
        inFlight++;
        try {
          return await super.run(...args);
        } finally {
          inFlight--;
        }
      }
    }
    const startWorker = () => {
      const connection = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
      connections.push(connection);
      const worker = createMediaWorker({
        connection,
        prefix,
        runner: new CountingRunner(t.app.app.get<MaterialMediaPort>(MATERIAL_MEDIA_PORT), t.app.app.get<MediaProviders>(MEDIA_PROVIDERS), t.app.app.get<MediaStorage>(MEDIA_STORAGE)),
        concurrency: 1,
        lockMs: 1_000,
        stalledIntervalMs: 500,
      });
      worker.on('error', () => undefined);
      workers.push(worker);
      return worker;
    };
    try {
      const revisions = async () => Number((await t.db.pool.query(`select count(*) as n from events where event_type = 'MaterialRevised' and data->>'source' = 'media'`)).rows[0].n);
      expect((await t.app.app.get(VoiceScheduler).pass()).requested).toBe(BATCH);
      const first = startWorker();
      await eventually('a few clips', async () => ((await revisions()) >= 3 ? true : null), 60_000);
      expect(await revisions()).toBeLessThan(BATCH);
      // The process dies mid-batch: no graceful wait, its lock is not renewed; another worker takes over.
      await first.close(true);
      startWorker();
      await eventually('the whole batch', async () => ((await revisions()) >= BATCH ? true : null), 90_000);
      // A run that was in flight in the dead worker finishes and records (again): still once.
      await eventually('no run in flight', async () => inFlight === 0, 30_000);
      const counts = await t.db.pool.query<{ event_type: string; n: number }>(
        `select event_type, count(*)::int as n from events
          where event_type in ('MediaActionRequested', 'MediaActionSucceeded', 'MaterialRevised') and stream_id like 'material-%' and (event_type <> 'MaterialRevised' or data->>'source' = 'media')
          group by 1 order by 1`,
      );
      expect(await revisions()).toBe(BATCH);
      expect(counts.rows).toEqual([
        { event_type: 'MaterialRevised', n: BATCH },
        { event_type: 'MediaActionRequested', n: BATCH },
        { event_type: 'MediaActionSucceeded', n: BATCH },
      ]);
    } finally {
      for (const w of workers) await w.close(true).catch(() => undefined);
      for (const c of connections) c.disconnect();
      await t.app.app.get<MediaQueue>(MEDIA_QUEUE).queue.obliterate({ force: true }).catch(() => undefined);
      await t.close();
    }
  }, 180_000);
});

describe('the system voice without Redis', () => {
  it('asks for nothing and records nothing; learners study as before', async () => {
    const t = await startAdminTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1', MEDIA_QUEUE_PREFIX: `kioku-test-voice-${randomUUID().slice(0, 8)}` } });
    try {
      const scheduler = t.app.app.get(VoiceScheduler);
      await expect(scheduler.pass()).rejects.toThrow(QUEUE_UNAVAILABLE);
      const asked = await t.db.pool.query(`select count(*)::int as n from events where event_type = 'MediaActionRequested'`);
      expect(asked.rows[0].n).toBe(0);
      const learner = await signUpTestUser(t.app.inject);
      const res = await learner.session.get('/api/flashcard?course=kana');
      expect(res.statusCode).toBe(200);
      expect(res.json().flashcard.material.audio_url).toBeNull();
    } finally {
      await t.close();
    }
  }, 60_000);
});

