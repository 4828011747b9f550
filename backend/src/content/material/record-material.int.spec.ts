import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { createIsolatedDatabase } from '../../../test/test-db';
import { defineEvent } from '../../platform/event-store/event-registry';
import { EventStore } from '../../platform/event-store/event-store';
import { loadContent } from '../load/load-content';
import { executeMaterialCommand, getMaterial } from './material.aggregate';
import { recordMediaEvent } from './material.decide';
import { createMaterial, reviseMaterial } from './record-material';

const FIXTURES = join(__dirname, '..', 'load', 'fixtures');
// Stands in for media's events, which share a material's stream (content does not import media).
const MaterialTestNote = defineEvent('MaterialTestNote', z.object({ materialType: z.string(), materialId: z.number().int() }));

describe('admin writes to the catalogue', () => {
  let db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let store: EventStore;
  beforeAll(async () => {
    db = await createIsolatedDatabase();
    store = new EventStore(db.pool);
    await loadContent(db.pool, store, { dir: FIXTURES, requireAll: true });
  });
  afterAll(() => db.drop());

  const card = async (type: string, id: number) =>
    (await db.pool.query(`select servable, version::int as version, data from materials where material_type = $1 and material_id = $2`, [type, id])).rows[0];

  it('serves a word once an admin approves the sentence an admin created for it', async () => {
    const { rows } = await db.pool.query(`select material_id, data from materials where material_type = 'vocab' and not servable limit 1`);
    const word = rows[0];
    expect(word.data.sentence).toBeNull();
    const admin = randomUUID();
    const sentenceId = 2_000_000_001;
    await createMaterial(db.pool, store, {
      type: 'sentence',
      id: sentenceId,
      data: {
        text: `${word.data.vocab}です。`,
        furigana: `${word.data.vocab}です。`,
        translation: 'A generated sentence.',
        breakdown: [{ word: word.data.vocab, pronunciation: word.data.vocab_hiragana, meaning: word.data.vocab_meaning, vocab: true }],
        target: word.data.vocab,
        material_type: 'vocab',
        material_id: word.material_id,
        is_approved: false,
      },
      metadata: { actorId: admin },
    });
    // Not approved yet: still not taught.
    expect(await card('vocab', word.material_id)).toMatchObject({ servable: false, data: { sentence: null } });
    const created = await getMaterial(db.pool, 'sentence', sentenceId);
    expect(created!.adminFields).toContain('translation');

    await reviseMaterial(db.pool, store, { type: 'sentence', id: sentenceId, set: { is_approved: true }, metadata: { actorId: admin } });
    expect(await card('vocab', word.material_id)).toMatchObject({
      servable: true,
      data: { sentence: `${word.data.vocab}です。`, sentence_meaning: 'A generated sentence.', sentence_id: sentenceId },
    });
    const detail = (await db.pool.query(`select data from vocab_entries where id = $1`, [word.material_id])).rows[0];
    expect(detail.data.sentence_id).toBe(sentenceId);

    // A second create of the same id is a conflict, and a reload of the files leaves the admin's material alone.
    await expect(createMaterial(db.pool, store, { type: 'sentence', id: sentenceId, data: {}, metadata: {} })).rejects.toMatchObject({ status: 409 });
    await db.pool.query('delete from content_versions');
    expect(await loadContent(db.pool, store, { dir: FIXTURES })).toMatchObject({ imported: 0, revised: 0 });
  });

  it('moves a reading card to another example word and its sentence', async () => {
    const { rows } = await db.pool.query(
      `select m.material_id, (m.data->>'vocab_id')::int as vocab_id, s.data->'vocab_id_options' as options
         from materials m join material_states s on s.material_type = 'reading' and s.material_id = m.material_id
        where m.material_type = 'reading' and m.servable`,
    );
    const servableWords = new Set(
      (await db.pool.query(`select material_id from materials where material_type = 'vocab' and servable`)).rows.map((r) => r.material_id),
    );
    const reading = rows.find((r) => r.options.some((o: number) => o !== r.vocab_id && servableWords.has(o)));
    expect(reading).toBeDefined();
    const other = reading.options.find((o: number) => o !== reading.vocab_id && servableWords.has(o));
    const before = await card('reading', reading.material_id);
    const result = await reviseMaterial(db.pool, store, { type: 'reading', id: reading.material_id, set: { vocab_id: other }, expectedVersion: before.version, metadata: {} });
    expect(result).toEqual({ changed: true, version: before.version + 1 });
    const word = await card('vocab', other);
    const after = await card('reading', reading.material_id);
    expect(after.version).toBe(before.version + 1);
    expect(after.data).toMatchObject({ vocab_id: other, vocab: word.data.vocab, sentence: word.data.sentence, sentence_meaning: word.data.sentence_meaning });
  });

  it('appends a media event at the stream version: a later edit against the material version still lands, a retry records once', async () => {
    const { rows } = await db.pool.query(`select material_id, version::int as version from materials where material_type = 'vocab' limit 1`);
    const word = { type: 'vocab' as const, id: rows[0].material_id as number };
    const note = { ...MaterialTestNote({ materialType: 'vocab', materialId: word.id }), eventId: randomUUID() };
    const record = () => executeMaterialCommand({ pool: db.pool, store }, word, (stream) => recordMediaEvent(stream, note), { metadata: {} });
    const first = await record();
    expect(first.state.streamVersion).toBe(first.before.streamVersion + 1);
    expect(first.state.material).toBe(first.before.material);
    expect((await record()).appended?.duplicate).toBe(true);

    const material = await getMaterial(db.pool, 'vocab', word.id);
    expect(material!.version).toBe(rows[0].version);
    const edit = await reviseMaterial(db.pool, store, { ...word, set: { definition: 'an edit after a media event' }, expectedVersion: material!.version, metadata: {} });
    expect(edit).toEqual({ changed: true, version: first.state.streamVersion + 1 });
    await expect(reviseMaterial(db.pool, store, { ...word, set: { definition: 'a stale edit' }, expectedVersion: material!.version, metadata: {} })).rejects.toMatchObject({ status: 409 });
    expect((await card('vocab', word.id)).data.vocab_meaning).toBe('an edit after a media event');
  });
});
