import { randomUUID } from 'node:crypto';
import { createIsolatedDatabase } from '../../../test/test-db';
import { bumpCatalogueRevision } from '../../content';
import { systemClock } from '../../platform/clock';
import { ServableTotals } from '../servable-totals';
import { FlashcardQueries } from './get-flashcard.query';

// Issue 31, item 2: the furigana setting promises fainter readings "for words you know". Each breakdown word of
// the served card says whether the learner knows it: their vocab card of the word (in any vocab course) is
// Intermediate or Mastered. One call per card (study_known_words, migration 047), never a query per word.

interface BreakdownWord {
  word: string;
  learner_knows?: boolean;
}

describe('the breakdown words a learner knows', () => {
  let db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let queries: FlashcardQueries;
  const now = new Date('2026-03-01T12:00:00Z');
  const later = new Date('2026-04-01T12:00:00Z');
  const breakdown = (...words: string[]) => words.map((word) => ({ word, pronunciation: word, meaning: word }));

  beforeAll(async () => {
    db = await createIsolatedDatabase();
    const vocab = (id: number, course: string, position: number, word: string, extra: object = {}) => ({
      material_type: 'vocab', material_id: id, course, level: 1, position, version: 1, servable: true,
      data: { vocab: word, vocab_hiragana: word, vocab_meaning: word, sentence: `${word}です`, ...extra },
    });
    const rows = [
      vocab(10, 'vocab1', 1, '読む', {
        sentence_breakdown: breakdown('本', 'を', '猫', '犬', '読む'),
        other_sentences: [{ sentence: '鳥を読む', sentence_breakdown: breakdown('鳥', '読む') }],
      }),
      vocab(11, 'vocab1', 2, '本'),
      vocab(12, 'vocab2', 1, '猫'),
      vocab(13, 'vocab1', 3, '犬'),
      vocab(14, 'vocab1', 4, '鳥'),
    ];
    await db.pool.query(
      `insert into materials (material_type, material_id, course, level, position, version, servable, data)
       select r->>'material_type', (r->>'material_id')::int, r->>'course', (r->>'level')::smallint, (r->>'position')::int, 1, true, r->'data'
         from jsonb_array_elements($1::jsonb) r`,
      [JSON.stringify(rows)],
    );
    await bumpCatalogueRevision(db.pool);
    queries = new FlashcardQueries(db.pool, new ServableTotals(db.pool, systemClock));
  });
  afterAll(() => db.drop());

  async function learnerWith(cards: Array<[course: string, materialId: number, mastery: string]>): Promise<string> {
    const user = randomUUID();
    for (const [course, materialId, mastery] of cards) {
      await db.pool.query(
        `insert into card_states (user_id, course, material_type, material_id, level, attempts, mastery, interval_hours, due_at, last_reviewed_at, learned_at, version)
         values ($1, $2, 'vocab', $3, 1, 3, $4, 200, $5, $6, $6, 3)`,
        [user, course, materialId, mastery, later, now],
      );
    }
    return user;
  }

  const knows = (words: BreakdownWord[] | undefined) => Object.fromEntries((words ?? []).map((w) => [w.word, w.learner_knows]));

  it('marks the words of Intermediate and Mastered vocab cards, in any vocab course, on the next card', async () => {
    const user = await learnerWith([
      ['vocab1', 11, 'intermediate'],
      ['vocab2', 12, 'mastered'],
      ['vocab1', 13, 'learning'],
    ]);
    const next = await queries.next({ userId: user, course: 'vocab1', now, subscriptionActive: true, preferNew: true });
    expect(next.flashcard?.flashcard_id).toBe('vocab-10');
    const material = next.flashcard!.material as { sentence_breakdown: BreakdownWord[] };
    expect(knows(material.sentence_breakdown)).toEqual({ 本: true, を: false, 猫: true, 犬: false, 読む: false });
  });

  it('marks them on a card read by id too, and knows nothing for a learner without cards', async () => {
    const user = await learnerWith([['vocab1', 13, 'mastered']]);
    const read = await queries.material(user, 'vocab', 10);
    expect(read?.known_words).toEqual(['犬']);
    const stranger = await queries.material(randomUUID(), 'vocab', 10);
    expect(stranger?.known_words).toEqual([]);
  });

  it('covers the other sentences a card takes turns with, in one call per card', async () => {
    const user = await learnerWith([['vocab1', 14, 'intermediate']]);
    const { rows } = await db.pool.query(`select study_known_words($1, data) as words from materials where material_type = 'vocab' and material_id = 10`, [user]);
    expect(rows[0].words).toEqual(['鳥']);
  });

  it('finds a word’s vocab materials through an index (materials_vocab_word), not a scan of the catalogue', async () => {
    // A test catalogue is too small for the planner to prefer an index on its own: scans are priced out.
    const client = await db.pool.connect();
    try {
      await client.query('set enable_seqscan = off');
      const { rows } = await client.query(`explain (format json) select 1 from materials m where m.material_type = 'vocab' and m.data->>'vocab' = '本'`);
      expect(JSON.stringify(rows[0])).toContain('materials_vocab_word');
    } finally {
      await client.query('reset enable_seqscan');
      client.release();
    }
  });
});
