import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Pool } from 'pg';
import { startTestApp, TestApp } from '../../test/http-app';
import { createIsolatedDatabase } from '../../test/test-db';
import { setSubscription } from '../accounts';
import { signUpTestUser, TestUser } from '../accounts/testing/test-session';
import { loadContent } from '../content';
import { quoteIdent } from '../platform/database/database';
import { EventStore } from '../platform/event-store/event-store';
import { pinClock } from '../study/testing/study-fixtures';

// Issue 32 through the API: the content loader's fixture catalogue, learners whose cards come from their own
// lessons and reviews (GET/POST /api/flashcard with the app's clock moved), a text read, kept, queued from, deleted.

const FIXTURES = join(__dirname, '..', 'content', 'load', 'fixtures');
const T0 = new Date('2026-05-04T08:00:00.000Z');
const HOUR = 3_600_000;

/** Every text, json and jsonb column of every table (events included) whose value contains the needle. */
async function findEverywhere(pool: Pool, needle: string): Promise<string[]> {
  const { rows: columns } = await pool.query<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY')`,
  );
  const hits: string[] = [];
  for (const col of columns) {
    const { rows } = await pool.query(`select count(*)::int as n from ${quoteIdent(col.table_name)} where position($1 in ${quoteIdent(col.column_name)}::text) > 0`, [needle]);
    if (rows[0].n > 0) hits.push(`${col.table_name}.${col.column_name}`);
  }
  return hits;
}

describe('Read with Kioku through the API', () => {
  let db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: TestApp;
  let clock: ReturnType<typeof pinClock>;
  let learner: TestUser;
  let subscriber: TestUser;
  let other: TestUser;
  let knownKanji: string;

  const next = async (user: TestUser, course: string) => (await user.session.get(`/api/flashcard?course=${course}`)).json().flashcard;
  const grade = async (user: TestUser, id: string, g = 5) => {
    const res = await user.session.post('/api/flashcard', { id, grade: g, fetch_new: true }, { headers: { 'idempotency-key': randomUUID() } });
    expect([res.statusCode, res.statusCode === 200 ? '' : res.body]).toEqual([200, '']);
    return res.json();
  };
  const later = (hours: number) => clock.set(new Date(clock.now().getTime() + hours * HOUR));
  const vocabId = async (word: string) => (await db.pool.query(`select material_id from materials where material_type = 'vocab' and data->>'vocab' = $1`, [word])).rows[0].material_id as number;

  beforeAll(async () => {
    db = await createIsolatedDatabase();
    await loadContent(db.pool, new EventStore(db.pool), { dir: FIXTURES, requireAll: true });
    app = await startTestApp({ databaseUrl: db.url, env: { SESSION_TTL_DAYS: '3650' } });
    clock = pinClock(app.app, T0);
    [learner, subscriber, other] = [await signUpTestUser(app.inject), await signUpTestUser(app.inject), await signUpTestUser(app.inject)];
    await setSubscription(db.pool, subscriber.email, 'active');

    // The learner's lessons: every Vocab I level-1 word and the first Kanji I reading, then their first review.
    const learned: Record<string, string> = {};
    for (let card = await next(learner, 'vocab1'); card && card.attempts === 0 && card.level === 1; ) {
      learned[card.material.vocab] = card.flashcard_id;
      card = (await grade(learner, card.flashcard_id)).new_flashcard;
    }
    const kanjiCard = await next(learner, 'kanji1');
    knownKanji = kanjiCard.material.kanji;
    await grade(learner, kanjiCard.flashcard_id);
    later(1);
    for (const id of [...Object.values(learned), kanjiCard.flashcard_id]) await grade(learner, id);
    // Six days on, 私, 名前 and the kanji are still easy: Intermediate (SPEC §4). The rest stay Learning.
    later(145);
    for (const id of [learned['私'], learned['名前'], kanjiCard.flashcard_id]) await grade(learner, id);
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const TEXT = () => `私の名前は田中です。去年、日本の公園に行きました。あなたは？${knownKanji}`;

  it('colours each word by the learner’s own cards and counts the figures', async () => {
    const res = await learner.session.post('/api/read/analyse', { text: TEXT() });
    expect(res.statusCode).toBe(200);
    const a = res.json();
    const word = (w: string) => a.words.find((x: { word: string }) => x.word === w);
    expect(word('私')).toMatchObject({ state: 'known', course: 'vocab1', level: 1 });
    expect(word('名前')).toMatchObject({ state: 'known' });
    expect(word('日本')).toMatchObject({ state: 'learning' });
    expect(word('あなた')).toMatchObject({ state: 'learning' });
    expect(word('去年')).toMatchObject({ state: 'new', course: 'vocab1', level: 2, locked: true });
    expect(word('公園')).toMatchObject({ state: 'new', course: 'vocab1', level: 3, locked: true });
    expect(word('行く')).toMatchObject({ state: 'outside', course: null });
    // The name is shown, with its reading, and not counted.
    expect(a.tokens.find((t: { text: string }) => t.text === '田中')).toMatchObject({ word: null, skipped: 'name', furigana: '田中[たなか]' });
    expect(a.figures.tokens).toEqual({ known: 2, total: 7 + (word(knownKanji) ? 1 : 0) });
    expect(a.figures.words.known).toBe(2);
    const kanji = new Set([...TEXT()].filter((c) => /[\u4e00-\u9fff]/.test(c)));
    expect(a.figures.kanji).toEqual({ known: 1, total: kanji.size });
    // The subscriber sees the same levels open.
    const sub = (await subscriber.session.post('/api/read/analyse', { text: TEXT() })).json();
    expect(sub.words.find((x: { word: string }) => x.word === '去年')).toMatchObject({ state: 'new', locked: false });
    expect(sub.figures.tokens.known).toBe(0);
  });

  it('answers 400 problem+json naming `text` for an empty, too long or non-Japanese text; 401 without a session', async () => {
    for (const [text, message] of [
      ['   ', 'Paste or type a Japanese text.'],
      ['猫'.repeat(20_001), 'Use at most 20,000 characters'],
      ['Hello, world!', 'no Japanese in it'],
    ] as const) {
      const res = await learner.session.post('/api/read/analyse', { text });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors).toEqual([{ field: 'text', message: expect.stringContaining(message) }]);
    }
    expect((await learner.session.post('/api/read/analyse', { text: '猫', extra: 1 })).statusCode).toBe(400);
    expect((await learner.session.post('/api/read/analyse', { text: '猫'.repeat(20_000) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/read/texts' })).statusCode).toBe(401);
  });

  it('keeps a text privately; the list shows the share known now, and it rises as the learner studies', async () => {
    const saved = await learner.session.post('/api/read/texts', { title: '公園の話', text: TEXT() });
    expect(saved.statusCode).toBe(201);
    const { id } = saved.json();
    expect(saved.json()).toMatchObject({ title: '公園の話', text: TEXT(), analysis: { figures: { words: { known: 2 } } } });
    const list = async (user: TestUser) => (await user.session.get('/api/read/texts')).json().texts;
    const before = (await list(learner))[0];
    expect(before).toMatchObject({ id, title: '公園の話', characters: TEXT().length, words: { known: 2 } });

    // あなた becomes Intermediate: the kept text counts it now, without being kept again.
    const card = (await db.pool.query(`select material_id from card_states c where c.user_id = $1 and material_type = 'vocab' and material_id = $2`, [learner.id, await vocabId('あなた')])).rows[0];
    expect(card).toBeDefined();
    await grade(learner, `vocab-${card.material_id}`);
    expect((await list(learner))[0].words.known).toBe(3);
    expect((await learner.session.get(`/api/read/texts/${id}`)).json().analysis.words.find((w: { word: string }) => w.word === 'あなた').state).toBe('known');

    // Another learner neither lists, reads nor deletes it.
    expect(await list(other)).toEqual([]);
    expect((await other.session.get(`/api/read/texts/${id}`)).statusCode).toBe(404);
    expect((await other.session.delete(`/api/read/texts/${id}`)).statusCode).toBe(404);
    expect((await learner.session.get('/api/read/texts/not-an-id')).statusCode).toBe(400);
  });

  it('deleting a text erases it everywhere, the event log included (its key is gone), and the history stays', async () => {
    const text = `秘密の日記です。私は${randomUUID().slice(0, 8)}が好きです。`;
    const saved = (await learner.session.post('/api/read/texts', { title: '秘密の日記', text })).json();
    expect(await findEverywhere(db.pool, '秘密の日記')).toEqual(['reader_texts.title', 'reader_texts.body']);
    const events = await db.pool.query(`select data from events where stream_id = $1 and event_type = 'TextSaved'`, [`reader-${learner.id}`]);
    expect(JSON.stringify(events.rows)).not.toContain('秘密');

    const res = await learner.session.delete(`/api/read/texts/${saved.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true });
    expect(await findEverywhere(db.pool, '秘密の日記')).toEqual([]);
    expect((await db.pool.query('select count(*)::int as n from reader_text_keys where text_id = $1', [saved.id])).rows[0].n).toBe(0);
    expect((await learner.session.get(`/api/read/texts/${saved.id}`)).statusCode).toBe(404);
    expect((await learner.session.delete(`/api/read/texts/${saved.id}`)).statusCode).toBe(404);
    const types = (await db.pool.query(`select event_type from events where stream_id = $1 order by stream_version`, [`reader-${learner.id}`])).rows.map((r) => r.event_type);
    expect(types.slice(-2)).toEqual(['TextSaved', 'TextDeleted']);
  });

  it('"Learn these": queued words come first in the next lessons, locked levels say so, and a queue can be undone', async () => {
    const [park, lastYear, alone] = [await vocabId('公園'), await vocabId('去年'), await vocabId('一人')];
    // Without a subscription, levels 2 and 3 are locked: nothing is queued and the answer says why.
    const locked = await learner.session.post('/api/read/queue', { vocab_ids: [park, lastYear] });
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toMatchObject({ queue_id: null, queued: [], locked: [{ word: '公園', level: 3 }, { word: '去年', level: 2 }] });
    expect(locked.json().message).toContain('for subscribers');

    // The subscriber's next lesson would be Vocab I's first word; after queuing, it is 公園, then 去年.
    expect((await next(subscriber, 'vocab1')).material.vocab).toBe('私');
    const textId = (await subscriber.session.post('/api/read/texts', { text: TEXT() })).json().id;
    const queued = await subscriber.session.post('/api/read/queue', { text_id: textId, vocab_ids: [park, lastYear] });
    expect(queued.json()).toMatchObject({ queued: [{ word: '公園' }, { word: '去年' }], locked: [], message: expect.stringContaining('2 words will come first in your next lessons of Vocab I') });
    const shown = (await subscriber.session.get('/api/read/queue')).json().queues;
    expect(shown).toEqual([expect.objectContaining({ id: queued.json().queue_id, text_title: expect.stringContaining('私の名前'), waiting: [expect.objectContaining({ word: '公園' }), expect.objectContaining({ word: '去年' })], learned: 0 })]);
    const first = await next(subscriber, 'vocab1');
    expect(first.material.vocab).toBe('公園');
    // In the lesson batch, the grade's next card is the next queued word.
    expect((await grade(subscriber, first.flashcard_id)).new_flashcard.material.vocab).toBe('去年');
    expect((await subscriber.session.get('/api/read/queue')).json().queues[0]).toMatchObject({ waiting: [expect.objectContaining({ word: '去年' })], learned: 1 });
    // Queuing a word learned already says so.
    const again = (await subscriber.session.post('/api/read/queue', { vocab_ids: [park, alone] })).json();
    expect(again).toMatchObject({ queued: [{ word: '一人' }], already_learned: [{ word: '公園' }] });

    // Undo the first queue: 去年 goes back to its place; 一人 (the second queue) now comes first.
    const undo = await subscriber.session.delete(`/api/read/queue/${queued.json().queue_id}`);
    expect(undo.json()).toEqual({ undone: 1 });
    // (Answering 公園 again with fetch_new asks for the next lesson card.)
    expect((await grade(subscriber, first.flashcard_id)).new_flashcard.material.vocab).toBe('一人');
    await subscriber.session.delete(`/api/read/queue/${again.queue_id}`);
    expect((await grade(subscriber, first.flashcard_id)).new_flashcard.material.vocab).toBe('私');
    expect((await subscriber.session.delete(`/api/read/queue/${again.queue_id}`)).statusCode).toBe(404);
    expect((await subscriber.session.get('/api/read/queue')).json().queues).toEqual([]);
    // Words no course teaches are a 400 naming the field.
    const bad = await subscriber.session.post('/api/read/queue', { vocab_ids: [123] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('vocab_ids');
  });

  it('erasing the account erases the learner’s texts', async () => {
    const user = await signUpTestUser(app.inject);
    await user.session.post('/api/read/texts', { title: '消える話', text: '消える話です。' });
    expect(await findEverywhere(db.pool, '消える話')).not.toEqual([]);
    expect((await user.session.delete('/api/users/me', { password: user.password })).statusCode).toBe(200);
    expect(await findEverywhere(db.pool, '消える話')).toEqual([]);
  });

  it('a retried save, queue, undo or delete with the same Idempotency-Key answers the first answer and records nothing twice', async () => {
    const user = await signUpTestUser(app.inject);
    const stream = `reader-${user.id}`;
    const countOf = async (type: string) => (await db.pool.query('select count(*)::int as n from events where stream_id = $1 and event_type = $2', [stream, type])).rows[0].n as number;
    const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });
    const text = `再送の話です。私は${randomUUID().slice(0, 8)}が好きです。`;

    // Save, sent twice with one key (the answer was lost): one text, one TextSaved, the first answer again.
    const saveKey = randomUUID();
    const first = await user.session.post('/api/read/texts', { title: '再送の話', text }, withKey(saveKey));
    const retry = await user.session.post('/api/read/texts', { title: '再送の話', text }, withKey(saveKey));
    expect([first.statusCode, retry.statusCode, retry.headers['idempotent-replayed']]).toEqual([201, 201, 'true']);
    expect(retry.json()).toEqual(first.json());
    expect(await countOf('TextSaved')).toBe(1);
    expect((await user.session.get('/api/read/texts')).json().texts.map((t: { id: string }) => t.id)).toEqual([first.json().id]);
    // The same key for another body is refused (422), and records nothing.
    expect((await user.session.post('/api/read/texts', { title: 'ほか', text: 'ほかの話です。' }, withKey(saveKey))).statusCode).toBe(422);
    expect(await countOf('TextSaved')).toBe(1);

    // Queue, twice with one key: one queue, one WordsQueuedFromText, the same queue id.
    const queueKey = randomUUID();
    const body = { text_id: first.json().id, vocab_ids: [await vocabId('私')] };
    const queued = await user.session.post('/api/read/queue', body, withKey(queueKey));
    const queuedAgain = await user.session.post('/api/read/queue', body, withKey(queueKey));
    expect(queued.json()).toMatchObject({ queue_id: expect.any(String), queued: [{ word: '私' }] });
    expect([queuedAgain.headers['idempotent-replayed'], queuedAgain.json()]).toEqual(['true', queued.json()]);
    expect(await countOf('WordsQueuedFromText')).toBe(1);
    expect((await user.session.get('/api/read/queue')).json().queues).toHaveLength(1);

    // Undo and delete, each twice with one key: the first answer both times (not a 404), one event each.
    const undoKey = randomUUID();
    const undone = await user.session.delete(`/api/read/queue/${queued.json().queue_id}`, undefined, withKey(undoKey));
    const undoneAgain = await user.session.delete(`/api/read/queue/${queued.json().queue_id}`, undefined, withKey(undoKey));
    expect([undone.statusCode, undone.json(), undoneAgain.statusCode, undoneAgain.json()]).toEqual([200, { undone: 1 }, 200, { undone: 1 }]);
    expect(await countOf('WordsUnqueued')).toBe(1);
    const deleteKey = randomUUID();
    const deleted = await user.session.delete(`/api/read/texts/${first.json().id}`, undefined, withKey(deleteKey));
    const deletedAgain = await user.session.delete(`/api/read/texts/${first.json().id}`, undefined, withKey(deleteKey));
    expect([deleted.statusCode, deletedAgain.statusCode, deletedAgain.headers['idempotent-replayed']]).toEqual([200, 200, 'true']);
    expect(await countOf('TextDeleted')).toBe(1);
    // The save's stored answer showed the text: it is erased with it.
    expect(await findEverywhere(db.pool, '再送の話')).toEqual([]);
  });
});
