import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createIsolatedDatabase } from '../../test/test-db';
import { startTestApp, TestApp } from '../../test/http-app';
import { eventually } from '../../test/support/eventually';
import { signUpTestUser, TestUser } from '../accounts/testing/test-session';
import { catalogueProjection, loadContent } from '../content';
import { EventStore } from '../platform/event-store/event-store';
import { rebuildProjection } from '../platform/projections/projection-admin';
import { PROGRESS_PROJECTIONS } from '../progress';
import { pinClock } from './testing/study-fixtures';

// A learner with cards of a word that leaves the content files (docs/decisions.md "Retired materials"): the
// word is retired by the loader; the learner keeps studying and never gets it again; stats, levels, the
// forecast and the course mastery leave it out; a rebuild of the catalogue and of every progress projection
// gives the same numbers; when the word comes back, its card resumes with its schedule. Real content loader
// (the fixture slice of the committed content), real HTTP app with the projection runner.

jest.setTimeout(120_000);

const FIXTURES = join(__dirname, '..', 'content', 'load', 'fixtures');
const T0 = new Date('2026-03-02T09:00:00.000Z');
const DAY = 86_400_000;
const HITO = 251935120; // 人 ひと, vocab1 level 1: the word that leaves the list

describe('a learner whose word is retired', () => {
  let db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: TestApp;
  let clock: ReturnType<typeof pinClock>;
  let dir: string;
  let store: EventStore;
  let user: TestUser;
  let original: string;

  beforeAll(async () => {
    db = await createIsolatedDatabase();
    store = new EventStore(db.pool);
    dir = mkdtempSync(join(tmpdir(), 'kioku-retired-'));
    cpSync(FIXTURES, dir, { recursive: true });
    original = readFileSync(join(dir, 'vocab.json'), 'utf8');
    await loadContent(db.pool, store, { dir, requireAll: true });
    app = await startTestApp({ databaseUrl: db.url, runner: true, env: { SESSION_TTL_DAYS: '3650' } });
    clock = pinClock(app.app, T0);
    user = await signUpTestUser(app.inject);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = async (path: string) => {
    const res = await user.session.get(path);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const grade = (id: string, value: number, fetchNew = true) =>
    user.session.post('/api/flashcard', { id, grade: value, fetch_new: fetchNew }, { headers: { 'idempotency-key': randomUUID() } });
  const levelOf = async () => (await get('/api/users/profile')).level.vocab1 as number;
  const level1 = async () => (await get('/api/users/stats?course=vocab1')).levels[0];
  const caughtUp = async () => {
    const head = (await db.pool.query(`select max(global_position)::bigint as p from events`)).rows[0].p;
    await eventually(
      'the progress projections caught up with the log',
      async () =>
        Number((await db.pool.query(`select min(last_position)::bigint as p from projection_checkpoints where name = any($1::text[])`, [PROGRESS_PROJECTIONS.map((p) => p.name)])).rows[0].p) >=
        Number(head),
      8_000,
    );
  };
  const hito = `vocab-${HITO}`;
  const withVocab = (edit: (entries: { id: number }[]) => void) => {
    const entries = JSON.parse(original);
    edit(entries);
    writeFileSync(join(dir, 'vocab.json'), `[\n${entries.map((e: unknown) => JSON.stringify(e)).join(',\n')}\n]\n`);
  };
  /** Everything a learner sees of their progress, from the API. */
  const progress = async () => ({
    level: await levelOf(),
    stats: await get('/api/users/stats?course=vocab1'),
    mastery: (await get('/api/users/course_mastery?course=vocab1')).levels,
    panel: await get(`/api/flashcard?course=vocab1`).then((n) => ({ review_count: n.review_count, new_available: n.new_available, learned_count: n.learned_count })),
  });

  it('learns every level-1 word and gets all but 人 to Intermediate: level 1 holds on 人', async () => {
    let card = (await get('/api/flashcard?course=vocab1')).flashcard;
    const learned: string[] = [];
    while (card && card.attempts === 0) {
      learned.push(card.flashcard_id);
      const res = await grade(card.flashcard_id, 3);
      expect(res.statusCode).toBe(200);
      card = res.json().new_flashcard;
    }
    expect(learned).toHaveLength(7);
    expect(learned).toContain(hito);

    // A week later: the others are still easy (Intermediate); 人 is only "got it, hard" (stays Learning).
    clock.set(new Date(T0.getTime() + 7 * DAY));
    for (let i = 0; i < 7; i++) {
      const next = (await get('/api/flashcard?course=vocab1')).flashcard;
      const res = await grade(next.flashcard_id, next.flashcard_id === hito ? 3 : 5, false);
      expect(res.statusCode).toBe(200);
    }
    await caughtUp();
    expect(await level1()).toMatchObject({ untrained: 0, learning: 1, intermediate: 6, mastered: 0 });
    expect(await levelOf()).toBe(1);
  });

  it('retires 人 from the files: the level moves on at once, stats and counts leave it out', async () => {
    const history = (await db.pool.query(`select count(*)::int as n from events where stream_id = $1`, [`card-${user.id}-vocab1-vocab-${HITO}`])).rows[0].n;
    expect(history).toBe(2); // learned, reviewed
    withVocab((entries) => entries.splice(entries.findIndex((e) => e.id === HITO), 1));
    expect(await loadContent(db.pool, store, { dir })).toMatchObject({ retired: 1 });

    // No grade needed: the levels projection follows the catalogue.
    await eventually('vocab1 level 2 on the profile', async () => (await levelOf()) === 2, 8_000);
    expect(await level1()).toMatchObject({ untrained: 0, learning: 0, intermediate: 6, mastered: 0 });
    expect((await get('/api/users/course_mastery?course=vocab1')).levels[0]).toEqual({ level: 1, total: 6, available: 6, completed: 6 });

    // A day later everything is due again, 人 too; only the six served words count and come up.
    clock.set(new Date(T0.getTime() + 8 * DAY + 1000));
    const due = await get('/api/flashcard?course=vocab1');
    expect(due.review_count).toBe(6);
    expect((await get('/api/users/stats?course=vocab1')).review_forecast[0]).toEqual({ day: 0, count: 6 });
    const served: string[] = [];
    let card = due.flashcard;
    while (card) {
      served.push(card.flashcard_id);
      const res = await grade(card.flashcard_id, 5, false);
      expect(res.statusCode).toBe(200);
      card = res.json().new_flashcard;
    }
    expect(served).toHaveLength(6);
    expect(served).not.toContain(hito);
    expect((await get('/api/flashcard?course=vocab1')).review_count).toBe(0);
    // Asked for by name, or graded from a stale screen: there is no such card to study.
    expect((await user.session.get(`/api/flashcard?course=vocab1&material_type=vocab&material_id=${HITO}`)).statusCode).toBe(404);
    expect((await grade(hito, 5)).statusCode).toBe(404);

    // Nothing of the learner's history is lost.
    expect((await db.pool.query(`select count(*)::int as n from events where stream_id = $1`, [`card-${user.id}-vocab1-vocab-${HITO}`])).rows[0].n).toBe(history);
    expect((await db.pool.query(`select servable, mastery from card_states where user_id = $1 and material_id = $2`, [user.id, HITO])).rows).toEqual([
      { servable: false, mastery: 'learning' },
    ]);
  });

  it('gives the same numbers after a rebuild of the catalogue and of every progress projection', async () => {
    await caughtUp();
    const before = await progress();
    const tables = async () => ({
      counts: (await db.pool.query(`select * from progress_level_counts order by user_id, course, level`)).rows,
      levels: (await db.pool.query(`select user_id, course, level from progress_levels order by user_id, course`)).rows,
      activity: (await db.pool.query(`select * from progress_activity order by user_id, course`)).rows,
    });
    const rowsBefore = await tables();
    await rebuildProjection(db.pool, catalogueProjection);
    for (const projection of PROGRESS_PROJECTIONS) await rebuildProjection(db.pool, projection);
    expect(await tables()).toEqual(rowsBefore);
    expect(await progress()).toEqual(before);
    expect(before.level).toBe(2);
  });

  it('brings 人 back when the files do: its card resumes with its schedule and counts again', async () => {
    const card = (await db.pool.query(`select due_at, interval_hours, attempts from card_states where user_id = $1 and material_id = $2`, [user.id, HITO])).rows[0];
    writeFileSync(join(dir, 'vocab.json'), original);
    expect(await loadContent(db.pool, store, { dir })).toMatchObject({ restored: 1 });

    await eventually('vocab1 back to level 1 on the profile', async () => (await levelOf()) === 1, 8_000);
    expect(await level1()).toMatchObject({ untrained: 0, learning: 1, intermediate: 6 });
    const next = await get('/api/flashcard?course=vocab1');
    expect(next.review_count).toBe(1);
    expect(next.flashcard).toMatchObject({ flashcard_id: hito, attempts: card.attempts, mastery_level: 'learning', interval: card.interval_hours });
    expect((await db.pool.query(`select due_at from card_states where user_id = $1 and material_id = $2`, [user.id, HITO])).rows[0].due_at).toEqual(card.due_at);
    const res = await grade(hito, 5, false);
    expect(res.statusCode).toBe(200);
    expect(res.json().flashcard).toMatchObject({ attempts: card.attempts + 1 });
  });
});
