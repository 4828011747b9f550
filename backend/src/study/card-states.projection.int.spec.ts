import { randomUUID } from 'node:crypto';
import { createIsolatedDatabase } from '../../test/test-db';
import { startTestApp, TestApp } from '../../test/http-app';
import { eventually } from '../../test/support/eventually';
import { setSubscription } from '../accounts';
import { signUpTestUser, TestUser } from '../accounts/testing/test-session';
import { main as cli } from '../cli';
import { rebuildProjection } from '../platform/projections/projection-admin';
import { cardStatesProjection } from './card-states.projection';
import { courseMaterials, insertMaterials, pinClock } from './testing/study-fixtures';

// card_states, the table every grade and every next card reads, rebuilt from the card events (issue 16 item 4):
// after a random history of lessons, reviews and undos by several learners, a plain rebuild and a blue-green one
// (with learners grading through it) give exactly the live table; the operator's command answers cleanly.

const T0 = new Date('2026-04-06T08:00:00.000Z');

describe('projections:rebuild card_states', () => {
  let db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: TestApp;
  let clock: ReturnType<typeof pinClock>;

  beforeAll(async () => {
    db = await createIsolatedDatabase();
    await insertMaterials(db.pool, [...courseMaterials('kanji1', 8, 3), ...courseMaterials('kana', 6, 2, 501)]);
    app = await startTestApp({ databaseUrl: db.url, runner: true, env: { SESSION_TTL_DAYS: '3650' } });
    clock = pinClock(app.app, T0);
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const snapshot = async () =>
    (
      await db.pool.query(
        `select user_id, course, material_type, material_id, level, attempts, mastery, interval_hours, due_at, last_reviewed_at, learned_at, memory, version, servable
           from card_states order by user_id, course, material_type, material_id`,
      )
    ).rows;

  /** A learner's random session: lessons and reviews with random grades, some answers taken back. */
  async function study(user: TestUser, course: 'kanji1' | 'kana', steps: number, random: () => number, concurrent = false): Promise<number> {
    let answers = 0;
    for (let i = 0; i < steps; i++) {
      clock.set(new Date(clock.now().getTime() + Math.floor(random() * 6) * 3_600_000 + 60_000));
      const next = (await user.session.get(`/api/flashcard?course=${course}`)).json();
      if (!next.flashcard) continue;
      const grade = next.flashcard.attempts === 0 ? [0, 3, 5, 10][Math.floor(random() * 4)] : [0, 3, 5][Math.floor(random() * 3)];
      const res = await user.session.post('/api/flashcard', { id: next.flashcard.flashcard_id, grade, fetch_new: random() < 0.5, version: next.flashcard.version }, { headers: { 'idempotency-key': randomUUID() } });
      if (res.statusCode !== 200) continue;
      answers++;
      if (random() < 0.15) {
        const undone = await user.session.post('/api/flashcard/undo', { id: next.flashcard.flashcard_id, version: res.json().flashcard.version }, { headers: { 'idempotency-key': randomUUID() } });
        // With learners grading at once on the shared test clock, another's step can age the answer past the window.
        if (!(concurrent && undone.statusCode === 409)) expect({ status: undone.statusCode, body: undone.statusCode === 200 ? null : undone.json() }).toEqual({ status: 200, body: null });
      }
    }
    return answers;
  }

  function seeded(seed: number): () => number {
    let s = seed;
    return () => {
      s = (s * 1103515245 + 12345) % 2147483648;
      return s / 2147483648;
    };
  }

  it('rebuilds plain and blue-green to exactly the live table, also while learners grade', async () => {
    const users: TestUser[] = [];
    for (let i = 0; i < 4; i++) {
      const user = await signUpTestUser(app.inject);
      if (i % 2 === 0) await setSubscription(db.pool, user.email, 'active');
      users.push(user);
    }
    const random = seeded(42);
    let answers = 0;
    for (const user of users) answers += (await study(user, 'kanji1', 40, random)) + (await study(user, 'kana', 15, random));
    const undos = Number((await db.pool.query(`select count(*) from events where event_type = 'CardGradeUndone'`)).rows[0].count);
    expect(answers).toBeGreaterThan(150);
    expect(undos).toBeGreaterThan(10);

    const live = await snapshot();
    expect(live.length).toBeGreaterThan(20);
    await rebuildProjection(db.pool, cardStatesProjection, { batchSize: 37 });
    expect(await snapshot()).toEqual(live);

    // Blue-green while two learners keep grading: nothing they write is lost in the switch.
    let grading = true;
    let answered = 0;
    const during = Promise.all(
      users.slice(0, 2).map(async (user, i) => {
        const r = seeded(100 + i);
        let n = 0;
        while (grading) {
          const a = await study(user, 'kanji1', 1, r, true);
          n += a;
          answered += a;
        }
        return n;
      }),
    );
    await rebuildProjection(db.pool, cardStatesProjection, { blueGreen: true, batchSize: 41 });
    // A few more answers after the switch: they go to the new table.
    const atSwitch = answered;
    await eventually('a few answers after the switch', () => answered >= atSwitch + 3);
    grading = false;
    const graded = (await during).reduce((a, b) => a + b, 0);
    expect(graded).toBeGreaterThan(0);
    const afterSwitch = await snapshot();
    await rebuildProjection(db.pool, cardStatesProjection, { batchSize: 1_000 });
    expect(await snapshot()).toEqual(afterSwitch);
    const { rows } = await db.pool.query(`select tablename from pg_tables where tablename like 'card_states_%'`);
    expect(rows).toEqual([]);
    console.log(`card_states rebuild: ${answers + graded} answers (${undos} undone), ${afterSwitch.length} cards; plain and blue-green equal to the live table`);
  });

  it('answers an unknown projection or command with a plain message and exit code 1, never a stack trace', async () => {
    const errors: string[] = [];
    const spy = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args.map(String).join(' ')));
    const previous = process.env.DATABASE_URL;
    process.env.DATABASE_URL = db.url;
    try {
      expect(await cli(['projections:rebuild', 'card_state'])).toBe(1);
      expect(errors.join('\n')).toMatch(/^Unknown projection "card_state"\. Known: .*card_states/m);
      expect(errors.join('\n')).not.toMatch(/\n\s+at /);
      errors.length = 0;
      expect(await cli(['projections:rebuild'])).toBe(1);
      expect(errors.join('\n')).toMatch(/Which projection\?/);
      expect(await cli(['projections:rebild', 'card_states'])).toBe(1);
      expect(errors.join('\n')).toMatch(/Unknown command "projections:rebild"/);
      expect(await cli(['projections:rebuild', 'card_states'])).toBe(0);
    } finally {
      process.env.DATABASE_URL = previous;
      spy.mockRestore();
    }
  });
});
