import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createIsolatedDatabase } from '../../../test/test-db';
import { startTestApp, TestApp } from '../../../test/http-app';
import { signUpTestUser } from '../../accounts/testing/test-session';
import { courseMaterials, insertMaterials, pinClock } from '../../study/testing/study-fixtures';

// A course page's first screen in one round trip (issue 31, item 12): GET /api/pages/course answers what the
// profile, next-card, stats and mastery endpoints answer, and index.html, sent for a course page of a signed-in
// learner, preloads it (for nobody else, and for no other page).

const html = '<!doctype html><html><head><title>Kioku</title>\n  </head><body><div id="root"></div></body></html>';
const PRELOAD = '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/pages/course?course=kana" />';

describe('GET /api/pages/course and the preload in index.html', () => {
  let db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: TestApp;
  let dist: string;

  beforeAll(async () => {
    db = await createIsolatedDatabase();
    await insertMaterials(db.pool, courseMaterials('kana', 3, 2, 1));
    dist = mkdtempSync(join(tmpdir(), 'kioku-dist-'));
    writeFileSync(join(dist, 'index.html'), html);
    app = await startTestApp({ databaseUrl: db.url, env: { FRONTEND_DIST: dist, SESSION_TTL_DAYS: '3650' } });
    pinClock(app.app, new Date('2026-03-02T09:00:00.000Z'));
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers the five reads of the first screen as their own endpoints answer them', async () => {
    const user = await signUpTestUser(app.inject);
    await user.session.post('/api/flashcard', { id: 'kana-1', grade: 5 }, { headers: { 'idempotency-key': 'a0000000-0000-4000-8000-000000000001' } });
    const page = await user.session.get('/api/pages/course?course=kana');
    expect(page.statusCode).toBe(200);
    const [profile, flashcard, stats, mastery, catchUp] = await Promise.all(
      ['/api/users/profile', '/api/flashcard?course=kana', '/api/users/stats?course=kana', '/api/users/course_mastery?course=kana', '/api/study/catch-up?course=kana'].map(
        async (url) => (await user.session.get(url)).json(),
      ),
    );
    expect(page.json()).toEqual({ profile, flashcard, stats, mastery, catch_up: catchUp });
    expect(page.json().flashcard.review_count).toBe(1);
  });

  it('refuses an unknown course (naming the field) and a visitor without a session', async () => {
    const user = await signUpTestUser(app.inject);
    const bad = await user.session.get('/api/pages/course?course=kana9');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('course');
    expect((await app.inject({ method: 'GET', url: '/api/pages/course?course=kana' })).statusCode).toBe(401);
  });

  it("preloads it from a signed-in learner's course page, and from nothing else", async () => {
    const user = await signUpTestUser(app.inject);
    const course = await user.session.get('/kana');
    expect(course.statusCode).toBe(200);
    expect(course.headers['content-type']).toMatch(/^text\/html/);
    expect(course.headers['cache-control']).toBe('no-cache');
    expect(course.body).toContain(`${PRELOAD}\n  </head>`);
    expect(course.body.replace(`    ${PRELOAD}\n  `, '')).toBe(html);
    expect((await user.session.get('/vocab3')).body).toContain('href="/api/pages/course?course=vocab3"');
    for (const other of ['/settings', '/', '/kana/extra', '/kanaa']) expect((await user.session.get(other)).body).toBe(html);
    expect((await app.inject({ method: 'GET', url: '/kana' })).body).toBe(html);
  });
});
