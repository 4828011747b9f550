import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { startTestApp, TestApp } from '../../../test/http-app';
import { createIsolatedDatabase } from '../../../test/test-db';
import { grantAdmin } from '../../accounts';
import { signUpTestUser, TestSession, TestUser } from '../../accounts/testing/test-session';
import { MEDIA_QUEUE, MediaJobs, MediaQueue } from '..';

const QUEUE_UNAVAILABLE = 'Media actions are unavailable right now because the job queue (Redis) cannot be reached. Try again in a minute.';

describe('the queue dashboard: Bull Board at /admin/queues', () => {
  const prefix = `kioku-test-board-${randomUUID().slice(0, 8)}`;
  let db: { url: string; pool: Pool; drop: () => Promise<void> };
  let app: TestApp;
  let admin: TestUser;
  let learner: TestUser;

  beforeAll(async () => {
    db = await createIsolatedDatabase();
    // ROLE api: no worker, so a job stays waiting where the board can see it.
    app = await startTestApp({ databaseUrl: db.url, env: { MEDIA_QUEUE_PREFIX: prefix } });
    admin = await signUpTestUser(app.inject);
    await grantAdmin(db.pool, admin.email);
    learner = await signUpTestUser(app.inject);
  });

  afterAll(async () => {
    await app.app.get<MediaQueue>(MEDIA_QUEUE).queue.obliterate({ force: true }).catch(() => undefined);
    await app.close();
    await db.drop();
  });

  const paths = ['/admin/queues', '/admin/queues/', '/admin/queues/queue/media', '/admin/queues/api/queues', '/admin/queues/static/favicon-32x32.png'];

  it('answers a visitor without a session 401 and a learner 403, as every admin route does', async () => {
    const anonymous = new TestSession(app.inject);
    for (const path of paths) {
      const res = await anonymous.get(path);
      expect({ path, status: res.statusCode }).toEqual({ path, status: 401 });
      expect(res.json()).toMatchObject({ code: 'unauthenticated' });
      const refused = await learner.session.get(path);
      expect({ path, status: refused.statusCode }).toEqual({ path, status: 403 });
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refused.json()).toMatchObject({ code: 'forbidden', detail: 'This page is for administrators only.' });
      expect(refused.body).not.toContain('media');
    }
  });

  it("shows an admin Bull Board's page, under the board's CSP (inline styles only there)", async () => {
    const page = await admin.session.get('/admin/queues');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<base href="/admin/queues/"');
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-store');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    // Its scripts are files under the board's path, served to admins only.
    const script = /<script defer src="(static\/js\/main\.[^"]+\.js)"/.exec(page.body)![1];
    const js = await admin.session.get(`/admin/queues/${script}`);
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect((await learner.session.get(`/admin/queues/${script}`)).statusCode).toBe(403);
    // Client routes of the board load the same page.
    expect((await admin.session.get('/admin/queues/queue/media')).body).toContain('<div id="root">');
    // The rest of the app keeps refusing inline styles.
    const other = await admin.session.get('/api/users/profile');
    expect(String(other.headers['content-security-policy'])).toContain("style-src 'self';");
  });

  it('lists the media queue in its JSON API, with a waiting job, read-only', async () => {
    const requestEventId = randomUUID();
    await app.app.get(MediaJobs).enqueue({ requestEventId, materialType: 'vocab', materialId: 77, actions: ['fetch_audio'], actorId: admin.id });
    const res = await admin.session.get('/admin/queues/api/queues?activeQueue=media&status=waiting&page=1&jobsPerPage=10');
    expect(res.statusCode).toBe(200);
    const media = res.json().queues.find((q: { name: string }) => q.name === 'media');
    expect(media).toMatchObject({ name: 'media', readOnlyMode: true });
    expect(media.counts.waiting).toBeGreaterThanOrEqual(1);
    expect(media.jobs.map((j: { id: string }) => j.id)).toContain(`${requestEventId}-fetch_audio`);
    // Nothing but reads: Bull Board's actions (retry, clean, pause…) have no route here.
    const retry = await admin.session.send('PUT', '/admin/queues/api/queues/media/retry/failed');
    expect(retry.statusCode).toBe(404);
    expect(await app.app.get<MediaQueue>(MEDIA_QUEUE).queue.getJobState(`${requestEventId}-fetch_audio`)).toBe('waiting');
    // The hand-written dashboard's JSON (GET /api/admin/queues) is gone: this API replaces it.
    expect((await admin.session.get('/api/admin/queues')).statusCode).toBe(404);
  });

  it('answers hostile paths and queries with 4xx (or the page), never 5xx', async () => {
    const values = ['%00', '%FF%FE', '..%2F..%2Fetc%2Fpasswd', '..', '-1', '1e309', 'null', '%7B%7D', encodeURIComponent('<script>alert(1)</script>'), '%20', 'x'.repeat(5_000)];
    const urls = values.flatMap((v) => [
      `/admin/queues/${v}`,
      `/admin/queues/static/${v}`,
      `/admin/queues/queue/${v}`,
      `/admin/queues/api/queues/${v}/${v}`,
      `/admin/queues/api/queues?activeQueue=${v}&status=${v}&page=${v}&jobsPerPage=${v}`,
    ]);
    const answers = await Promise.all(urls.map(async (url) => ({ url: url.slice(0, 80), status: (await admin.session.get(url)).statusCode })));
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
  });
});

describe('the queue dashboard when Redis is down', () => {
  let app: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    app = await startTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    admin = await signUpTestUser(app.inject);
    const pool = new Pool({ connectionString: process.env.DATABASE_URL });
    await grantAdmin(pool, admin.email).finally(() => pool.end());
  });
  afterAll(() => app.close());

  it('still loads the page; its API answers the media actions’ 503 problem+json within ~2 s', async () => {
    expect((await admin.session.get('/admin/queues')).statusCode).toBe(200);
    const start = Date.now();
    const res = await admin.session.get('/admin/queues/api/queues');
    // A generous bound (the media actions give up on Redis after 2 s): it answers 503 instead of waiting for Redis.
    expect(Date.now() - start).toBeLessThan(10_000);
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ code: 'unavailable', detail: QUEUE_UNAVAILABLE });
  });
});
