import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { createIsolatedDatabase } from '../../../test/test-db';
import { startTestApp, TestApp } from '../../../test/http-app';
import { bumpCatalogueRevision } from '../../content';
import { signUpTestUser, TestUser } from '../../accounts/testing/test-session';
import { PG_POOL } from '../../platform/database/database.module';
import { pinClock } from '../testing/study-fixtures';
import { wrongAnswerHistories, wrongAnswerHistory } from '../wrong-answers/wrong-answers.query';

// Typed answers over HTTP against a real database (issue 31 item 10): the server checks what was typed (never the
// client's verdict), a near miss gets one retry that the grade event records, a wrong answer is recorded as a 0,
// and each card keeps its wrong answers.

const T0 = new Date('2026-02-02T09:00:00.000Z');
const DAY = 24 * 3_600_000;

describe('typed answers: POST /api/flashcard/check, POST /api/flashcard {typed}, GET /api/flashcard/wrong-answers', () => {
  let db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: TestApp;
  let clock: ReturnType<typeof pinClock>;

  const sentence = { sentence: 'テスト。', sentence_meaning: 'A test.' };
  beforeAll(async () => {
    db = await createIsolatedDatabase();
    // One vocab card (おばあさん, with its word's senses), one kanji reading card (山 read やま, with the kanji's
    // readings), one kana card: as the catalogue writes them (content/catalogue/catalogue.rows.ts).
    await db.pool.query(
      `insert into materials (material_type, material_id, course, level, position, version, servable, data) values
         ('vocab', 11, 'vocab1', 1, 1, 1, true, $1), ('reading', 21, 'kanji1', 1, 1, 1, true, $2), ('kana', 31, 'kana', 1, 1, 1, true, $3)`,
      [
        { material_id: 11, vocab_id: 11, vocab: 'おばあさん', vocab_hiragana: 'おばあさん', vocab_meaning: 'grandmother', ...sentence },
        { material_id: 21, kanji_id: 23665, kanji: '山', reading: 'やま', reading_kind: 'kun', vocab_id: 12, vocab: '山', vocab_hiragana: 'やま', vocab_meaning: 'mountain', ...sentence },
        { material_id: 31, kana: 'か', romaji: 'ka', ...sentence },
      ],
    );
    await db.pool.query(`insert into vocab_entries (id, course, level, tab, position, data) values (11, 'vocab1', 1, 'a', 1, $1)`, [
      { reading: 'おばあさん', definition: 'grandmother', senses: [{ glosses: ['grandmother', 'old woman', 'female senior citizen'] }], variants: [] },
    ]);
    await db.pool.query(`insert into kanji_entries (id, character, course, level, grade, position, data) values (23665, '山', 'kanji1', 1, 1, 1, $1)`, [
      { character: '山', on_readings: [{ reading: 'サン' }], kun_readings: [{ reading: 'やま' }] },
    ]);
    await bumpCatalogueRevision(db.pool);
    app = await startTestApp({ databaseUrl: db.url, runner: true, env: { SESSION_TTL_DAYS: '3650' } });
    clock = pinClock(app.app, T0);
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const grade = (user: TestUser, body: Record<string, unknown>) => user.session.post('/api/flashcard', body, { headers: { 'idempotency-key': randomUUID() } });
  const check = (user: TestUser, body: Record<string, unknown>) => user.session.post('/api/flashcard/check', body);
  const gradedEvents = async (userId: string, card: string) =>
    (await db.pool.query(`select event_type, schema_version, data from events where stream_id = $1 order by stream_version`, [`card-${userId}-${card}`])).rows;
  /** a learner whose card has had its lesson and is due */
  const learnerWith = async (id: string, at: Date) => {
    const user = await signUpTestUser(app.inject);
    clock.set(at);
    expect((await grade(user, { id, grade: 3 })).statusCode).toBe(200);
    return user;
  };

  it('checks a near miss without recording anything, names what is wrong, and gives one retry', async () => {
    const user = await learnerWith('vocab-11', T0);
    const before = await gradedEvents(user.id, 'vocab1-vocab-11');

    const first = await check(user, { id: 'vocab-11', reading: 'obasan', meaning: 'grandmother' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      verdict: 'wrong',
      near_miss: true,
      retry: true,
      reading: 'おばさん',
      diagnosis: [{ field: 'reading', code: 'long_vowel_missing', message: expect.stringMatching(/long vowel is missing/) }],
      fields: [
        { field: 'reading', correct: false },
        { field: 'meaning', correct: true },
      ],
    });
    // the retry: right this time, and no further retry
    const retry = await check(user, { id: 'vocab-11', reading: 'obaasan', meaning: 'old woman', first_try: { reading: 'obasan', meaning: 'grandmother' } });
    expect(retry.json()).toMatchObject({ verdict: 'correct', near_miss: false, retry: false, diagnosis: [] });
    // a typo in the meaning is a near miss too; a wrong reading is not
    expect((await check(user, { id: 'vocab-11', reading: 'obaasan', meaning: 'grandmoter' })).json()).toMatchObject({
      verdict: 'wrong',
      retry: true,
      diagnosis: [{ field: 'meaning', code: 'meaning_typo' }],
    });
    expect((await check(user, { id: 'vocab-11', reading: 'okaasan', meaning: 'grandmother' })).json()).toMatchObject({ verdict: 'wrong', near_miss: false, retry: false, diagnosis: [] });
    expect(await gradedEvents(user.id, 'vocab1-vocab-11')).toEqual(before);
  });

  it('records the retried answer in the grade event (schema version 2), and a wrong typed answer as a 0 whatever was asked', async () => {
    const user = await learnerWith('vocab-11', T0);
    clock.set(new Date(T0.getTime() + 60_000));
    const retried = await grade(user, {
      id: 'vocab-11',
      grade: 5,
      typed: { reading: 'おばあさん', meaning: 'grandmother', first_try: { reading: 'obasan', meaning: 'grandmother' } },
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().typed_answer).toEqual({ verdict: 'correct', retried: true, diagnosis: [], grade: 5 });
    let events = await gradedEvents(user.id, 'vocab1-vocab-11');
    expect(events[1]).toMatchObject({
      event_type: 'CardGraded',
      schema_version: 2,
      data: {
        grade: 5,
        typedAnswer: { reading: 'おばあさん', meaning: 'grandmother', verdict: 'correct', retried: true, firstTry: { reading: 'おばさん', meaning: 'grandmother', diagnosis: ['long_vowel_missing'] } },
      },
    });

    // The next review: the client asks for "easy" with a wrong answer; the server records "didn't get it".
    clock.set(new Date(T0.getTime() + 3 * DAY));
    const wrong = await grade(user, { id: 'vocab-11', grade: 5, typed: { reading: 'okaasan', meaning: 'mother' } });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json().typed_answer).toEqual({ verdict: 'wrong', retried: false, diagnosis: [], grade: 0 });
    expect(wrong.json().flashcard).toMatchObject({ interval: 0 });
    events = await gradedEvents(user.id, 'vocab1-vocab-11');
    expect(events[2].data).toMatchObject({ grade: 0, typedAnswer: { reading: 'おかあさん', meaning: 'mother', verdict: 'wrong', retried: false } });
    expect(events[2].data.typedAnswer).not.toHaveProperty('diagnosis');

    // An untyped grade is as before (the hot path: it never reads the answer key): version 2, no typedAnswer.
    clock.set(new Date(T0.getTime() + 4 * DAY));
    const pool = app.app.get<Pool>(PG_POOL);
    const spy = jest.spyOn(pool, 'query');
    try {
      expect((await grade(user, { id: 'vocab-11', grade: 3 })).json()).not.toHaveProperty('typed_answer');
      // the statements by name (a plain SQL string has none)
      const names = spy.mock.calls.map((args: unknown[]) => (args[0] as { name?: string }).name);
      expect(names).toContain('study_grade');
      expect(names).not.toContain('study_answer_key');
    } finally {
      spy.mockRestore();
    }
    events = await gradedEvents(user.id, 'vocab1-vocab-11');
    expect(events[3]).toMatchObject({ event_type: 'CardGraded', schema_version: 2 });
    expect(events[3].data).not.toHaveProperty('typedAnswer');
  });

  it('says when the kanji\'s other reading was given ("we want the kun reading") and keeps the wrong answers, newest first, without undone ones', async () => {
    const user = await learnerWith('reading-21', T0);
    const san = await check(user, { id: 'reading-21', reading: 'san' });
    expect(san.json()).toMatchObject({
      verdict: 'wrong',
      retry: true,
      diagnosis: [{ field: 'reading', code: 'kun_reading_wanted', message: 'That is an on reading of 山. We want the kun reading.' }],
    });
    // the retry is wrong too: the grade records both tries
    clock.set(new Date(T0.getTime() + 60_000));
    const graded = await grade(user, { id: 'reading-21', grade: 0, typed: { reading: 'さn', first_try: { reading: 'san' } } });
    expect(graded.json().typed_answer).toMatchObject({ verdict: 'wrong', retried: true, diagnosis: [{ code: 'kun_reading_wanted' }], grade: 0 });

    clock.set(new Date(T0.getTime() + 2 * DAY));
    const twice = await grade(user, { id: 'reading-21', grade: 3, typed: { reading: 'kawa' } });
    expect(twice.json().typed_answer).toMatchObject({ verdict: 'wrong', grade: 0 });

    const history = await user.session.get('/api/flashcard/wrong-answers?id=reading-21');
    expect(history.statusCode).toBe(200);
    const on = { code: 'kun_reading_wanted', message: 'That is an on reading of 山. We want the kun reading.' };
    expect(history.json()).toEqual({
      flashcard_id: 'reading-21',
      wrong_answers: [
        { at: new Date(T0.getTime() + 2 * DAY).toISOString(), reading: 'かわ', meaning: null, diagnosis: [], first_try: false },
        { at: new Date(T0.getTime() + 60_000).toISOString(), reading: 'さん', meaning: null, diagnosis: [on], first_try: false },
        { at: new Date(T0.getTime() + 60_000).toISOString(), reading: 'さん', meaning: null, diagnosis: [on], first_try: true },
      ],
    });

    // The last answer taken back: it leaves the history.
    const undo = await user.session.post('/api/flashcard/undo', { id: 'reading-21' }, { headers: { 'idempotency-key': randomUUID() } });
    expect(undo.statusCode).toBe(200);
    const after = await wrongAnswerHistory(db.pool, user.id, { course: 'kanji1', materialType: 'reading', materialId: 21 });
    expect(after.map((w) => w.reading)).toEqual(['さん', 'さん']);
    // the batch form, for the leeches: every card asked, empty when it has none
    const many = await wrongAnswerHistories(db.pool, user.id, [
      { course: 'kanji1', materialType: 'reading', materialId: 21 },
      { course: 'vocab1', materialType: 'vocab', materialId: 11 },
    ]);
    expect([...many.values()].map((list) => list.length)).toEqual([2, 0]);
    // another learner sees only their own
    const other = await signUpTestUser(app.inject);
    expect((await other.session.get('/api/flashcard/wrong-answers?id=reading-21')).json().wrong_answers).toEqual([]);
  });

  it('refuses what cannot be a typed answer, naming the field', async () => {
    const user = await learnerWith('vocab-11', T0);
    // a retry after a first try that was no near miss
    const noRetry = await check(user, { id: 'vocab-11', reading: 'obaasan', first_try: { reading: 'okaasan' } });
    expect(noRetry.statusCode).toBe(400);
    expect(noRetry.json().errors[0].field).toBe('first_try');
    // a new card is learned, not tested
    const fresh = await grade(user, { id: 'reading-21', grade: 3, typed: { reading: 'yama' } });
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json().errors[0].field).toBe('typed');
    // kana cards are not typed
    const kana = await check(user, { id: 'kana-31', reading: 'ka' });
    expect(kana.statusCode).toBe(400);
    expect(kana.json().errors[0].field).toBe('typed');
    // the body is strict and bounded
    expect((await check(user, { id: 'vocab-11', reading: 'x'.repeat(65) })).statusCode).toBe(400);
    expect((await check(user, { id: 'vocab-11', reading: 'a', verdict: 'correct' })).statusCode).toBe(400);
    expect((await user.session.get('/api/flashcard/wrong-answers?id=nope')).statusCode).toBe(400);
  });
});
