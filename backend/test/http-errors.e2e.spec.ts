import { TestSession } from '../src/accounts/testing/test-session';
import { startTestApp, TestApp } from './http-app';

// Bad input gets a problem+json 400 that names the field, never a 500 (issue 2 acceptance).
describe('HTTP errors as problem+json', () => {
  let app: TestApp;
  let session: TestSession;
  beforeAll(async () => {
    app = await startTestApp();
    session = new TestSession(app.inject);
  });
  afterAll(() => app.close());

  const signUp = (payload: string, contentType = 'application/json') =>
    session.csrfToken().then((token) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign_up',
        headers: { 'content-type': contentType, 'x-xsrf-token': token, 'x-forwarded-for': session.ip },
        cookies: Object.fromEntries(session.cookies),
        payload,
      }),
    );

  it('answers malformed JSON with 400 problem+json', async () => {
    const res = await signUp('{"name": "Aiko", ');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 400, code: 'validation_failed', detail: expect.stringMatching(/not valid JSON/) });
  });

  it('names the field with the wrong type', async () => {
    const res = await signUp(JSON.stringify({ name: 'Aiko', email: 42, password: 'correct horse battery' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'email' })]));
  });

  it('names unknown fields', async () => {
    const res = await signUp(JSON.stringify({ name: 'Aiko', email: 'aiko@example.com', password: 'correct horse battery', admin: true }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(expect.arrayContaining([{ field: 'admin', message: 'Unknown field "admin".' }]));
  });

  it('answers an unsupported content type with 4xx problem+json, not 500', async () => {
    const res = await signUp('<xml/>', 'application/xml');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  });

  it('answers unknown API paths with 404 problem+json and carries the request id', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/does-not-exist', headers: { 'x-request-id': 'req-123' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toBe('req-123');
    expect(res.json()).toMatchObject({ code: 'not_found', instance: 'urn:request:req-123' });
  });

  it('reports health with the state of PostgreSQL and Redis', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ postgres: { status: 'up' }, redis: { status: 'up' } });
  });

  it('answers health 503 when PostgreSQL cannot be reached', async () => {
    const down = await startTestApp({ databaseUrl: 'postgres://postgres@127.0.0.1:1/kioku' });
    try {
      const res = await down.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'down', postgres: { status: 'down' } });
    } finally {
      await down.close();
    }
  });
});
