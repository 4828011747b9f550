import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { createIsolatedDatabase } from '../../test/test-db';
import { startTestApp, TestApp } from '../../test/http-app';
import { eventually } from '../../test/support/eventually';
import { signUpTestUser, TestUser } from '../accounts/testing/test-session';
import { ProjectionRegistry } from '../platform/projections/projection-registry';
import { ProjectionRunner } from '../platform/projections/projection-runner';
import { courseMaterials, insertMaterials } from '../study/testing/study-fixtures';

// Read models on a shared PostgreSQL cluster (issue 28). Readers of the log stopped below the oldest transaction
// open anywhere on the cluster (transaction ids are cluster-wide), so a pgbench in another database delayed a
// learner's stats by over a second and a 20 s transaction froze them for 20 s, while health said "lag 0".

/** A session holding a transaction id, as a writer in the middle of its transaction does. */
async function openTransaction(url: string): Promise<{ client: Client; end: () => Promise<void> }> {
  const client = new Client({ connectionString: url, application_name: 'kioku-test-open-transaction' });
  await client.connect();
  await client.query('begin');
  await client.query('select pg_current_xact_id()');
  return {
    client,
    end: async () => {
      await client.query('rollback').catch(() => undefined);
      await client.end();
    },
  };
}

const grade = (user: TestUser, id: string) => user.session.post('/api/flashcard', { id, grade: 3, fetch_new: true }, { headers: { 'idempotency-key': randomUUID() } });

describe('read models while transactions are open elsewhere on the cluster', () => {
  let db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: TestApp;

  beforeAll(async () => {
    db = await createIsolatedDatabase();
    await insertMaterials(db.pool, courseMaterials('kana', 20, 1));
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const learningCount = async (userId: string) =>
    Number((await db.pool.query(`select coalesce(sum(learning), 0) as n from progress_level_counts where user_id = $1 and course = 'kana'`, [userId])).rows[0].n);

  describe('with the projection runner in the app', () => {
    beforeAll(async () => {
      app = await startTestApp({ databaseUrl: db.url, runner: true });
    });
    afterAll(async () => {
      await app.close();
      app = undefined!;
    });

    it('levels and awards follow each grade within 1 s while a transaction is open in another database', async () => {
      const user = await signUpTestUser(app.inject);
      let card = (await user.session.get('/api/flashcard?course=kana')).json().flashcard.flashcard_id as string;
      const elsewhere = await openTransaction(process.env.KIOKU_TEST_ADMIN_URL!);
      const delays: number[] = [];
      try {
        for (let i = 1; i <= 10; i++) {
          const res = await grade(user, card);
          expect(res.statusCode).toBe(200);
          const graded = Date.now();
          await eventually(`${i} learning cards in progress_level_counts`, async () => (await learningCount(user.id)) === i, 5_000, 5);
          delays.push(Date.now() - graded);
          card = res.json().new_flashcard?.flashcard_id;
        }
        // The first card learned grants the Participation Ribbon (the awards reactor reads the same log).
        await eventually('the Participation Ribbon', async () => (await db.pool.query(`select 1 from progress_awards where user_id = $1`, [user.id])).rowCount, 1_000, 5);
      } finally {
        await elsewhere.end();
      }
      expect(Math.max(...delays)).toBeLessThan(1_000);
    }, 60_000);

    it('health reports the real lag and the transaction of this database that holds it back', async () => {
      const user = await signUpTestUser(app.inject);
      const card = (await user.session.get('/api/flashcard?course=kana')).json().flashcard.flashcard_id as string;
      const here = await openTransaction(db.url);
      try {
        const pid = (await here.client.query('select pg_backend_pid() as pid')).rows[0].pid;
        expect((await grade(user, card)).statusCode).toBe(200);
        // The grade committed above a transaction still open in this database: no reader may take it yet (it
        // could precede events that transaction has yet to commit), and health says so instead of "lag 0".
        const health = (await app.inject({ method: 'GET', url: '/api/health' })).json();
        const levels = health.projections.find((p: { name: string }) => p.name === 'progress_levels');
        expect(levels.lag).toBeGreaterThanOrEqual(1);
        expect(health.events.held_back).toBeGreaterThanOrEqual(1);
        expect(health.events.oldest_open_transaction).toMatchObject({ pid, application_name: 'kioku-test-open-transaction' });
        expect(health.events.oldest_open_transaction.age_seconds).toBeGreaterThanOrEqual(0);
        expect(await learningCount(user.id)).toBe(0);
      } finally {
        await here.end();
      }
      await eventually('the grade applied once the transaction ended', async () => (await learningCount(user.id)) === 1, 5_000);
      const after = (await app.inject({ method: 'GET', url: '/api/health' })).json();
      expect(after.events).toEqual({ held_back: 0, oldest_open_transaction: null });
    }, 30_000);
  });

  it("GET /api/users/stats shows the learner's own last grade even when the levels projection is behind it", async () => {
    // No runner in the app: one runs elsewhere and catches up 300 ms after the grade.
    app = await startTestApp({ databaseUrl: db.url });
    const user = await signUpTestUser(app.inject);
    const card = (await user.session.get('/api/flashcard?course=kana')).json().flashcard.flashcard_id as string;
    expect((await grade(user, card)).statusCode).toBe(200);
    expect(await learningCount(user.id)).toBe(0);
    const runner = new ProjectionRunner(db.pool, app.app.get(ProjectionRegistry).all(), { pollMs: 50 });
    const late = setTimeout(() => void runner.start(), 300);
    try {
      const stats = (await user.session.get('/api/users/stats?course=kana')).json();
      expect(stats.levels[0].learning).toBe(1);
    } finally {
      clearTimeout(late);
      await runner.stop();
    }
  }, 30_000);
});
