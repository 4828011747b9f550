import sharp from 'sharp';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TINY_PNG } from '../../media/testing/fake-providers';
import { AdminTestContext, multipartBody, postMultipart, startAdminTestApp } from '../testing/admin-test-app';

// Fixture facts (backend/src/content/load/fixtures): reading 1412200543 (日 ひ) may use word 170318571 or
// 1613323821; 1613323821 is the word of reading 779664548 (日 ニチ). Word 526608631 is no candidate of it.
const READING = 1412200543;
const OTHER_READING = 779664548;
const SHARED_WORD = 1613323821;
const NOT_AN_OPTION = 526608631;
const VOCAB = 640697243; // 私 わたし, with a sentence

describe('admin materials API', () => {
  let t: AdminTestContext;
  let mediaDir: string;
  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'kioku-admin-media-'));
    t = await startAdminTestApp({ env: { MEDIA_DIR: mediaDir, MEDIA_MAX_UPLOAD_BYTES: '4096' } });
  });
  afterAll(async () => {
    await t.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  const get = (url: string) => t.admin.session.get(url);
  const detail = async (type: string, id: number, query = '') => {
    const res = await get(`/api/admin/materials/${id}?type=${type}${query}`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  describe('GET /api/admin/materials', () => {
    it('lists the cards of a type in course order, paged, with their flags', async () => {
      const res = await get('/api/admin/materials?type=reading&course=kanji1');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ page: 1, page_size: 100 });
      expect(body.total).toBe(17);
      expect(body.items[0]).toMatchObject({ type: 'reading', course: 'kanji1', level: 1, title: expect.stringContaining('日') });
      expect(body.items[0]).toEqual(
        expect.objectContaining({ has_sentence: expect.any(Boolean), has_audio: false, is_audio_approved: false, has_image: false, servable: expect.any(Boolean), updated_at: expect.any(String) }),
      );
      const levels = body.items.map((i: { level: number }) => i.level);
      expect(levels).toEqual([...levels].sort((a, b) => a - b));
      const level2 = (await get('/api/admin/materials?type=reading&course=kanji1&level=2')).json();
      expect(level2.items.every((i: { level: number }) => i.level === 2)).toBe(true);
      expect(level2.total).toBe(2);
    });

    it('says which cards the system voice speaks when the admin gave no audio (issue 31: the list said None)', async () => {
      const first = (await get('/api/admin/materials?type=reading&course=kanji1')).json().items[0];
      expect(first.system_voice).toBe(false);
      // The catalogue row as the voice leaves it: the sentence's clip, no audio of the admin's.
      await t.db.pool.query(`update materials set data = data || '{"sentence_audio_url": "/media/clip.ogg"}' where material_type = 'reading' and material_id = $1`, [first.id]);
      const voiced = (await get('/api/admin/materials?type=reading&course=kanji1')).json().items[0];
      expect(voiced).toMatchObject({ id: first.id, has_audio: false, system_voice: true });
      await t.db.pool.query(`update materials set data = data || '{"audio_vetoed": true}' where material_type = 'reading' and material_id = $1`, [first.id]);
      expect((await get('/api/admin/materials?type=reading&course=kanji1')).json().items[0].system_voice).toBe(false);
      await t.db.pool.query(`update materials set data = data - 'sentence_audio_url' - 'audio_vetoed' where material_type = 'reading' and material_id = $1`, [first.id]);
    });

    it('filters by flags joined by +, spaces or commas; unknown filters are a 400', async () => {
      const all = (await get('/api/admin/materials?type=vocab')).json();
      const noSentence = (await get('/api/admin/materials?type=vocab&filters=no_sentence')).json();
      expect(noSentence.total).toBe(all.items.filter((i: { has_sentence: boolean }) => !i.has_sentence).length);
      expect(noSentence.total).toBeGreaterThan(0);
      const both = (await get('/api/admin/materials?type=vocab&filters=no_sentence%2Bnot_servable')).json();
      expect(both.items.every((i: { has_sentence: boolean; servable: boolean }) => !i.has_sentence && !i.servable)).toBe(true);
      expect((await get('/api/admin/materials?type=vocab&filters=no_audio+no_image')).json().total).toBe(all.total);
      expect((await get('/api/admin/materials?type=vocab&filters=no_audio,audio_unapproved')).json().total).toBe(0);
      const bad = await get('/api/admin/materials?type=vocab&filters=no_cats');
      expect(bad.statusCode).toBe(400);
      expect(bad.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(bad.json().detail).toMatch(/Unknown filter: no_cats/);
      expect((await get('/api/admin/materials?type=kanji')).statusCode).toBe(400);
    });
  });

  describe('GET /api/admin/materials/:id', () => {
    it('answers the material, its reading block with candidate words as objects, jobs and neighbours', async () => {
      const body = await detail('reading', READING, '&course=kanji1&level=1');
      expect(body.material).toMatchObject({ id: READING, type: 'reading', course: 'kanji1', level: 1, kanji: '日', reading: 'ひ', is_audio_approved: false });
      expect(typeof body.material.version).toBe('number');
      expect(body.reading).toMatchObject({ id: READING, kanji: '日', reading: 'ひ', grade: 'elementary', vocab_id: 170318571, same_vocab_reading_ids: [] });
      expect(body.reading.vocab_id_options.map((o: { id: number }) => o.id).sort()).toEqual([170318571, SHARED_WORD].sort());
      const shared = body.reading.vocab_id_options.find((o: { id: number }) => o.id === SHARED_WORD);
      expect(shared).toMatchObject({ vocab: expect.any(String), vocab_hiragana: expect.any(String), vocab_meaning: expect.any(String), reading_ids: [OTHER_READING] });
      expect(body.jobs).toEqual([]);
      const list = (await get('/api/admin/materials?type=reading&course=kanji1&level=1')).json().items.map((i: { id: number }) => i.id);
      const at = list.indexOf(READING);
      expect(body.neighbours).toEqual({ prev: list[at - 1] ?? null, next: list[at + 1] ?? null });
      const first = await detail('reading', list[0], '&course=kanji1&level=1');
      expect(first.neighbours.prev).toBeNull();
    });

    it('answers 404 for an unknown material and 400 without a type', async () => {
      expect((await get('/api/admin/materials/999?type=vocab')).statusCode).toBe(404);
      expect((await get(`/api/admin/materials/${READING}`)).statusCode).toBe(400);
      expect((await get('/api/admin/materials/abc?type=vocab')).statusCode).toBe(404);
    });
  });

  describe('PATCH /api/admin/materials/:id', () => {
    it('edits a word, its sentence and an override, each where the card shows it from; history has who, when, before → after', async () => {
      const before = await detail('vocab', VOCAB);
      const res = await t.admin.session.patch(`/api/admin/materials/${VOCAB}`, {
        type: 'vocab',
        version: before.material.version,
        vocab_meaning: 'I; me (polite)',
        sentence_meaning: 'A better translation.',
        image_situation: 'A person pointing at themselves.',
      });
      expect(res.statusCode).toBe(200);
      const after = res.json();
      expect(after.material).toMatchObject({ vocab_meaning: 'I; me (polite)', sentence_meaning: 'A better translation.', image_situation: 'A person pointing at themselves.' });
      expect(after.material.version).toBeGreaterThan(before.material.version);
      // The learner-facing catalogue shows it too.
      const dictionary = (await t.learner.session.get(`/api/vocabs/${VOCAB}`)).json();
      expect(JSON.stringify(dictionary)).toContain('I; me (polite)');

      const history = await get(`/api/admin/history?stream=material-vocab-${VOCAB}`);
      expect(history.statusCode).toBe(200);
      const items = history.json().items;
      const own = items.find((i: { stream_id: string; type: string }) => i.stream_id === `material-vocab-${VOCAB}` && i.type === 'MaterialRevised');
      expect(own.actor).toEqual({ id: t.admin.id, name: 'Ada Admin', kind: 'admin' });
      expect(Date.parse(own.at)).toBeGreaterThan(Date.now() - 60_000);
      expect(own.changes).toEqual(
        expect.arrayContaining([
          { field: 'vocab_meaning', before: 'I; me', after: 'I; me (polite)' },
          { field: 'image_situation', before: null, after: 'A person pointing at themselves.' },
        ]),
      );
      const sentence = items.find((i: { stream_id: string }) => i.stream_id.startsWith('material-sentence-'));
      expect(sentence.changes).toEqual([{ field: 'sentence_meaning', before: expect.any(String), after: 'A better translation.' }]);
    });

    it('refuses a stale version with 409 and overwrites nothing', async () => {
      const seen = await detail('vocab', VOCAB);
      const first = await t.admin.session.patch(`/api/admin/materials/${VOCAB}`, { type: 'vocab', version: seen.material.version, sentence_context: 'Context A' });
      expect(first.statusCode).toBe(200);
      const stale = await t.admin.session.patch(`/api/admin/materials/${VOCAB}`, {
        type: 'vocab',
        version: String(seen.material.version),
        sentence_context: 'Context B',
        vocab_meaning: 'overwritten?',
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ status: 409, code: 'concurrency_conflict', detail: 'Someone else changed this material in the meantime. Reload to see their version.' });
      const now = await detail('vocab', VOCAB);
      expect(now.material.sentence_context).toBe('Context A');
      expect(now.material.vocab_meaning).not.toBe('overwritten?');
      // On top of the current version the edit goes through.
      const retry = await t.admin.session.patch(`/api/admin/materials/${VOCAB}`, { type: 'vocab', version: now.material.version, sentence_context: null });
      expect(retry.statusCode).toBe(200);
      expect(retry.json().material.sentence_context).not.toBe('Context A');
    });

    it('a reading takes one of its candidate words; one used elsewhere shows that reading; others are a 400', async () => {
      const seen = await detail('reading', READING);
      const bad = await t.admin.session.patch(`/api/admin/materials/${READING}`, { type: 'reading', version: seen.material.version, vocab_id: NOT_AN_OPTION });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([{ field: 'vocab_id', message: expect.any(String) }]);
      expect((await detail('reading', READING)).reading.vocab_id).toBe(170318571);

      const res = await t.admin.session.patch(`/api/admin/materials/${READING}`, { type: 'reading', version: seen.material.version, vocab_id: SHARED_WORD, grade: 'middle' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.reading).toMatchObject({ vocab_id: SHARED_WORD, grade: 'middle', same_vocab_reading_ids: [OTHER_READING] });
      expect(body.material.vocab_id).toBe(SHARED_WORD);
      const other = await detail('reading', OTHER_READING);
      expect(other.reading.same_vocab_reading_ids).toEqual([READING]);
      const history = (await get(`/api/admin/history?stream=material-reading-${READING}`)).json().items;
      expect(history[0].changes).toEqual(
        expect.arrayContaining([
          { field: 'vocab_id', before: 170318571, after: SHARED_WORD },
          { field: 'grade', before: 'elementary', after: 'middle' },
        ]),
      );
    });

    it('validates fields: unknown ones, wrong types, fields of another material type', async () => {
      const seen = await detail('kana', 12354);
      const unknown = await t.admin.session.patch('/api/admin/materials/12354', { type: 'kana', version: seen.material.version, colour: 'red' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors).toEqual([{ field: 'colour', message: 'Unknown field "colour".' }]);
      const wrongType = await t.admin.session.patch('/api/admin/materials/12354', { type: 'kana', version: seen.material.version, grade: 'middle' });
      expect(wrongType.statusCode).toBe(400);
      const url = await t.admin.session.patch('/api/admin/materials/12354', { type: 'kana', version: seen.material.version, audio_url: 'javascript:alert(1)' });
      expect(url.statusCode).toBe(400);
      const ok = await t.admin.session.patch('/api/admin/materials/12354', { type: 'kana', version: seen.material.version, vocab_meaning: 'the morning' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().material.vocab_meaning).toBe('the morning');
    });

    it('answers an edit retried with the same Idempotency-Key once, recording it once', async () => {
      const seen = await detail('kana', 12356);
      const body = { type: 'kana', version: seen.material.version, image_description: 'A mouth saying i.' };
      const headers = { 'Idempotency-Key': `admin-edit-${seen.material.version}-retry` };
      const first = await t.admin.session.patch('/api/admin/materials/12356', body, { headers });
      const again = await t.admin.session.patch('/api/admin/materials/12356', body, { headers });
      expect(first.statusCode).toBe(200);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      const revisions = (await get('/api/admin/history?stream=material-kana-12356')).json().items.filter((i: { type: string }) => i.type === 'MaterialRevised');
      expect(revisions).toHaveLength(1);
    });
  });

  describe('image upload (multipart POST with _method=patch)', () => {
    const upload = async (bytes: Buffer, name: string, type: string, version?: number) =>
      postMultipart(
        t.app,
        t.admin,
        `/api/admin/materials/${VOCAB}`,
        multipartBody({ _method: 'patch', type: 'vocab', ...(version !== undefined ? { version: String(version) } : {}) }, { field: 'image', name, type, bytes }),
      );

    it('accepts a PNG: stored under a generated name, set as image_url, not approved', async () => {
      const seen = await detail('vocab', VOCAB);
      const res = await upload(TINY_PNG, 'my holiday.png', 'image/png', seen.material.version);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.material.image_url).toMatch(/\/media\/[0-9a-f]{64}\.png$/);
      expect(body.material.is_image_approved).toBe(false);
      // Stored decoded and re-encoded (no metadata): the same picture, a PNG still.
      const stored = await readFile(join(mediaDir, body.material.image_url.split('/').pop()));
      expect(stored.subarray(0, 8)).toEqual(TINY_PNG.subarray(0, 8));
      const [was, is] = await Promise.all([sharp(TINY_PNG).metadata(), sharp(stored).metadata()]);
      expect({ width: is.width, height: is.height }).toEqual({ width: was.width, height: was.height });
      const served = await t.app.inject({ method: 'GET', url: new URL(body.material.image_url, 'http://x').pathname });
      expect(served.statusCode).toBe(200);
    });

    it('refuses a text file with 400 and an oversized file with 413, as problem+json', async () => {
      const text = await upload(Buffer.from('just some text, not an image'), 'notes.png', 'image/png');
      expect(text.statusCode).toBe(400);
      expect(text.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(text.json()).toMatchObject({ code: 'validation_failed', detail: 'The file is not a PNG, JPEG, WebP or GIF image.' });
      const big = Buffer.concat([TINY_PNG, Buffer.alloc(10_000)]);
      const tooLarge = await upload(big, 'huge.png', 'image/png');
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(tooLarge.json()).toMatchObject({ code: 'payload_too_large', detail: expect.stringContaining('4 KB') });
    });

    it('refuses a stale version and a POST without the method override', async () => {
      const stale = await upload(TINY_PNG, 'a.png', 'image/png', 1);
      expect(stale.statusCode).toBe(409);
      const plain = await t.admin.session.post(`/api/admin/materials/${VOCAB}`, { type: 'vocab' });
      expect(plain.statusCode).toBe(400);
      const seen = await detail('vocab', VOCAB);
      const json = await t.admin.session.post(`/api/admin/materials/${VOCAB}`, { _method: 'patch', type: 'vocab', version: seen.material.version, image_situation: 'JSON override' });
      expect(json.statusCode).toBe(200);
      expect(json.json().material.image_situation).toBe('JSON override');
    });
  });
});
