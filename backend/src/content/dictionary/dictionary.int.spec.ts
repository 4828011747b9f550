import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { startTestApp, TestApp } from '../../../test/http-app';
import { createIsolatedDatabase } from '../../../test/test-db';
import { setSubscription } from '../../accounts';
import { signUpTestUser, TestUser } from '../../accounts/testing/test-session';
import { EventStore } from '../../platform/event-store/event-store';
import { reviseMaterial } from '../material/record-material';
import { loadContent } from '../load/load-content';

const FIXTURES = join(__dirname, '..', 'load', 'fixtures');
const LOCKED = 'This tab is part of the subscription. Subscribe to unlock levels 2–9 and the whole dictionary.';

describe('dictionary API', () => {
  let db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: TestApp;
  let learner: TestUser;
  let subscriber: TestUser;
  beforeAll(async () => {
    db = await createIsolatedDatabase();
    await loadContent(db.pool, new EventStore(db.pool), { dir: FIXTURES, requireAll: true });
    app = await startTestApp({ databaseUrl: db.url });
    learner = await signUpTestUser(app.inject);
    subscriber = await signUpTestUser(app.inject);
    await setSubscription(db.pool, subscriber.email, 'active');
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('needs a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/kanji?course=kanji1' });
    expect(res.statusCode).toBe(401);
  });

  it('lists the kanji of the first grade tab with every tab and its lock', async () => {
    const res = await learner.session.get('/api/kanji?course=kanji1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.course).toBe('kanji1');
    expect(body.tab).toBe('1');
    expect(body.tabs).toEqual(['1', '2', '3', '4', '5', '6'].map((id, i) => ({ id, label: `Grade ${id}`, locked: i > 0 })));
    expect(body.items[0]).toEqual({ id: 26085, character: '日', level: 1, meanings: expect.arrayContaining(['day']) });
    expect(body.items.every((k: { level: number }) => typeof k.level === 'number')).toBe(true);
    expect((await subscriber.session.get('/api/kanji?course=kanji1&tab=1')).json().tabs.every((t: { locked: boolean }) => !t.locked)).toBe(true);
    const kanji2 = (await learner.session.get('/api/kanji?course=kanji2')).json();
    expect(kanji2.tab).toBe('7');
    expect(kanji2.tabs.map((t: { id: string }) => t.id)).toEqual(['7', '8', '9']);
    expect(kanji2.items.length).toBeGreaterThan(0);
  });

  it('answers 402 for other tabs without a subscription, 200 with one', async () => {
    const locked = await learner.session.get('/api/kanji?course=kanji1&tab=2');
    expect(locked.statusCode).toBe(402);
    expect(locked.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(locked.json()).toMatchObject({ status: 402, code: 'payment_required', detail: LOCKED });
    const open = await subscriber.session.get('/api/kanji?course=kanji1&tab=2');
    expect(open.statusCode).toBe(200);
    expect(open.json().items.length).toBeGreaterThan(0);
    expect((await learner.session.get('/api/vocabs?course=vocab1&tab=ka')).statusCode).toBe(402);
    expect((await subscriber.session.get('/api/vocabs?course=vocab1&tab=ka')).statusCode).toBe(200);
  });

  it('refuses an unknown course or tab with 400 naming the field', async () => {
    const course = await learner.session.get('/api/kanji?course=kanji3');
    expect(course.statusCode).toBe(400);
    expect(course.json().errors[0].field).toBe('course');
    const missing = await learner.session.get('/api/vocabs');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].field).toBe('course');
    const tab = await subscriber.session.get('/api/kanji?course=kanji2&tab=3');
    expect(tab.statusCode).toBe(400);
    expect(tab.json().errors).toEqual([{ field: 'tab', message: expect.stringContaining('7, 8, 9') }]);
    expect((await learner.session.get('/api/vocabs?course=vocab1&tab=zz')).json().errors[0].field).toBe('tab');
  });

  it('shows a kanji by id or by character with readings and course words', async () => {
    const byId = await learner.session.get('/api/kanji/26085');
    expect(byId.statusCode).toBe(200);
    const body = byId.json();
    expect(body).toMatchObject({ id: 26085, character: '日', level: 1, level_label: '10級', joyo_level: 1, strokes: 4 });
    expect(body.on_readings).toContainEqual({ reading: 'ニチ', grade: 'elementary' });
    expect(body.vocabs.length).toBeGreaterThan(0);
    expect(body.vocabs.length).toBeLessThanOrEqual(10);
    for (const v of body.vocabs) {
      expect(Object.keys(v).sort()).toEqual(['vocab', 'vocab_hiragana', 'vocab_meaning', 'vocab_note']);
      expect(v.vocab).toContain('日');
    }
    const byChar = await learner.session.get(`/api/kanji/${encodeURIComponent('日')}?character=true`);
    expect(byChar.json()).toEqual(body);
    expect((await learner.session.get('/api/kanji/99999')).statusCode).toBe(404);
    expect((await learner.session.get('/api/kanji/abc')).statusCode).toBe(400);
  });

  it('opens the details of free entries only without a subscription', async () => {
    const { rows } = await db.pool.query(`select id from kanji_entries where level > 1 and grade not in (1, 7) limit 1`);
    const locked = await learner.session.get(`/api/kanji/${rows[0].id}`);
    expect(locked.statusCode).toBe(402);
    expect((await subscriber.session.get(`/api/kanji/${rows[0].id}`)).statusCode).toBe(200);
    const vocab = (await db.pool.query(`select id from vocab_entries where level > 1 and tab <> 'a' limit 1`)).rows[0];
    expect((await learner.session.get(`/api/vocabs/${vocab.id}`)).statusCode).toBe(402);
    expect((await subscriber.session.get(`/api/vocabs/${vocab.id}`)).statusCode).toBe(200);
    // Listed in the free first tab: opens even above level 1.
    const freeTab = (await db.pool.query(`select id from vocab_entries where level > 1 and tab = 'a' limit 1`)).rows[0];
    expect((await learner.session.get(`/api/vocabs/${freeTab.id}`)).statusCode).toBe(200);
  });

  it('charts kana by row in both scripts and shows one kana', async () => {
    const res = await learner.session.get('/api/kana');
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows;
    expect(rows.map((r: { row: string }) => r.row)).toEqual(['a', 'k', 's', 't', 'n', 'h', 'm', 'y', 'r', 'w', 'g', 'z', 'd', 'b', 'p', 'small_tsu']);
    for (const r of rows) {
      expect(r.hiragana.length).toBeGreaterThan(0);
      expect(r.katakana.length).toBe(r.hiragana.length);
    }
    expect(rows[0].hiragana[0]).toEqual({ kana: 'あ', romaji: 'a', hint: expect.any(String) });
    expect(rows[0].katakana[0]).toMatchObject({ kana: 'ア', romaji: 'a' });
    const detail = await learner.session.get(`/api/kana/${encodeURIComponent('か')}?kana=true`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual({
      kana: 'か',
      romaji: 'ka',
      hint: expect.any(String),
      audio_url: null,
      vocab_reading: expect.any(String),
      vocab_definition: expect.any(String),
    });
    expect((await learner.session.get(`/api/kana/${encodeURIComponent('ゐ')}?kana=true`)).statusCode).toBe(404);
  });

  it('lists words of a row and shows a word with its sentence', async () => {
    const list = await learner.session.get('/api/vocabs?course=vocab1&tab=a');
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body).toMatchObject({ course: 'vocab1', tab: 'a' });
    expect(body.tabs[0]).toEqual({ id: 'a', label: 'あ', locked: false });
    expect(body.tabs).toHaveLength(10);
    expect(body.items.length).toBeGreaterThan(0);
    for (const item of body.items) expect(Object.keys(item).sort()).toEqual(['definition', 'id', 'kanji', 'level', 'note', 'reading']);
    const level1 = (await db.pool.query(`select id, data from vocab_entries where level = 1 and data->>'sentence_id' is not null limit 1`)).rows[0];
    const detail = await learner.session.get(`/api/vocabs/${level1.id}`);
    expect(detail.statusCode).toBe(200);
    const sentence = (await db.pool.query(`select id, data from sentences where id = $1`, [Number(level1.data.sentence_id)])).rows[0];
    expect(detail.json()).toEqual({
      id: level1.id,
      kanji: level1.data.kanji,
      reading: level1.data.reading,
      definition: level1.data.definition,
      audio_url: null,
      level: 1,
      // The fixture words predate these fields: the answer still has every key.
      part_of_speech: null,
      senses: [],
      pitch: [],
      variants: [],
      note: null,
      sentence: {
        id: sentence.id,
        text: sentence.data.furigana,
        clean_text: sentence.data.text,
        translation: sentence.data.translation,
        context: sentence.data.context ?? null,
        source: 'kioku',
      },
      sentences: [expect.objectContaining({ id: sentence.id, clean_text: sentence.data.text })],
    });
    expect((await learner.session.get('/api/vocabs/123')).statusCode).toBe(404);
  });

  it("shows a word's part of speech, senses, pitch, variants and register note wherever the word is", async () => {
    const ichi = 899058017; // 一 いち, level 1, tab a
    const facts = {
      part_of_speech: 'numeric',
      senses: [
        { glosses: ['one', '1'], pos: ['numeric'] },
        { glosses: ['best', 'first'], pos: ['noun'] },
      ],
      pitch: [2, 0],
      variants: [{ written: '壱', reading: 'いち' }],
      note: 'A test note: mind the register.',
    };
    await reviseMaterial(db.pool, new EventStore(db.pool), { type: 'vocab', id: ichi, set: facts, metadata: {} });
    const detail = await learner.session.get(`/api/vocabs/${ichi}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: ichi, kanji: '一', reading: 'いち', ...facts });
    // The list row and the kanji's word list carry the note too, so the warning is never out of sight.
    const row = (await learner.session.get('/api/vocabs?course=vocab1&tab=a')).json().items.find((i: { id: number }) => i.id === ichi);
    expect(row.note).toBe(facts.note);
    const kanji = (await learner.session.get(`/api/kanji/${encodeURIComponent('一')}`)).json();
    expect(kanji.vocabs.find((v: { vocab: string }) => v.vocab === '一')).toMatchObject({ vocab_note: facts.note });
    // The study card of the word has what its back shows.
    const card = (await db.pool.query(`select data from materials where material_type = 'vocab' and material_id = $1`, [ichi])).rows[0].data;
    expect(card).toMatchObject({ vocab_part_of_speech: 'numeric', vocab_pitch: [2, 0], vocab_note: facts.note });
  });

  it("shows a kanji's radical, components, JLPT and Kanken levels, and its reading cards carry radical and components", async () => {
    const facts = { radical: { number: 72, character: '日', name: 'sun' }, components: ['口', '一'], jlpt: 4, kanken: '10級' };
    const plain = (await learner.session.get('/api/kanji/26085')).json();
    expect(plain).toMatchObject({ radical: null, components: [], jlpt: null, kanken: null });
    await reviseMaterial(db.pool, new EventStore(db.pool), { type: 'kanji', id: 26085, set: facts, metadata: {} });
    const detail = await learner.session.get('/api/kanji/26085');
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ character: '日', level_label: '10級', ...facts });
    const cards = (await db.pool.query(`select data from materials where material_type = 'reading' and data->>'kanji_id' = '26085'`)).rows;
    expect(cards.length).toBeGreaterThan(0);
    for (const { data } of cards) expect(data).toMatchObject({ kanji_radical: facts.radical, kanji_components: facts.components });
    // A reading card shows its example word's part of speech, pitch and note as a vocab card does.
    const nichi = 779664548; // 日 ニチ, taught with 日曜日 (1613323821)
    await reviseMaterial(db.pool, new EventStore(db.pool), { type: 'vocab', id: 1613323821, set: { part_of_speech: 'noun', pitch: [3] }, metadata: {} });
    const card = (await db.pool.query(`select data from materials where material_type = 'reading' and material_id = $1`, [nichi])).rows[0].data;
    expect(card).toMatchObject({ vocab: '日曜日', vocab_part_of_speech: 'noun', vocab_pitch: [3], vocab_note: null });
  });

  it('answers with an ETag, caches privately for five minutes, and 304 on If-None-Match', async () => {
    const first = await learner.session.get('/api/vocabs?course=vocab1&tab=a');
    expect(first.headers['cache-control']).toBe('private, max-age=300');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await learner.session.get('/api/vocabs?course=vocab1&tab=a', { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // An admin edit changes the catalogue: the old ETag no longer matches.
    const word = first.json().items[0];
    await reviseMaterial(db.pool, new EventStore(db.pool), { type: 'vocab', id: word.id, set: { definition: 'revised meaning' }, metadata: {} });
    const changed = await learner.session.get('/api/vocabs?course=vocab1&tab=a', { headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().items[0].definition).toBe('revised meaning');
    const detail = await learner.session.get(`/api/vocabs/${word.id}`);
    expect(detail.json().definition).toBe('revised meaning');
  });

  it('gzips when the client accepts it', async () => {
    const zipped = await subscriber.session.get('/api/kana', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    const plain = await subscriber.session.get('/api/kana', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
  });
});
