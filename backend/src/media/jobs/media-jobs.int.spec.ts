import { Worker } from 'bullmq';
import { cleanImageUpload } from '../upload/clean-image';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../../../test/support/eventually';
import { freePort } from '../../../test/support/free-port';
import { loadConfig } from '../../platform/config/config';
import { AppError } from '../../platform/errors/app-error';
import { createRedis } from '../../platform/queue/redis';
import { MediaJobs } from '../media-jobs';
import { mediaJobId } from '../media-queue';
import { mediaSettings } from '../media-settings';
import { MaterialMediaText } from '../material-media.port';
import { createMediaProviders, MediaProviders } from '../providers/media-providers';
import { LocalDiskStorage } from '../storage/local-disk.storage';
import { MediaStorage } from '../storage/media-storage';
import { S3Storage } from '../storage/s3.storage';
import { FAKE_MP3, FakeProviders, startFakeProviders, TINY_PNG } from '../testing/fake-providers';
import { RecordedOutcome, RecordingMediaPort } from '../testing/recording-media.port';
import { MediaUploads } from '../upload/media-uploads';
import { MediaJobRunner } from '../worker/media-job-runner';
import { createMediaWorker } from '../worker/media-worker';
import { openMediaQueue, StandaloneMediaQueue } from '../testing/standalone-queue';

/** Lets a test switch the storage the running worker writes to. */
class SwitchableStorage implements MediaStorage {
  constructor(public target: MediaStorage) {}
  get kind() {
    return this.target.kind;
  }
  put(key: string, bytes: Buffer, contentType: string) {
    return this.target.put(key, bytes, contentType);
  }
  get(key: string) {
    return this.target.get(key);
  }
  delete(key: string) {
    return this.target.delete(key);
  }
  keyOf(url: string) {
    return this.target.keyOf(url);
  }
}

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('media jobs: every action through BullMQ against loopback providers', () => {
  const prefix = `kioku-test-jobs-${randomUUID().slice(0, 8)}`;
  let fake: FakeProviders;
  let dir: string;
  let local: LocalDiskStorage;
  let storage: SwitchableStorage;
  let media: StandaloneMediaQueue;
  let jobs: MediaJobs;
  let worker: Worker;
  let connection: Redis;
  const port = new RecordingMediaPort();
  const providers: MediaProviders = { tts: null, llm: null, images: null, breakdown: null };
  let nextId = 1000;

  const openAi = () => ({ OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_API_KEY: 'sk-test-kioku', OPENAI_CHAT_MODEL: 'chat-test', OPENAI_TTS_MODEL: 'tts-test', OPENAI_IMAGE_MODEL: 'image-test' });
  /** Configures the running worker's providers from environment variables, as the app does. */
  function use(env: Record<string, string>, vocabFile?: string) {
    Object.assign(providers, createMediaProviders(mediaSettings(loadConfig({ MEDIA_DIR: dir, ...env })), { vocabFile }));
  }
  async function run(action: string, material: MaterialMediaText, type = 'vocab'): Promise<RecordedOutcome & { requestEventId: string }> {
    const id = nextId++;
    port.set(type, id, material);
    const requestEventId = randomUUID();
    await jobs.enqueue({ requestEventId, materialType: type, materialId: id, actions: [action], actorId: null });
    const outcome = await port.outcomeOf(requestEventId, action);
    return { ...outcome, requestEventId };
  }
  /** The job once BullMQ has finished with it (the port records just before BullMQ moves it). */
  const settled = (jobId: string) =>
    eventually(`job ${jobId} finished`, async () => {
      const job = (await media.queue.getJob(jobId))!;
      return job.finishedOn ? job : null;
    }, 5_000, 50);
  const since = (n: number) => fake.requests.slice(n);
  const succeeded = (o: RecordedOutcome) => {
    if (o.outcome !== 'succeeded') throw new Error(`expected success, got: ${o.message}`);
    return o.result;
  };
  const failedWith = (o: RecordedOutcome) => {
    if (o.outcome !== 'failed') throw new Error(`expected failure, got ${JSON.stringify(o.result)}`);
    return o;
  };

  beforeAll(async () => {
    fake = await startFakeProviders();
    dir = await mkdtemp(join(tmpdir(), 'kioku-media-'));
    local = new LocalDiskStorage(dir);
    storage = new SwitchableStorage(local);
    media = openMediaQueue(REDIS_URL, prefix, { backoffMs: 100 });
    await media.queue.waitUntilReady();
    jobs = media.jobs;
    connection = createRedis(REDIS_URL);
    worker = createMediaWorker({ connection, prefix, runner: new MediaJobRunner(port, providers, storage), concurrency: 4 });
    await worker.waitUntilReady();
  });

  afterAll(async () => {
    await worker.close();
    connection.disconnect();
    await media.queue.obliterate({ force: true });
    await media.close();
    await fake.stop();
    await rm(dir, { recursive: true, force: true });
  });

  beforeEach(() => {
    storage.target = local;
    use({});
  });

  describe('enqueue', () => {
    it('adds one job per action with a deterministic id, 4 attempts and exponential backoff; a second enqueue adds nothing', async () => {
      const defaults = new MediaJobs(media.queue, media.media);
      const requestEventId = randomUUID();
      const request = { requestEventId, materialType: 'vocab', materialId: 999_999, actions: ['fetch_breakdown', 'approve_audio', 'fetch_audio'], actorId: null };
      const enqueued = await defaults.enqueue(request);
      expect(enqueued).toEqual([
        { action: 'fetch_breakdown', jobId: `${requestEventId}-fetch_breakdown` },
        { action: 'fetch_audio', jobId: `${requestEventId}-fetch_audio` },
      ]);
      for (const { jobId } of enqueued) expect(jobId).not.toContain(':');
      expect(await defaults.enqueue(request)).toHaveLength(2);
      const job = (await media.queue.getJob(mediaJobId(requestEventId, 'fetch_audio')))!;
      expect(job.opts).toMatchObject({ attempts: 4, backoff: { type: 'exponential', delay: 2000 } });
      expect(job.opts.removeOnComplete).toEqual({ age: 7 * 24 * 3600, count: 1000 });
      expect(job.opts.removeOnFail).toEqual({ age: 30 * 24 * 3600, count: 5000 });
      expect(job.data).toEqual({ requestEventId, materialType: 'vocab', materialId: 999_999, action: 'fetch_audio', actorId: null });
      // The material does not exist: each action fails once, for good, and is recorded once.
      const outcome = failedWith(await port.outcomeOf(requestEventId, 'fetch_audio'));
      expect(outcome.message).toBe('The vocab material 999999 does not exist (any more).');
      expect(outcome.final).toBe(true);
      await port.outcomeOf(requestEventId, 'fetch_breakdown');
      // Finished (not delayed for a retry): nothing more can run or be recorded for these jobs.
      expect((await settled(mediaJobId(requestEventId, 'fetch_audio'))).attemptsMade).toBe(1);
      expect((await settled(mediaJobId(requestEventId, 'fetch_breakdown'))).attemptsMade).toBe(1);
      expect(port.outcomes.filter((o) => o.requestEventId === requestEventId)).toHaveLength(2);
    });

    it('answers 400 for an unknown action and for a malformed request, and skips approvals', async () => {
      const bad = await jobs.enqueue({ requestEventId: randomUUID(), materialType: 'vocab', materialId: 1, actions: ['fetch_audio', 'make_coffee'] }).catch((e) => e);
      expect(bad).toBeInstanceOf(AppError);
      expect(bad.status).toBe(400);
      expect(bad.message).toContain('make_coffee');
      const malformed = await jobs.enqueue({ requestEventId: 'not-a-uuid', materialType: 'vocab', materialId: 1, actions: ['fetch_audio'] }).catch((e) => e);
      expect(malformed.status).toBe(400);
      expect(await jobs.enqueue({ requestEventId: randomUUID(), materialType: 'vocab', materialId: 1, actions: ['approve_image', 'unapprove_audio'] })).toEqual([]);
    });
  });

  describe('fetch_audio', () => {
    it('VOICEVOX: audio_query then synthesis with that query; stores the WAV', async () => {
      use({ VOICEVOX_URL: fake.url, VOICEVOX_SPEAKER: '3' });
      const before = fake.requests.length;
      const result = succeeded(await run('fetch_audio', { vocab: '勉強', sentence: '日本語を勉強します。' }));
      const [query, synthesis] = since(before);
      expect(query).toMatchObject({ method: 'POST', path: '/audio_query', query: { text: '日本語を勉強します。', speaker: '3' } });
      expect(synthesis).toMatchObject({ method: 'POST', path: '/synthesis', query: { speaker: '3' } });
      expect(synthesis.headers['content-type']).toBe('application/json');
      expect(synthesis.json).toMatchObject({ accent_phrases: expect.any(Array), kana: '日本語を勉強します。' });
      expect(result.audio_spec).toBe('voicevox:3');
      expect(result.audio_url).toMatch(/^\/media\/[0-9a-f]{64}\.(wav|mp3|ogg)$/);
      const file = await readFile(join(dir, result.audio_url!.slice('/media/'.length)));
      if (result.audio_url!.endsWith('.wav')) expect(file.toString('ascii', 8, 12)).toBe('WAVE');
    });

    it('VOICEVOX down: retried, then recorded as a final failure that says what to check', async () => {
      const closed = await freePort();
      use({ VOICEVOX_URL: `http://127.0.0.1:${closed}` });
      const outcome = await run('fetch_audio', { sentence: '猫です。' });
      const failure = failedWith(outcome);
      expect(failure.final).toBe(true);
      expect(failure.context.attempt).toBe(4);
      expect(failure.message).toBe(`Could not reach VOICEVOX at http://127.0.0.1:${closed} (connection refused). Is the VOICEVOX engine running (docs/media.md)? Check VOICEVOX_URL.`);
      const attempts = port.outcomes.filter((o) => o.requestEventId === outcome.requestEventId);
      expect(attempts.map((o) => o.outcome === 'failed' && o.final)).toEqual([false, false, false, true]);
    });

    it('OpenAI-compatible speech: POST /v1/audio/speech with the key; stores the MP3', async () => {
      use({ ...openAi(), TTS_PROVIDER: 'openai', OPENAI_TTS_VOICE: 'nova' });
      const before = fake.requests.length;
      const result = succeeded(await run('fetch_audio', { vocab: '猫', sentence: '猫が好きです。' }));
      const [speech] = since(before);
      expect(speech).toMatchObject({ method: 'POST', path: '/v1/audio/speech' });
      expect(speech.headers.authorization).toBe('Bearer sk-test-kioku');
      expect(speech.json).toEqual({ model: 'tts-test', input: '猫が好きです。', voice: 'nova', response_format: 'mp3' });
      expect(result).toEqual({ audio_url: expect.stringMatching(/^\/media\/[0-9a-f]{64}\.mp3$/), audio_spec: 'openai:tts-test:nova' });
      expect(await readFile(join(dir, result.audio_url!.slice(7)))).toEqual(FAKE_MP3);
    });

    it('Open JTalk by default (the system voice): a kana card speaks its kana', async () => {
      const result = succeeded(await run('fetch_audio', { kana: 'あ', romaji: 'a', vocab: 'あさ' }, 'kana'));
      expect(result.audio_spec).toBe('open-jtalk');
      expect(result.audio_url).toMatch(/^\/media\/[0-9a-f]{64}\.ogg$/);
    });

    it('espeak-ng when asked for (the last resort): a kana card speaks its kana, marked synthetic', async () => {
      use({ TTS_PROVIDER: 'espeak' });
      const result = succeeded(await run('fetch_audio', { kana: 'あ', romaji: 'a', vocab: 'あさ' }, 'kana'));
      expect(result.audio_spec).toBe('espeak-ng');
      expect(result.audio_url).toMatch(/^\/media\/[0-9a-f]{64}\.(wav|mp3|ogg)$/);
      expect(existsSync(join(dir, result.audio_url!.slice(7)))).toBe(true);
    });
  });

  describe('chat model actions', () => {
    it('fetch_sentence: asks for JSON, validates it (code fences tolerated) and returns sentence, furigana, meaning', async () => {
      use(openAi());
      fake.chatAnswers.push('```json\n{"sentence":"毎日日本語を勉強します。","furigana":"毎日[まいにち]日本語[にほんご]を勉強[べんきょう]します。","sentence_meaning":"I study Japanese every day."}\n```');
      const before = fake.requests.length;
      const result = succeeded(await run('fetch_sentence', { vocab: '勉強', vocab_hiragana: 'べんきょう', vocab_meaning: 'study', level: 1, course: 'vocab1' }));
      expect(result).toEqual({ sentence: '毎日日本語を勉強します。', furigana: '毎日[まいにち]日本語[にほんご]を勉強[べんきょう]します。', sentence_meaning: 'I study Japanese every day.' });
      const [chat] = since(before);
      expect(chat).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
      expect(chat.headers.authorization).toBe('Bearer sk-test-kioku');
      expect(chat.json.model).toBe('chat-test');
      expect(chat.json.response_format).toEqual({ type: 'json_object' });
      expect(chat.json.messages[0].role).toBe('system');
      expect(chat.json.messages[1].content).toContain('勉強');
      expect(chat.json.messages[1].content).toContain('study');
    });

    it('fetch_sentence: an answer whose furigana do not match is retried', async () => {
      use(openAi());
      fake.chatAnswers.push('{"sentence":"猫が好きです。","furigana":"犬[いぬ]が好[す]きです。","sentence_meaning":"I like cats."}');
      fake.chatAnswers.push('{"sentence":"猫が好きです。","furigana":"猫[ねこ]が好[す]きです。","sentence_meaning":"I like cats."}');
      const outcome = await run('fetch_sentence', { vocab: '猫', vocab_hiragana: 'ねこ', vocab_meaning: 'cat' });
      expect(succeeded(outcome).furigana).toBe('猫[ねこ]が好[す]きです。');
      const attempts = port.outcomes.filter((o) => o.requestEventId === outcome.requestEventId);
      expect(attempts).toHaveLength(2);
      expect(attempts[0]).toMatchObject({ outcome: 'failed', final: false, message: expect.stringContaining('furigana that do not match') });
    });

    it('works against a base URL without /v1 (Ollama style) and without an API key', async () => {
      use({ OPENAI_BASE_URL: fake.url, OPENAI_CHAT_MODEL: 'llama3' });
      fake.script((req, res) => {
        if (req.path !== '/v1/chat/completions' || req.headers.authorization) return false;
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({ choices: [{ message: { role: 'assistant', content: '{"sentence_context":"A polite thing to say to a teacher."}' } }] }),
        );
        return true;
      });
      const result = succeeded(await run('fetch_sentence_context', { vocab: '先生', sentence: '先生、ありがとうございます。', sentence_meaning: 'Thank you, teacher.' }));
      expect(result).toEqual({ sentence_context: 'A polite thing to say to a teacher.' });
    });

    it('fetch_sentence_context and fetch_image_description from the chat model', async () => {
      use(openAi());
      fake.chatAnswers.push('{"sentence_context":"Said to a friend; casual."}', '{"image_description":"A student at a desk writing kanji in a notebook."}');
      const material = { vocab: '勉強', sentence: '日本語を勉強します。', sentence_meaning: 'I study Japanese.' };
      expect(succeeded(await run('fetch_sentence_context', material))).toEqual({ sentence_context: 'Said to a friend; casual.' });
      const before = fake.requests.length;
      expect(succeeded(await run('fetch_image_description', material))).toEqual({ image_description: 'A student at a desk writing kanji in a notebook.' });
      expect(since(before)[0].json.messages[1].content).toContain('日本語を勉強します。');
    });

    it('a material without a sentence: fails at once, not retried, saying what to do', async () => {
      use(openAi());
      const outcome = failedWith(await run('fetch_sentence_context', { vocab: '猫' }));
      expect(outcome.final).toBe(true);
      expect(outcome.context.attempt).toBe(1);
      expect(outcome.message).toBe('This material has no sentence yet, so fetch_sentence_context has nothing to work on. Run fetch_sentence or write a sentence first.');
    });

    it.each(['fetch_sentence', 'fetch_sentence_context', 'fetch_image_description', 'fetch_image', 'fetch_and_upload_image'])(
      'without configuration %s fails fast, not retried, with "No provider configured for <action>"',
      async (action) => {
        const outcome = await run(action, { vocab: '猫', sentence: '猫です。', sentence_meaning: 'It is a cat.', image_description: 'A cat.' });
        const failure = failedWith(outcome);
        expect(failure.message).toBe(`No provider configured for ${action}`);
        expect(failure.final).toBe(true);
        const job = await settled(mediaJobId(outcome.requestEventId, action));
        expect(await job.getState()).toBe('failed');
        expect(job.attemptsMade).toBe(1);
        expect(job.failedReason).toBe(`No provider configured for ${action}`);
      },
    );
  });

  describe('fetch_breakdown', () => {
    it('by default: kuromoji words, hiragana readings, meanings from backend/content/vocab.json, the card word flagged', async () => {
      const result = succeeded(await run('fetch_breakdown', { vocab: '勉強', vocab_hiragana: 'べんきょう', sentence: '日本語を勉強します。' }));
      expect(result.sentence_breakdown).toEqual([
        { word: '日本語', pronunciation: 'にほんご', meaning: 'Japanese (language)' },
        { word: 'を', pronunciation: 'を', meaning: 'object marker' },
        { word: '勉強します', pronunciation: 'べんきょうします', meaning: 'study (polite)', vocab: true },
      ]);
      expect(result.note).toBeUndefined();
      const topic = succeeded(await run('fetch_breakdown', { vocab: '私', sentence: '私は学生です。' }));
      expect(topic.sentence_breakdown?.[1]).toEqual({ word: 'は', pronunciation: 'わ', meaning: 'topic marker' });
    });

    it('without vocabulary data: meanings empty, and the result says so', async () => {
      use({}, join(dir, 'no-such-vocab.json'));
      const result = succeeded(await run('fetch_breakdown', { sentence: '猫が好きです。' }));
      expect(result.sentence_breakdown?.map((b) => b.meaning).filter((m) => m && !['subject marker', 'is; am; are (polite)'].includes(m))).toEqual([]);
      expect(result.note).toBe('No vocabulary data (backend/content/vocab.json) was found on the worker, so the meanings are empty: fill them in by hand.');
    });

    it('BREAKDOWN_PROVIDER=llm: from the chat model', async () => {
      use({ ...openAi(), BREAKDOWN_PROVIDER: 'llm' });
      fake.chatAnswers.push(
        JSON.stringify({ breakdown: [{ word: '猫', pronunciation: 'ねこ', meaning: 'cat', vocab: true }, { word: 'です', pronunciation: 'です', meaning: 'is' }] }),
      );
      const result = succeeded(await run('fetch_breakdown', { vocab: '猫', sentence: '猫です。' }));
      expect(result.sentence_breakdown).toEqual([
        { word: '猫', pronunciation: 'ねこ', meaning: 'cat', vocab: true },
        { word: 'です', pronunciation: 'です', meaning: 'is' },
      ]);
    });
  });

  describe('images and storage', () => {
    it('fetch_image: POST /v1/images/generations, the PNG kept as the temporary image', async () => {
      use(openAi());
      const before = fake.requests.length;
      const result = succeeded(await run('fetch_image', { vocab: '猫', image_description: 'A cat asleep on a windowsill.' }));
      const [images] = since(before);
      expect(images).toMatchObject({ method: 'POST', path: '/v1/images/generations' });
      expect(images.json).toMatchObject({ model: 'image-test', n: 1, size: '1024x1024' });
      expect(images.json.prompt).toContain('A cat asleep on a windowsill.');
      expect(images.json.response_format).toBeUndefined();
      expect(result).toEqual({ image_tmp: expect.stringMatching(/^\/media\/tmp\/[0-9a-f]{64}\.png$/) });
      expect(await readFile(join(dir, result.image_tmp!.slice(7)))).toEqual(TINY_PNG);
    });

    it('fetch_and_upload_image: a 500 is retried, then the image is stored as image_url', async () => {
      use(openAi());
      let failures = 1;
      fake.script((req, res) => {
        if (req.path !== '/v1/images/generations' || failures-- <= 0) return false;
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
        return true;
      });
      const outcome = await run('fetch_and_upload_image', { vocab: '猫', sentence_meaning: 'I like cats.' });
      expect(succeeded(outcome)).toEqual({ image_url: expect.stringMatching(/^\/media\/[0-9a-f]{64}\.png$/) });
      const first = port.outcomes.find((o) => o.requestEventId === outcome.requestEventId)!;
      expect(first).toMatchObject({ outcome: 'failed', final: false });
      expect(first.outcome === 'failed' && first.message).toMatch(/^the image API at http:\/\/127\.0\.0\.1:\d+ answered HTTP 500: .*overloaded.* The job will be retried\.$/);
    });

    it('refused credentials (401) fail at once with a message about the key', async () => {
      use({ OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_IMAGE_MODEL: 'image-test' });
      const failure = failedWith(await run('fetch_image', { image_description: 'A cat.' }));
      expect(failure.final).toBe(true);
      expect(failure.context.attempt).toBe(1);
      expect(failure.message).toContain('refused the credentials (HTTP 401)');
      expect(failure.message).toContain('Check the API key');
    });

    it('fetch_and_upload_image to S3: a SigV4-signed PUT, the public URL returned', async () => {
      use(openAi());
      storage.target = new S3Storage({ endpoint: fake.url, bucket: fake.s3.bucket, region: fake.s3.region, accessKeyId: fake.s3.accessKeyId, secretAccessKey: fake.s3.secretAccessKey, publicUrl: 'https://cdn.kioku.test/media' });
      const before = fake.requests.length;
      const result = succeeded(await run('fetch_and_upload_image', { image_description: 'A cat.' }));
      const put = since(before).find((r) => r.method === 'PUT')!;
      expect(put.path).toMatch(new RegExp(`^/${fake.s3.bucket}/[0-9a-f]{64}\\.png$`));
      expect(put.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDFAKEKIOKU\/\d{8}\/eu-test-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/);
      expect(put.headers['x-amz-content-sha256']).toMatch(/^[0-9a-f]{64}$/);
      const key = put.path.slice(fake.s3.bucket.length + 2);
      expect(result).toEqual({ image_url: `https://cdn.kioku.test/media/${key}` });
      expect(fake.objects.get(`${fake.s3.bucket}/${key}`)).toMatchObject({ body: TINY_PNG, contentType: 'image/png', cacheControl: 'public, max-age=31536000, immutable' });
    });

    it('S3 with a wrong secret: the store refuses the signature and the job fails for good', async () => {
      use(openAi());
      storage.target = new S3Storage({ endpoint: fake.url, bucket: fake.s3.bucket, region: fake.s3.region, accessKeyId: fake.s3.accessKeyId, secretAccessKey: 'wrong' });
      const failure = failedWith(await run('fetch_and_upload_image', { image_description: 'A cat.' }));
      expect(failure.final).toBe(true);
      expect(failure.message).toContain('the S3 storage');
      expect(failure.message).toContain('HTTP 403');
      expect(failure.message).toContain('SignatureDoesNotMatch');
    });

    it('upload_image (local disk): moves the uploaded temporary image into storage and clears image_tmp', async () => {
      const uploads = new MediaUploads(local, mediaSettings(loadConfig({ MEDIA_DIR: dir })));
      const upload = await uploads.validateImageUpload(TINY_PNG, 'my cat.png');
      expect(upload.image_tmp).toBe(`/media/tmp/${upload.name}`);
      expect(existsSync(join(dir, 'tmp', upload.name))).toBe(true);
      const result = succeeded(await run('upload_image', { vocab: '猫', image_tmp: upload.image_tmp }));
      // Stored decoded and re-encoded (issue 28), under the name of what is stored.
      const clean = await cleanImageUpload(TINY_PNG, 'my cat.png');
      expect(result).toEqual({ image_url: `/media/${clean.name}`, image_tmp: null });
      expect(await readFile(join(dir, clean.name))).toEqual(clean.bytes);
      expect(existsSync(join(dir, 'tmp', upload.name))).toBe(false);
      // Nothing to move any more: a clear, final failure.
      const again = failedWith(await run('upload_image', { image_tmp: upload.image_tmp }));
      expect(again.message).toContain('no longer in temporary storage');
      const none = failedWith(await run('upload_image', { vocab: '猫' }));
      expect(none.message).toBe('There is no uploaded image to move into storage: upload an image (or run fetch_image) first.');
    });

    it('upload_image (S3): signed GET of the temporary object, PUT of the final one, DELETE of the temporary one', async () => {
      const s3 = new S3Storage({ endpoint: fake.url, bucket: fake.s3.bucket, region: fake.s3.region, accessKeyId: fake.s3.accessKeyId, secretAccessKey: fake.s3.secretAccessKey });
      storage.target = s3;
      const uploads = new MediaUploads(s3, mediaSettings(loadConfig({})));
      const upload = await uploads.validateImageUpload(TINY_PNG, 'cat.png');
      expect(upload.image_tmp).toBe(`${fake.url}/${fake.s3.bucket}/tmp/${upload.name}`);
      expect(fake.objects.has(`${fake.s3.bucket}/tmp/${upload.name}`)).toBe(true);
      const before = fake.requests.length;
      const result = succeeded(await run('upload_image', { image_tmp: upload.image_tmp }));
      const clean = await cleanImageUpload(TINY_PNG, 'cat.png');
      expect(result).toEqual({ image_url: `${fake.url}/${fake.s3.bucket}/${clean.name}`, image_tmp: null });
      expect(since(before).map((r) => `${r.method} ${r.path}`)).toEqual([
        `GET /${fake.s3.bucket}/tmp/${upload.name}`,
        `PUT /${fake.s3.bucket}/${clean.name}`,
        `DELETE /${fake.s3.bucket}/tmp/${upload.name}`,
      ]);
      for (const r of since(before)) expect(r.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 /);
      expect(fake.objects.has(`${fake.s3.bucket}/tmp/${upload.name}`)).toBe(false);
      expect(fake.objects.get(`${fake.s3.bucket}/${clean.name}`)?.body).toEqual(clean.bytes);
    });
  });
});
