import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createIsolatedDatabase } from '../../test/test-db';
import { loadContent, reviseMaterial } from '../content';
import { mediaOutcomeEventId } from './media.events';
import { EventStore } from '../platform/event-store/event-store';
import { CardMaterialMediaPort } from './card-material-media.port';

const FIXTURES = join(__dirname, '..', 'content', 'load', 'fixtures');
const ADMIN = '5b0c3a52-0d5e-4a55-9d0f-6a3f2d1c0b11';

describe('CardMaterialMediaPort: job results land on the material', () => {
  let db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let store: EventStore;
  let port: CardMaterialMediaPort;
  beforeAll(async () => {
    db = await createIsolatedDatabase();
    store = new EventStore(db.pool);
    await loadContent(db.pool, store, { dir: FIXTURES, requireAll: true });
    port = new CardMaterialMediaPort(db.pool, store);
  });
  afterAll(() => db.drop());

  const card = async (type: string, id: number) =>
    (await db.pool.query(`select data, servable from materials where material_type = $1 and material_id = $2`, [type, id])).rows[0];
  const context = (type: string, id: number) => ({ materialType: type, materialId: id, actorId: ADMIN, attempt: 1 });

  it('records the outcome and applies new audio (not approved yet) in one go; a retried job applies nothing twice', async () => {
    const kana = 12354;
    await reviseMaterial(db.pool, store, { type: 'kana', id: kana, set: { is_audio_approved: true }, metadata: {} });
    expect((await card('kana', kana)).data.is_audio_approved).toBe(true);
    const request = randomUUID();
    const result = { audio_url: '/media/' + 'a'.repeat(64) + '.wav', audio_spec: 'espeak-ng ja (synthetic)' };
    await port.recordSucceeded(request, 'fetch_audio', result, `${request}-fetch_audio`, context('kana', kana));
    await port.recordSucceeded(request, 'fetch_audio', result, `${request}-fetch_audio`, context('kana', kana));
    const shown = await card('kana', kana);
    expect(shown.data).toMatchObject({ audio_url: result.audio_url, audio_spec: result.audio_spec, is_audio_approved: false });
    const events = await store.readStream(`material-kana-${kana}`);
    const outcome = events.filter((e) => e.type === 'MediaActionSucceeded');
    expect(outcome).toHaveLength(1);
    expect(outcome[0].eventId).toBe(mediaOutcomeEventId(request, 'fetch_audio', 'succeeded'));
    const revisions = events.filter((e) => e.type === 'MaterialRevised');
    expect(revisions).toHaveLength(2);
    expect(revisions[1]).toMatchObject({ actorId: ADMIN, metadata: { via: 'media', causationId: request } });
    expect(revisions[1].data.changes.is_audio_approved).toEqual({ before: true, after: false });
    expect(revisions[1].data.changes.audio_url).toEqual({ before: null, after: result.audio_url });
  });

  it('gives a card without a sentence a sentence of its own from fetch_sentence', async () => {
    const { rows } = await db.pool.query(`select material_id from materials where material_type = 'vocab' and data->>'sentence' is null limit 1`);
    const vocab = rows[0].material_id as number;
    const request = randomUUID();
    await port.recordSucceeded(
      request,
      'fetch_sentence',
      { sentence: 'これは新しい文です。', furigana: 'これは新[あたら]しい文[ぶん]です。', sentence_meaning: 'This is a new sentence.' },
      'job',
      context('vocab', vocab),
    );
    const shown = await card('vocab', vocab);
    expect(shown.data).toMatchObject({ sentence: 'これは新しい文です。', sentence_meaning: 'This is a new sentence.', furigana: 'これは新[あたら]しい文[ぶん]です。' });
    expect(shown.data.sentence_id).toEqual(expect.any(Number));
    const sentence = await store.readStream(`material-sentence-${shown.data.sentence_id}`);
    expect(sentence[0]).toMatchObject({ type: 'MaterialImported', actorId: ADMIN, data: { source: 'admin', data: { material_type: 'vocab', material_id: vocab, text: 'これは新しい文です。' } } });
  });

  it('only records the outcome for a material without history, and leaves failures to the default port', async () => {
    await db.pool.query(`insert into materials (material_type, material_id, course, level, position, version, servable, data) values ('vocab', 4242, 'vocab1', 1, 999, 1, false, '{}')`);
    const request = randomUUID();
    await port.recordSucceeded(request, 'fetch_audio', { audio_url: '/media/x.wav' }, 'job', context('vocab', 4242));
    await port.recordFailed(randomUUID(), 'fetch_image', 'not configured', true, { ...context('vocab', 4242), jobId: 'job2' });
    const events = await store.readStream('material-vocab-4242');
    expect(events.map((e) => e.type)).toEqual(['MediaActionSucceeded', 'MediaActionFailed']);
    expect((await card('vocab', 4242)).data).toEqual({});
  });
});
