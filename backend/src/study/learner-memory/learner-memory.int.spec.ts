import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { createIsolatedDatabase } from '../../../test/test-db';
import { startTestApp, TestApp } from '../../../test/http-app';
import { eventually } from '../../../test/support/eventually';
import { setSubscription } from '../../accounts';
import { signUpTestUser, TestUser } from '../../accounts/testing/test-session';
import { rebuildProjection } from '../../platform/projections/projection-admin';
import { FlashcardQueries } from '../get-flashcard/get-flashcard.query';
import { nextIntervals } from '../flashcard.view';
import { fitLearner, type GradeLogEntry } from '../scheduler';
import { courseMaterials, insertMaterials, pinClock } from '../testing/study-fixtures';
import { LEARNER_MEMORY_PROJECTION, learnerMemoryProjection } from './learner-memory.projection';
import { REFIT_EVERY_GRADES } from './refit-cadence';

// The learner's fitted strength (issue 30): refitted from their own grade events by the async projection, read
// with the card by the grade and the next card (one statement), and rebuilt from the log to the same rows.

const T0 = new Date('2026-04-06T08:00:00.000Z');

async function caughtUp(pool: Pool): Promise<boolean> {
  const { rows } = await pool.query(
    `select count(*)::int as n from projection_checkpoints c where c.name = $1
        and not exists (select 1 from events e where (e.transaction_id, e.global_position) > (c.last_tx, c.last_position))`,
    [LEARNER_MEMORY_PROJECTION],
  );
  return rows[0].n === 1;
}

/** The learner's grade log as fitLearner takes it, read straight from the event store (not from the read model). */
async function logFromEvents(pool: Pool, userId: string, upTo?: number): Promise<GradeLogEntry[]> {
  const { rows } = await pool.query(
    `select event_id, event_type, data from events
      where event_type in ('CardLearned', 'CardGraded', 'CardGradeUndone') and data->>'userId' = $1 and global_position <= coalesce($2, global_position)
      order by global_position`,
    [userId, upTo ?? null],
  );
  return rows.map((r) =>
    r.event_type === 'CardGradeUndone'
      ? { ...r.data, eventId: r.event_id, grade: r.data.undoneGrade, reviewedAt: r.data.undoneAt, undoneEventId: r.data.undoneEventId }
      : { ...r.data, eventId: r.event_id },
  );
}

describe('learner_memory: the fitted strength read model', () => {
  let db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: TestApp;
  let clock: ReturnType<typeof pinClock>;
  let user: TestUser;
  let userId: string;

  beforeAll(async () => {
    db = await createIsolatedDatabase();
    await insertMaterials(db.pool, courseMaterials('kanji1', 12, 2));
    app = await startTestApp({ databaseUrl: db.url, runner: true, env: { SESSION_TTL_DAYS: '3650' } });
    clock = pinClock(app.app, T0);
    user = await signUpTestUser(app.inject);
    await setSubscription(db.pool, user.email, 'active');
    userId = (await db.pool.query(`select id from users where email = $1`, [user.email])).rows[0].id;
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const snapshot = async () => ({
    memory: (await db.pool.query(`select * from learner_memory order by user_id`)).rows,
    log: (await db.pool.query(`select * from learner_grade_log order by user_id, position`)).rows,
  });

  /** Lessons and reviews through the API, hours apart, mostly right, some wrong, a few taken back. */
  async function study(answers: number, seed: number): Promise<number> {
    let s = seed;
    const random = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
    let done = 0;
    while (done < answers) {
      clock.set(new Date(clock.now().getTime() + (1 + Math.floor(random() * 30)) * 3_600_000));
      const next = (await user.session.get('/api/flashcard?course=kanji1')).json();
      if (!next.flashcard) continue;
      const grade = random() < 0.2 ? 0 : random() < 0.7 ? 5 : 3;
      const res = await user.session.post('/api/flashcard', { id: next.flashcard.flashcard_id, grade, fetch_new: random() < 0.3, version: next.flashcard.version }, { headers: { 'idempotency-key': randomUUID() } });
      expect(res.statusCode).toBe(200);
      done++;
      if (random() < 0.05) {
        const undone = await user.session.post('/api/flashcard/undo', { id: next.flashcard.flashcard_id, version: res.json().flashcard.version }, { headers: { 'idempotency-key': randomUUID() } });
        expect(undone.statusCode).toBe(200);
      }
    }
    return done;
  }

  it('has no fit before the cadence, then the strength fitLearner gives on the log up to the triggering grade', async () => {
    await study(REFIT_EVERY_GRADES - 10, 7);
    await eventually('the projection caught up', () => caughtUp(db.pool), 60_000, 50);
    const before = (await db.pool.query(`select strength, grades_seen, grades_at_fit from learner_memory where user_id = $1`, [userId])).rows[0];
    expect(before.strength).toBeNull();
    expect(before.grades_at_fit).toBe(0);
    expect(before.grades_seen).toBeGreaterThanOrEqual(REFIT_EVERY_GRADES - 10);

    await study(3 * REFIT_EVERY_GRADES, 8);
    await eventually('the projection caught up', () => caughtUp(db.pool), 60_000, 50);
    const row = (await db.pool.query(`select strength, grades_seen, grades_at_fit, fitted_at, scheduler_version from learner_memory where user_id = $1`, [userId])).rows[0];
    expect(row.grades_at_fit).toBeGreaterThanOrEqual(REFIT_EVERY_GRADES);
    expect(row.scheduler_version).toBe(3);
    // The fit is fitLearner on exactly the learner's first grades_at_fit log rows (grades and undos), in log order.
    const { rows: at } = await db.pool.query(`select position from learner_grade_log where user_id = $1 order by position offset $2 - 1 limit 1`, [userId, row.grades_at_fit]);
    const expected = fitLearner(await logFromEvents(db.pool, userId, Number(at[0].position)));
    expect(row.strength).toBeCloseTo(expected.strength!, 10);
    expect(row.strength).not.toBe(0.3);
  });

  it('is read with the card in the same statement, and the grade buttons preview with it', async () => {
    const queries = app.app.get(FlashcardQueries);
    await db.pool.query(`update learner_memory set strength = 2.5 where user_id = $1`, [userId]);
    const material = await queries.material(userId, 'reading', 1);
    expect(material?.learner).toEqual({ strength: 2.5 });
    const next = (await user.session.get('/api/flashcard?course=kanji1')).json();
    expect(next.flashcard.next_intervals).toEqual(nextIntervals({ attempts: next.flashcard.attempts, interval_hours: next.flashcard.interval, memory: null }, { strength: 2.5 }));
    // A learner with no row gets the defaults.
    expect((await queries.material(randomUUID(), 'reading', 1))?.learner).toBeUndefined();
  });

  it('rebuilds from the events to exactly the live rows', async () => {
    await eventually('the projection caught up', () => caughtUp(db.pool), 60_000, 50);
    // Undo the hand-set strength of the previous test: the live rows are what the projection wrote.
    await rebuildProjection(db.pool, learnerMemoryProjection, { batchSize: 1_000 });
    const live = await snapshot();
    expect(live.log.length).toBeGreaterThan(3 * REFIT_EVERY_GRADES);
    await study(40, 9);
    await eventually('the projection caught up', () => caughtUp(db.pool), 60_000, 50);
    const grown = await snapshot();
    await rebuildProjection(db.pool, learnerMemoryProjection, { batchSize: 23 });
    expect(await snapshot()).toEqual(grown);
    await rebuildProjection(db.pool, learnerMemoryProjection, { blueGreen: true, batchSize: 57 });
    expect(await snapshot()).toEqual(grown);
    expect(grown.memory[0].strength).not.toBeNull();
  });
});
