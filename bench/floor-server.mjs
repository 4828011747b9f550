// The floor under a grade's app CPU (issue 19), for bench/request-cost.bench.mjs: fastify and node-postgres with the
// app's own query code, and no Nest. POST /floor/grade does a grade's three round trips as the app does them: the
// session (resolveSession), the graded card's read (FlashcardQueries.materialForGrade), then the next card
// (FlashcardQueries.next, the rows the grade's write answers with), and answers both cards as JSON. What it leaves
// out is what a grade adds above that floor: Nest's pipeline, the guards, zod, the decision and the event.
// Run by request-cost with DATABASE_URL and PORT (and the app's DATABASE_POOL_SIZE); not part of the app.
import Fastify from 'fastify';
import { randomUUID } from 'node:crypto';
import { dist } from './lib.mjs';

const { createPool } = dist('platform/database/database.js');
const { resolveSession, SESSION_COOKIE } = dist('accounts/sessions.js');
const { FlashcardQueries } = dist('study/get-flashcard/get-flashcard.query.js');
const { ServableTotals } = dist('study/servable-totals.js');
const { flashcardRefOrFail, flashcardView } = dist('study/flashcard.view.js');

const { loadConfig } = dist('platform/config/config.js');

const pool = createPool(process.env.DATABASE_URL, loadConfig().DATABASE_POOL_SIZE);
const queries = new FlashcardQueries(pool, new ServableTotals(pool, { now: () => new Date() }));
const cookie = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]+)`);

const app = Fastify({ logger: false });
app.get('/floor/none', async () => ({ ok: true }));
app.post('/floor/grade', async (request, reply) => {
  const now = new Date();
  const user = await resolveSession(pool, decodeURIComponent(cookie.exec(request.headers.cookie ?? '')?.[1] ?? ''), now, 30);
  if (!user) return reply.code(401).send({ title: 'Sign in' });
  const { id, course } = request.body;
  const ref = flashcardRefOrFail(id);
  const read = await queries.materialForGrade(user.id, ref.materialType, ref.materialId, { scope: `grade:${user.id}`, key: randomUUID() });
  const next = await queries.next({ userId: user.id, course, now, subscriptionActive: user.subscriptionActive, preferNew: true });
  return { flashcard: flashcardView(read.material, read.material.card), new_flashcard: next.flashcard, review_count: next.review_count };
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => app.close().then(() => pool.end()).then(() => process.exit(0)));
