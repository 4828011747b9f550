// Issue 16: hostile input to every route, signed in as a learner and as an admin. NUL bytes, lone surrogates,
// huge strings, wrong types, arrays for scalars, broken JSON, deep nesting, unicode edge cases and path traversal
// in path parameters, query strings and bodies: no answer is a 5xx (a 503 saying a service is not configured is
// allowed), nothing is logged as an error, and the app still serves afterwards. Prints the number of requests.
import { Logger } from '@nestjs/common';
import { startAdminTestApp, AdminTestContext } from '../src/admin/testing/admin-test-app';
import type { TestUser } from '../src/accounts/testing/test-session';
import { registeredRoutes } from './routes';

const HUGE = 'x'.repeat(100_000);
/** Raw (already percent-encoded) values for path segments and query values. */
const URL_VALUES = [
  '%00',
  'a%00b',
  '%ED%A0%80', // a lone surrogate, UTF-8 encoded
  '%FF%FE',
  '..%2F..%2Fetc%2Fpasswd',
  '..',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999',
  '1.5',
  'null',
  '%5B%5D', // []
  '%7B%7D', // {}
  encodeURIComponent('😀'),
  encodeURIComponent('\u202Eevil'),
  encodeURIComponent("'; drop table users; --"),
  encodeURIComponent('<script>alert(1)</script>'),
  '%20',
  'x'.repeat(5_000),
];
const QUERY_KEYS = ['x', 'course', 'id', 'tab', 'page', 'q', 'filter', 'limit', 'offset', 'material_type', 'material_id', 'after', 'fetch_new', 'kana', 'character', 'checkout_session_id', 'next', 'token', 'type', 'sort'];
const FIELD_NAMES = ['id', 'grade', 'name', 'email', 'password', 'current_password', 'new_password', 'timezone', 'course', 'type', 'actions', 'vocab_id', 'version', 'fetch_new', 'plan', 'return_to', 'next', 'token', 'settings', 'data', 'set', 'reason', 'admin', 'text', 'is_approved', 'returns_on', 'days'];
const FIELD_VALUES: unknown[] = [null, true, -1, 1e308, 2 ** 53 + 1, '', '\u0000', '\uD800', HUGE, [], [1, 'a', null], {}, { $ne: 1 }, { nested: { deeper: [[[[]]]] } }, '../../etc/passwd', '😀\u202E', 'NaN'];
/** Bodies that are not what any route expects (sent as application/json unless said otherwise). */
const RAW_BODIES: Array<{ payload: string; type?: string }> = [
  { payload: '{' },
  { payload: '[' },
  { payload: 'null' },
  { payload: '"text"' },
  { payload: '12' },
  { payload: '[]' },
  { payload: '{"a":' .repeat(1) + '1}' },
  { payload: '['.repeat(5_000) + ']'.repeat(5_000) },
  { payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
  { payload: `{"name":"${'\\u0000'}"}` },
  { payload: `{"a":"${HUGE}"}` },
  { payload: 'x'.repeat(2_000_000) },
  { payload: 'name=%00&_csrf=nope', type: 'application/x-www-form-urlencoded' },
  { payload: '<xml/>', type: 'application/xml' },
  { payload: '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n\u0000\r\n--b--\r\n', type: 'multipart/form-data; boundary=b' },
  { payload: '\u0000\u0001\u0002', type: 'application/octet-stream' },
];

// Routes whose ordinary effect would end the fuzzing session (they are covered by their own tests).
const SKIPPED = new Set(['GET /users/sign_out', 'POST /users/sign_out']);

describe('fuzz: hostile input to every route (issue 16)', () => {
  let t: AdminTestContext;
  let errors: jest.SpyInstance;
  beforeAll(async () => {
    t = await startAdminTestApp();
    errors = jest.spyOn(Logger.prototype, 'error');
  });
  afterAll(async () => {
    errors.mockRestore();
    await t.close();
  });

  // 32k requests: about 25 s alone here, longer beside the other suites in CI, so the test sets its own limit
  // and keeps a few requests in flight (the app is in-process; concurrency only overlaps database waits).
  it('never answers 5xx, never logs an error, and keeps serving', async () => {
    const routes = registeredRoutes(t.app.app).filter((r) => !SKIPPED.has(r));
    const tokens = new Map<TestUser, string>();
    const failures: string[] = [];
    let sent = 0;
    const statuses = new Map<number, number>();

    const send = async (user: TestUser, method: string, url: string, payload?: string, type = 'application/json') => {
      const res = await t.app.app.inject({
        method: method as 'GET',
        url,
        headers: { 'x-xsrf-token': tokens.get(user)!, 'x-forwarded-for': '10.9.8.7', ...(payload !== undefined ? { 'content-type': type } : {}) },
        cookies: Object.fromEntries(user.session.cookies),
        payload,
      });
      sent++;
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const notConfigured = res.statusCode === 503 && /not_configured|not configured/.test(res.body);
      if (res.statusCode >= 500 && !notConfigured) failures.push(`${method} ${url.slice(0, 120)} ${payload?.slice(0, 60) ?? ''} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    };

    const queued: Array<() => Promise<void>> = [];
    const enqueue = (...args: Parameters<typeof send>) => queued.push(() => send(...args));
    for (const user of [t.learner, t.admin]) {
      tokens.set(user, await user.session.csrfToken());
      for (const route of routes) {
        const [method, pattern] = route.split(' ');
        const params = pattern.match(/:[a-z_]+/g) ?? [];
        const filled = (value: string) => pattern.replace(/:[a-z_]+/g, value).replace('*', value);
        const base = filled('1');
        // Path parameters.
        if (params.length || pattern.includes('*')) for (const v of URL_VALUES) enqueue(user, method, filled(v));
        // Query strings: hostile values, repeated keys, hostile keys.
        for (const key of QUERY_KEYS) for (const v of URL_VALUES.slice(0, 8)) enqueue(user, method, `${base}?${key}=${v}`);
        enqueue(user, method, `${base}?course=kana&course=vocab1&course=%00`);
        enqueue(user, method, `${base}?${'%00'}=1&${'a'.repeat(3_000)}=2`);
        if (method === 'GET' || method === 'DELETE') continue;
        // Bodies: every field name with every wrong value, then raw bodies.
        for (const field of FIELD_NAMES) for (const value of FIELD_VALUES) enqueue(user, method, base, JSON.stringify({ [field]: value }));
        for (const b of RAW_BODIES) enqueue(user, method, base, b.payload, b.type);
      }
    }
    const IN_FLIGHT = 8;
    let taken = 0;
    await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
      while (taken < queued.length) await queued[taken++]();
    }));
    const histogram = [...statuses].sort((a, b) => a[0] - b[0]).map(([status, n]) => `${status}×${n}`).join(' ');
    console.log(`fuzz: ${sent} hostile requests to ${routes.length} routes as a learner and as an admin, ${failures.length} 5xx; answers ${histogram}`);
    // The requests reached the handlers' checks: most are refused as bad input, not turned away at the door.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(sent / 3);
    expect(failures.slice(0, 20)).toEqual([]);
    expect(errors.mock.calls.map((c) => String(c[0]).slice(0, 200)).slice(0, 10)).toEqual([]);

    // Still serving, for both.
    expect((await t.app.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.learner.session.get('/api/users/profile')).statusCode).toBe(200);
    expect((await t.learner.session.get('/api/flashcard?course=kana')).statusCode).toBe(200);
    expect((await t.admin.session.get('/api/admin/users')).statusCode).toBe(200);
  }, 300_000);
});
