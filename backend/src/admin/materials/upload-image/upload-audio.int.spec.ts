import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getMaterial, voiceInputOf } from '../../../content';
import { contentKey, LocalDiskStorage } from '../../../media';
import { sineWav, TINY_PNG } from '../../../media/testing/fake-providers';
import { EventStore } from '../../../platform/event-store/event-store';
import { AdminTestContext, multipartBody, postMultipart, startAdminTestApp } from '../../testing/admin-test-app';
import { recordVoiceOutcome } from '../../../media';

// An admin uploads a recording for a card (issue 14): the same multipart POST as the image upload, the file in
// `audio`. The learner keeps the system voice until the admin approves the recording, then hears it.

const VOCAB = 640697243; // 私 わたし, Vocab I level 1, with a sentence (content/load/fixtures)
const LIMIT = 16 * 1024;

/** A short tone encoded by opusenc (opus-tools, installed by scripts/system-packages.sh): a real Ogg Opus file. */
async function oggTone(dir: string, seconds: number): Promise<Buffer> {
  const wav = join(dir, `tone-${seconds}.wav`);
  const ogg = join(dir, `tone-${seconds}.ogg`);
  await writeFile(wav, sineWav(seconds, 16_000));
  execFileSync('opusenc', ['--quiet', '--bitrate', '16', '--serial', '1', wav, ogg]);
  return readFile(ogg);
}

/** A minimal WebM holding one Opus track (what a browser's MediaRecorder makes), enough for the content check. */
function webmAudio(): Buffer {
  const el = (id: number[], payload: Buffer) => Buffer.concat([Buffer.from(id), Buffer.from([0x80 | payload.length]), payload]);
  return Buffer.concat([
    el([0x1a, 0x45, 0xdf, 0xa3], el([0x42, 0x82], Buffer.from('webm'))),
    Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    el([0x16, 0x54, 0xae, 0x6b], el([0xae], el([0x86], Buffer.from('A_OPUS')))),
    Buffer.from([0x1f, 0x43, 0xb6, 0x75, 0x84, 0xe7, 0x81, 0x00, 0x00]),
  ]);
}

describe('audio upload (multipart POST with _method=patch, file in `audio`)', () => {
  let t: AdminTestContext;
  let mediaDir: string;
  let recording: Buffer;
  let systemUrl: string;
  const SYSTEM_SPEC = 'open-jtalk nitech-jp-atr503-m001';

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'kioku-audio-upload-'));
    t = await startAdminTestApp({ env: { MEDIA_DIR: mediaDir, MEDIA_MAX_UPLOAD_BYTES: String(LIMIT) } });
    recording = await oggTone(mediaDir, 0.5);

    // The card's word and sentence have their system voice clips, as the voice worker records them.
    const system = await oggTone(mediaDir, 0.8);
    systemUrl = await new LocalDiskStorage(mediaDir).put(contentKey(system, 'ogg'), system, 'audio/ogg');
    const card = await t.db.pool.query<{ sentence_id: number }>(`select (data->>'sentence_id')::int as sentence_id from materials where material_type = 'vocab' and material_id = $1`, [VOCAB]);
    const store = new EventStore(t.db.pool);
    for (const [type, id] of [['vocab', VOCAB], ['sentence', card.rows[0].sentence_id]] as const) {
      const input = voiceInputOf(type, (await getMaterial(t.db.pool, type, id))!.data)!;
      const requestEventId = randomUUID();
      const url = type === 'sentence' ? systemUrl : `/media/${'0'.repeat(64)}.ogg`; // the learner's vocab card plays the sentence
      await recordVoiceOutcome(t.db.pool, store, {
        requestEventId,
        jobId: `${requestEventId}-voice`,
        materialType: type,
        materialId: id,
        voice: { kind: input.kind, text: input.text, furigana: input.furigana, reading: input.reading, key: input.key },
        metadata: { actorId: null, actor: 'voice' },
        succeeded: true,
        result: { audio_url: url, audio_spec: SYSTEM_SPEC, voice: { key: input.key, url, spec: SYSTEM_SPEC, spoken: input.text, bytes: system.length } },
      });
    }
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  const detail = async () => {
    const res = await t.admin.session.get(`/api/admin/materials/${VOCAB}?type=vocab`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const upload = (bytes: Buffer, name: string, type: string, version?: number, headers: Record<string, string> = {}) =>
    postMultipart(
      t.app,
      t.admin,
      `/api/admin/materials/${VOCAB}`,
      multipartBody({ _method: 'patch', type: 'vocab', ...(version !== undefined ? { version: String(version) } : {}) }, { field: 'audio', name, type, bytes }),
      headers,
    );
  /** What a learner's card plays: GET /api/flashcard for this card. */
  const learnerAudio = async () => {
    const res = await t.learner.session.get(`/api/flashcard?course=vocab1&material_type=vocab&material_id=${VOCAB}`);
    expect(res.statusCode).toBe(200);
    const { material } = res.json().flashcard;
    return { audio_url: material.audio_url, audio_spec: material.audio_spec };
  };
  const approve = async (action: 'approve_audio' | 'unapprove_audio') => {
    const res = await t.admin.session.post(`/api/admin/materials/${VOCAB}/actions`, { type: 'vocab', actions: { [action]: true } });
    expect(res.statusCode).toBe(202);
  };

  it('stores a real Ogg recording as the card audio, unapproved: the learner keeps the system voice until the admin approves it', async () => {
    expect(recording.length).toBeLessThan(10 * 1024);
    expect(await learnerAudio()).toEqual({ audio_url: systemUrl, audio_spec: SYSTEM_SPEC });

    const seen = await detail();
    const res = await upload(recording, 'my voice.ogg', 'audio/ogg', seen.material.version);
    expect(res.statusCode).toBe(200);
    const { material } = res.json();
    expect(material.audio_url).toMatch(/^\/media\/[0-9a-f]{64}\.ogg$/);
    expect(material).toMatchObject({ audio_spec: 'uploaded recording', is_audio_approved: false, audio_vetoed: false });
    expect(material.version).not.toBe(seen.material.version);
    // Stored under its content hash, served as Ogg with immutable caching.
    expect((await readFile(join(mediaDir, material.audio_url.split('/').pop()))).equals(recording)).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: material.audio_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('audio/ogg');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(recording)).toBe(true);
    // An admin edit in the card's history.
    const history = (await t.admin.session.get(`/api/admin/history?stream=material-vocab-${VOCAB}`)).json();
    expect(history.items[0]).toMatchObject({
      type: 'MaterialRevised',
      actor: { id: t.admin.id, kind: 'admin' },
      changes: expect.arrayContaining([
        { field: 'audio_url', before: null, after: material.audio_url },
        { field: 'audio_spec', before: null, after: 'uploaded recording' },
      ]),
    });

    // Not approved yet: the learner still hears the system voice.
    expect(await learnerAudio()).toEqual({ audio_url: systemUrl, audio_spec: SYSTEM_SPEC });
    await approve('approve_audio');
    expect(await learnerAudio()).toEqual({ audio_url: material.audio_url, audio_spec: 'uploaded recording' });

    // Another recording replaces it and waits for approval again; the learner goes back to the system voice.
    const other = await oggTone(mediaDir, 0.3);
    const again = await upload(other, 'take 2.ogg', 'audio/ogg', (await detail()).material.version);
    expect(again.statusCode).toBe(200);
    expect(again.json().material).toMatchObject({ is_audio_approved: false, audio_spec: 'uploaded recording' });
    expect(again.json().material.audio_url).not.toBe(material.audio_url);
    expect(await learnerAudio()).toEqual({ audio_url: systemUrl, audio_spec: SYSTEM_SPEC });
    await approve('approve_audio');
    expect((await learnerAudio()).audio_url).toBe(again.json().material.audio_url);
  });

  it('refuses SVG and HTML (scripts a browser would run from our origin) as an image or an audio file, storing nothing', async () => {
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>alert(1)</script></svg>');
    const html = Buffer.from('<!doctype html><html><body><script>fetch("/api/users/profile")</script></body></html>');
    const before = await readdir(mediaDir);
    const sent = [
      { field: 'image', bytes: svg, name: 'cat.svg', type: 'image/svg+xml' },
      { field: 'image', bytes: svg, name: 'cat.png', type: 'image/png' },
      { field: 'image', bytes: html, name: 'cat.html', type: 'text/html' },
      { field: 'image', bytes: html, name: 'cat.gif', type: 'image/gif' },
      { field: 'audio', bytes: svg, name: 'word.svg', type: 'image/svg+xml' },
      { field: 'audio', bytes: html, name: 'word.ogg', type: 'audio/ogg' },
    ];
    for (const f of sent) {
      const res = await postMultipart(t.app, t.admin, `/api/admin/materials/${VOCAB}`, multipartBody({ _method: 'patch', type: 'vocab' }, f));
      expect({ name: f.name, status: res.statusCode }).toEqual({ name: f.name, status: 400 });
      expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual([f.field]);
    }
    expect(await readdir(mediaDir)).toEqual(before);
  });

  it('refuses a PNG named .ogg with 400 naming the field audio, and an oversized file with 413', async () => {
    const png = await upload(TINY_PNG, 'word.ogg', 'audio/ogg');
    expect(png.statusCode).toBe(400);
    expect(png.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(png.json()).toMatchObject({
      code: 'validation_failed',
      detail: 'The file is not an Ogg, MP3, WAV, M4A or WebM audio file.',
      errors: [{ field: 'audio', message: 'word.ogg is not an Ogg, MP3, WAV, M4A or WebM audio file.' }],
    });
    const big = sineWav(1, 16_000); // a real WAV of 32 KB, over the 16 KB limit
    expect(big.length).toBeGreaterThan(LIMIT);
    const tooLarge = await upload(big, 'long.wav', 'audio/wav');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(tooLarge.json()).toMatchObject({
      code: 'payload_too_large',
      detail: 'The audio file is too large; the limit is 16 KB.',
      errors: [{ field: 'audio', message: 'The file is larger than 16 KB.' }],
    });
    // Nothing changed on the card.
    const { material } = await detail();
    expect(material.audio_url).toMatch(/\.ogg$/);
  });

  it('answers 409 for a stale version, and a retry with the same Idempotency-Key records once', async () => {
    const stale = await upload(recording, 'old.ogg', 'audio/ogg', 1);
    expect(stale.statusCode).toBe(409);

    const seen = await detail();
    const wav = sineWav(0.1, 8_000);
    const key = `audio-${randomUUID()}`;
    const first = await upload(wav, 'take 3.wav', 'audio/wav', seen.material.version, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    const retry = await upload(wav, 'take 3.wav', 'audio/wav', seen.material.version, { 'idempotency-key': key });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().material.audio_url).toBe(first.json().material.audio_url);
    expect(first.json().material.audio_url).toMatch(/\.wav$/);
    const { rows } = await t.db.pool.query(
      `select count(*)::int as n from events where stream_id = $1 and event_type = 'MaterialRevised' and data->'changes' ? 'audio_url' and data->'changes'->'audio_url'->>'after' = $2`,
      [`material-vocab-${VOCAB}`, first.json().material.audio_url],
    );
    expect(rows[0].n).toBe(1);
  });

  it('serves an uploaded WebM recording as audio/webm', async () => {
    const res = await upload(webmAudio(), 'recorded.webm', 'audio/webm', (await detail()).material.version);
    expect(res.statusCode).toBe(200);
    const url = res.json().material.audio_url;
    expect(url).toMatch(/^\/media\/[0-9a-f]{64}\.webm$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('audio/webm');
  });
});
