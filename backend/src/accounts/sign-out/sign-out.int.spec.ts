// Issue 28: a GET never ends the session. Before, GET /users/sign_out signed out, so any site could sign a visitor out
// with a link, an <img> or a prefetch. Now GET /users/sign_out is the app's page ("Sign out?"), and only a POST with
// the CSRF token (header, or the _csrf field of a form) signs out.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, TestApp } from '../../../test/http-app';
import { signUpTestUser } from '../testing/test-session';

describe('sign-out', () => {
  let app: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'kioku-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    app = await startTestApp({ env: { FRONTEND_DIST: dist } });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('does not end the session on a cross-site GET (no CSRF header): it serves the app page that asks first', async () => {
    const user = await signUpTestUser(app.inject);
    // What an <img src="https://kioku…/users/sign_out"> on another site sends: the cookies (SameSite=Lax lets a
    // top-level GET carry them), no token.
    const res = await user.session.get('/users/sign_out', { headers: { 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(/kioku_session=;/);
    expect((await user.session.get('/api/users/profile')).statusCode).toBe(200);
  });

  it('does not end the session on a POST without the CSRF token (403)', async () => {
    const user = await signUpTestUser(app.inject);
    const res = await user.session.post('/users/sign_out', undefined, { csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'csrf_failed' });
    expect((await user.session.get('/api/users/profile')).statusCode).toBe(200);
  });

  it('ends the session on a POST with the token in the header (as the app sends it) or a form field, then goes to /', async () => {
    const user = await signUpTestUser(app.inject);
    const out = await user.session.post('/users/sign_out');
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/');
    expect(out.headers['cache-control']).toBe('no-store');
    expect((await user.session.get('/api/users/profile')).statusCode).toBe(401);

    const other = await signUpTestUser(app.inject);
    const viaForm = await other.session.send('POST', '/users/sign_out', { form: { _csrf: await other.session.csrfToken() } });
    expect(viaForm.statusCode).toBe(303);
    expect((await other.session.get('/api/users/profile')).statusCode).toBe(401);
  });
});
