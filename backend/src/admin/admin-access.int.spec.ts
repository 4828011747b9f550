import { TestSession } from '../accounts/testing/test-session';
import { TINY_PNG } from '../media/testing/fake-providers';
import { AdminTestContext, multipartBody, postMultipart, startAdminTestApp } from './testing/admin-test-app';

const VOCAB = 640697243;
const KANJI = 26085; // 日

describe('admin API access', () => {
  let t: AdminTestContext;
  beforeAll(async () => {
    t = await startAdminTestApp();
  });
  afterAll(() => t.close());

  type Route = { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; body?: unknown; multipart?: boolean };
  const routes = (): Route[] => [
    { method: 'GET', url: '/api/admin/materials?type=reading' },
    { method: 'GET', url: `/api/admin/materials/${VOCAB}?type=vocab` },
    { method: 'PATCH', url: `/api/admin/materials/${VOCAB}`, body: { type: 'vocab', version: 1, image_situation: 'x' } },
    { method: 'POST', url: `/api/admin/materials/${VOCAB}`, multipart: true },
    { method: 'POST', url: `/api/admin/materials/${VOCAB}/actions`, body: { type: 'vocab', actions: { approve_audio: true } } },
    { method: 'GET', url: '/api/admin/kanji?course=kanji1' },
    { method: 'GET', url: `/api/admin/kanji/${KANJI}` },
    { method: 'GET', url: '/api/admin/users' },
    { method: 'GET', url: `/api/admin/users/${t.learner.id}?course=kana` },
    { method: 'POST', url: `/api/admin/users/${t.learner.id}/admin` },
    { method: 'DELETE', url: `/api/admin/users/${t.learner.id}/admin` },
    { method: 'GET', url: `/api/admin/history?stream=material-vocab-${VOCAB}` },
    { method: 'GET', url: `/api/admin/history?actor=${t.admin.id}` },
  ];

  const send = (user: AdminTestContext['admin'], route: Route) =>
    route.multipart
      ? postMultipart(t.app, user, route.url, multipartBody({ _method: 'patch', type: 'vocab' }, { field: 'image', name: 'a.png', type: 'image/png', bytes: TINY_PNG }))
      : user.session.send(route.method, route.url, { body: route.body });

  it('refuses a learner with 403 on every admin route, changing nothing', async () => {
    const before = await t.db.pool.query('select count(*)::int as n from events');
    for (const route of routes()) {
      const res = await send(t.learner, route);
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({ route: `${route.method} ${route.url}`, status: 403 });
      expect(res.json()).toMatchObject({ code: 'forbidden' });
    }
    expect((await t.db.pool.query('select count(*)::int as n from events')).rows[0].n).toBe(before.rows[0].n);
  });

  it('refuses a visitor without a session with 401', async () => {
    const anonymous = new TestSession(t.app.inject);
    for (const route of routes().filter((r) => r.method === 'GET')) expect((await anonymous.get(route.url)).statusCode).toBe(401);
  });

  it('answers an admin with 200 on every read', async () => {
    for (const route of routes().filter((r) => r.method === 'GET')) {
      const res = await t.admin.session.get(route.url);
      expect({ route: route.url, status: res.statusCode }).toEqual({ route: route.url, status: 200 });
    }
  });
});
