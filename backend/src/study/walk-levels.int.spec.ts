import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { startTestApp, TestApp } from '../../test/http-app';
import { eventually } from '../../test/support/eventually';
import { createIsolatedDatabase } from '../../test/test-db';
import { setSubscription } from '../accounts';
import { signUpTestUser, TestUser } from '../accounts/testing/test-session';
import { loadContent } from '../content';
import { EventStore } from '../platform/event-store/event-store';
import { pinClock } from './testing/study-fixtures';

// The committed catalogue as a subscriber meets it, through the API only: the beginner courses are whole, so a
// learner who walks a level gets every card of it as a lesson, and a word's two sentences take turns.

const CONTENT = join(__dirname, '..', '..', 'content');
const T0 = new Date('2026-03-02T09:00:00.000Z');

describe('walking the beginner courses by the API (committed content)', () => {
  let db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: TestApp;
  let clock: ReturnType<typeof pinClock>;

  beforeAll(async () => {
    db = await createIsolatedDatabase();
    await loadContent(db.pool, new EventStore(db.pool), { dir: CONTENT, requireAll: true });
    app = await startTestApp({ databaseUrl: db.url, runner: true, env: { SESSION_TTL_DAYS: '3650' } });
    clock = pinClock(app.app, T0);
  }, 300_000);
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const next = async (user: TestUser, course: string) => {
    const res = await user.session.get(`/api/flashcard?course=${course}`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const grade = async (user: TestUser, id: string, g: number) => {
    const res = await user.session.post('/api/flashcard', { id, grade: g, fetch_new: true }, { headers: { 'idempotency-key': randomUUID() } });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const profileLevel = async (user: TestUser, course: string): Promise<number> => (await user.session.get('/api/users/profile')).json().level[course];
  const levelCards = async (course: string, level: number) =>
    (
      await db.pool.query<{ id: string; servable: boolean }>(
        `select material_type || '-' || material_id as id, servable from materials where course = $1 and level = $2 and not retired order by 1`,
        [course, level],
      )
    ).rows;

  /**
   * Studies a course up to `level` as a learner does: every lesson of the level (graded "good"), their review a
   * minute later, and another six days on (intermediate, SPEC §4), which completes the level. Returns the cards
   * each level served as lessons.
   */
  async function walk(user: TestUser, course: string, level: number): Promise<Map<number, string[]>> {
    const served = new Map<number, string[]>();
    const reviewAllDue = async () => {
      for (let card = (await next(user, course)).flashcard; card && card.attempts > 0; card = (await next(user, course)).flashcard) {
        await grade(user, card.flashcard_id, 5);
      }
    };
    for (let l = 1; l <= level; l++) {
      await eventually(`${course} level ${l} on the profile`, async () => (await profileLevel(user, course)) === l, 15_000);
      const ids: string[] = [];
      for (let card = (await next(user, course)).flashcard; card && card.attempts === 0 && card.level === l; ) {
        ids.push(card.flashcard_id);
        card = (await grade(user, card.flashcard_id, 5)).new_flashcard;
      }
      served.set(l, ids.sort());
      clock.set(new Date(clock.now().getTime() + 60_000));
      await reviewAllDue();
      clock.set(new Date(clock.now().getTime() + 145 * 3_600_000));
      await reviewAllDue();
    }
    return served;
  }

  it('gives a subscriber every card of Vocab I level 5 and Kanji I level 3 as a lesson', async () => {
    const user = await signUpTestUser(app.inject);
    await setSubscription(db.pool, user.email, 'active');
    for (const [course, level] of [
      ['vocab1', 5],
      ['kanji1', 3],
    ] as const) {
      const served = await walk(user, course, level);
      const cards = await levelCards(course, level);
      expect(cards.length).toBeGreaterThan(100);
      expect(cards.every((c) => c.servable)).toBe(true);
      expect(served.get(level)).toEqual(cards.map((c) => c.id));
    }
  }, 300_000);

  it("shows a word's first sentence at the lesson and its second at the first review; the dictionary shows both", async () => {
    const user = await signUpTestUser(app.inject);
    const lesson = (await next(user, 'vocab1')).flashcard;
    expect(lesson).toMatchObject({ attempts: 0, material: { sentence_number: 1, sentence_count: 2 } });
    const first = lesson.material;
    await grade(user, lesson.flashcard_id, 5);
    const [type, id] = lesson.flashcard_id.split('-');
    const res = await user.session.get(`/api/flashcard?course=vocab1&material_type=${type}&material_id=${id}`);
    const review = res.json().flashcard;
    expect(review).toMatchObject({ attempts: 1, material: { sentence_number: 2, sentence_count: 2 } });
    expect(review.material.sentence_id).not.toBe(first.sentence_id);
    expect(review.material.sentence).not.toBe(first.sentence);
    expect(review.material.sentence_breakdown.some((w: { vocab?: boolean }) => w.vocab)).toBe(true);

    const word = (await user.session.get(`/api/vocabs/${id}`)).json();
    expect(word.sentences.map((s: { id: number }) => s.id)).toEqual([first.sentence_id, review.material.sentence_id]);
    expect(word.sentence.id).toBe(first.sentence_id);
  });
});
