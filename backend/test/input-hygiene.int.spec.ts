// Issue 16 item 2: no 5xx from bad input. NUL bytes (and lone surrogates) in the path, the query, a JSON body or
// a form body of every route, signed in as a learner and as an admin, answer 400 problem+json naming the field;
// they never reach PostgreSQL, are never logged as errors, and the app keeps serving. The dictionary's path
// parameters have tight schemas; PostgreSQL input errors that would still slip through answer 400, not 500.
import { Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { eventually, multipartBody, startAdminTestApp, AdminTestContext } from '../src/admin/testing/admin-test-app';
import type { InjectResponse, TestUser } from '../src/accounts/testing/test-session';
import { findBadCharacter } from '../src/platform/http/input-hygiene';
import { postgresInputError, sendProblem, toProblemError } from '../src/platform/http/problem.filter';
import { registeredRoutes as allRoutes } from './routes';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
interface Case {
  method: Method;
  url: string;
  as?: 'learner' | 'admin';
  body?: unknown;
  /** a urlencoded form body (the `_csrf` token is added) */
  form?: Record<string, string>;
  /** the field the problem must name */
  field: string;
}

const NUL = '\u0000';

describe('input hygiene: NUL and invalid characters never reach PostgreSQL (issue 16)', () => {
  let t: AdminTestContext;
  let errors: jest.SpyInstance;
  let vocabId: number;
  let kanjiId: number;
  beforeAll(async () => {
    t = await startAdminTestApp();
    vocabId = (await t.db.pool.query<{ id: number }>('select id from vocab_entries order by id limit 1')).rows[0].id;
    kanjiId = (await t.db.pool.query<{ id: number }>('select id from kanji_entries order by id limit 1')).rows[0].id;
    errors = jest.spyOn(Logger.prototype, 'error');
  });
  afterAll(async () => {
    errors.mockRestore();
    await t.close();
  });

  const send = async (c: Case): Promise<InjectResponse> => {
    const user: TestUser = c.as === 'admin' ? t.admin : t.learner;
    if (c.form) return user.session.send(c.method, c.url, { form: { _csrf: await user.session.csrfToken(), ...c.form } });
    return user.session.send(c.method, c.url, c.body === undefined ? {} : { body: c.body });
  };

  const registeredRoutes = () => allRoutes(t.app.app);

  /** The route a URL of a case exercises, written the way fastify lists it. */
  const routeOf = (c: Case) => {
    const path = c.url.split('?')[0];
    const patterns: [RegExp, string][] = [
      [/^\/api\/admin\/users\/[^/]+\/admin$/, '/api/admin/users/:id/admin'],
      [/^\/api\/admin\/users\/[^/]+$/, '/api/admin/users/:id'],
      [/^\/api\/admin\/materials\/[^/]+\/actions$/, '/api/admin/materials/:id/actions'],
      [/^\/api\/admin\/materials\/[^/]+$/, '/api/admin/materials/:id'],
      [/^\/api\/admin\/kanji\/[^/]+$/, '/api/admin/kanji/:id'],
      [/^\/api\/read\/(texts|queue)\/[^/]+$/, '/api/read/$1/:id'],
      [/^\/api\/(kanji|vocabs)\/[^/]+$/, '/api/$1/:id'],
      [/^\/api\/kana\/[^/]+$/, '/api/kana/:kana'],
      [/^\/api\/strokes\/[^/]+$/, '/api/strokes/:character'],
      [/^\/admin\/queues\/.+$/, '/admin/queues*'],
      [/^\/media\/tmp\/[^/]+$/, '/media/tmp/:name'],
      [/^\/media\/(?!tmp\/)[^/]+$/, '/media/:name'],
    ];
    for (const [re, to] of patterns) if (re.test(path)) return `${c.method} ${path.replace(re, to)}`;
    return `${c.method} ${registeredRoutes().some((r) => r === `${c.method} ${path}`) ? path : '*'}`;
  };

  function cases(): Case[] {
    const learnerId = t.learner.id;
    const material = `/api/admin/materials/${vocabId}`;
    return [
      // Path parameters (the issue's two 500s first).
      { method: 'GET', url: '/api/kana/%00?kana=true', field: 'kana' },
      { method: 'GET', url: '/api/kanji/%00', field: 'id' },
      { method: 'GET', url: '/api/vocabs/%00', field: 'id' },
      { method: 'GET', url: '/api/flashcard/wrong-answers?id=vocab-1%00', field: 'id' },
      { method: 'GET', url: '/api/strokes/%00', field: 'character' },
      { method: 'GET', url: '/media/%00', field: 'name' },
      { method: 'GET', url: '/media/tmp/a%00.png', field: 'name' },
      { method: 'GET', url: '/kana%00', field: '(path)' },
      { method: 'GET', url: '/api/admin/users/%00', as: 'admin', field: 'id' },
      { method: 'POST', url: '/api/admin/users/%00/admin', as: 'admin', field: 'id' },
      { method: 'DELETE', url: '/api/admin/users/%00/admin', as: 'admin', field: 'id' },
      { method: 'GET', url: '/api/admin/materials/1%00?type=vocab', as: 'admin', field: 'id' },
      { method: 'PATCH', url: '/api/admin/materials/%00', as: 'admin', body: { type: 'vocab', version: 1 }, field: 'id' },
      { method: 'POST', url: '/api/admin/materials/%00/actions', as: 'admin', body: { type: 'vocab', actions: ['fetch_audio'] }, field: 'id' },
      { method: 'GET', url: '/api/admin/kanji/%00', as: 'admin', field: 'id' },
      { method: 'GET', url: '/api/read/texts/%00', field: 'id' },
      { method: 'DELETE', url: '/api/read/texts/%00', field: 'id' },
      { method: 'DELETE', url: '/api/read/queue/%00', field: 'id' },
      // Query strings: values, keys, repeated keys.
      { method: 'GET', url: `/api/kana/${encodeURIComponent('か')}?kana=tr%00ue`, field: 'kana' },
      { method: 'GET', url: '/api/kana?%00=1', field: '\\u0000' },
      { method: 'GET', url: '/api/kanji?course=kanji1%00', field: 'course' },
      { method: 'GET', url: '/api/vocabs?course=vocab1&tab=a%00', field: 'tab' },
      { method: 'GET', url: '/api/flashcard?course=kana&course=%00', field: 'course.1' },
      { method: 'GET', url: '/api/users/stats?course=%00', field: 'course' },
      { method: 'GET', url: '/api/dashboard?x=%00', field: 'x' },
      { method: 'GET', url: '/api/read/texts?x=%00', field: 'x' },
      { method: 'GET', url: '/api/read/queue?x=%00', field: 'x' },
      { method: 'GET', url: '/api/users/course_mastery?course=%00', field: 'course' },
      { method: 'GET', url: '/api/users/profile?x=%00', field: 'x' },
      { method: 'GET', url: '/api/users/subscription_status?checkout_session_id=cs_%00', field: 'checkout_session_id' },
      { method: 'GET', url: '/api/health?x=%00', field: 'x' },
      { method: 'GET', url: '/api/leeches?x=%00', field: 'x' },
      { method: 'GET', url: '/api/study/catch-up?course=%00', field: 'course' },
      { method: 'GET', url: '/api/pages/course?course=kana%00', field: 'course' },
      { method: 'GET', url: '/api/docs?x=%00', field: 'x' },
      { method: 'GET', url: '/api/auth/csrf?x=%00', field: 'x' },
      { method: 'GET', url: '/users/sign_out?next=%00', field: 'next' },
      { method: 'GET', url: '/billing/portal?x=%00', field: 'x' },
      { method: 'GET', url: '/admin/queues?x=%00', as: 'admin', field: 'x' },
      { method: 'GET', url: '/admin/queues/api/queues?x=%00', as: 'admin', field: 'x' },
      { method: 'GET', url: '/api/admin/users?x=%00', as: 'admin', field: 'x' },
      { method: 'GET', url: `/api/admin/users/${learnerId}?course=%00`, as: 'admin', field: 'course' },
      { method: 'GET', url: '/api/admin/materials?type=vocab&q=%00', as: 'admin', field: 'q' },
      { method: 'GET', url: `${material}?type=vocab%00`, as: 'admin', field: 'type' },
      { method: 'GET', url: '/api/admin/kanji?course=%00', as: 'admin', field: 'course' },
      { method: 'GET', url: '/api/admin/history?stream=user-%00', as: 'admin', field: 'stream' },
      { method: 'POST', url: '/api/stripe/webhook?x=%00', body: { id: 'evt_1' }, field: 'x' },
      // JSON bodies: values, nested values, keys, lone surrogates.
      { method: 'POST', url: '/api/auth/sign_up', body: { name: `Ai${NUL}ko`, email: 'aiko@example.test', password: 'correct horse battery' }, field: 'name' },
      { method: 'POST', url: '/api/auth/sign_in', body: { email: `a${NUL}@example.test`, password: 'x' }, field: 'email' },
      { method: 'POST', url: '/api/auth/password_reset', body: { email: NUL }, field: 'email' },
      { method: 'POST', url: '/api/auth/password_reset/confirm', body: { token: `t${NUL}`, password: 'correct horse battery' }, field: 'token' },
      { method: 'POST', url: '/api/users/password', body: { current_password: NUL, new_password: 'correct horse battery' }, field: 'current_password' },
      { method: 'PATCH', url: '/api/users/profile', body: { name: `a${NUL}b` }, field: 'name' },
      { method: 'PATCH', url: '/api/users/profile', body: { name: 'a\uD800b' }, field: 'name' },
      { method: 'PATCH', url: '/api/users/settings', body: { [`daily${NUL}goal`]: 1 }, field: 'daily\\u0000goal' },
      { method: 'POST', url: '/api/users/timezone', body: { timezone: `Asia/Tokyo${NUL}` }, field: 'timezone' },
      { method: 'POST', url: '/api/users/updates_read', body: { x: NUL }, field: 'x' },
      { method: 'DELETE', url: '/api/users/me', body: { password: NUL }, field: 'password' },
      { method: 'POST', url: '/api/flashcard', body: { id: `vocab-1${NUL}`, grade: 3 }, field: 'id' },
      { method: 'POST', url: '/api/flashcard/undo', body: { id: `vocab-1${NUL}` }, field: 'id' },
      { method: 'POST', url: '/api/read/analyse', body: { text: `猫${NUL}` }, field: 'text' },
      { method: 'POST', url: '/api/read/texts', body: { title: `a${NUL}`, text: '猫' }, field: 'title' },
      { method: 'POST', url: '/api/read/queue', body: { vocab_ids: [1], text_id: `x${NUL}` }, field: 'text_id' },
      { method: 'POST', url: '/api/flashcard/check', body: { id: 'vocab-1', reading: `か${NUL}` }, field: 'reading' },
      { method: 'POST', url: '/api/leeches/relearn', body: { id: `vocab-1${NUL}` }, field: 'id' },
      { method: 'POST', url: '/api/users/vacation', body: { returns_on: `2027-01-01${NUL}` }, field: 'returns_on' },
      { method: 'POST', url: '/api/users/vacation/end', body: { x: NUL }, field: 'x' },
      { method: 'POST', url: '/api/study/catch-up', body: { course: `kana${NUL}`, days: 7 }, field: 'course' },
      { method: 'POST', url: '/api/study/catch-up/continue', body: { course: NUL }, field: 'course' },
      { method: 'POST', url: '/api/study/catch-up/drop', body: { course: NUL }, field: 'course' },
      { method: 'POST', url: '/checkout', body: { plan: NUL }, field: 'plan' },
      { method: 'POST', url: '/billing/portal', body: { x: '\uDC00' }, field: 'x' },
      { method: 'POST', url: '/users/sign_out', body: { x: NUL }, field: 'x' },
      { method: 'POST', url: `/api/admin/users/${learnerId}/admin`, as: 'admin', body: { reason: NUL }, field: 'reason' },
      { method: 'DELETE', url: `/api/admin/users/${learnerId}/admin`, as: 'admin', body: { reason: NUL }, field: 'reason' },
      { method: 'PATCH', url: material, as: 'admin', body: { type: 'vocab', version: 1, breakdown: [{ word: `食べ${NUL}`, meaning: 'eat' }] }, field: 'breakdown.0.word' },
      { method: 'POST', url: material, as: 'admin', body: { _method: 'patch', type: 'vocab', meaning: `eat${NUL}` }, field: 'meaning' },
      { method: 'POST', url: `${material}/actions`, as: 'admin', body: { type: 'vocab', actions: [`fetch_audio${NUL}`] }, field: 'actions.0' },
      // Form bodies (application/x-www-form-urlencoded).
      { method: 'POST', url: '/api/auth/sign_in', form: { email: `a${NUL}@example.test`, password: 'x' }, field: 'email' },
      { method: 'POST', url: '/users/sign_out', form: { next: NUL }, field: 'next' },
      { method: 'POST', url: '/checkout', form: { plan: NUL }, field: 'plan' },
      { method: 'POST', url: '/billing/portal', form: { return_to: `/settings${NUL}` }, field: 'return_to' },
      { method: 'PATCH', url: '/api/users/profile', form: { name: NUL }, field: 'name' },
    ];
  }

  it('answers 400 problem+json naming the field for every route, never 5xx, never an error in the log', async () => {
    const all = cases();
    // Every route (but the webhook's signed body and the single-page fallback's own file) is exercised.
    const covered = new Set(all.map(routeOf));
    const missing = registeredRoutes().filter((r) => !covered.has(r));
    expect(missing).toEqual([]);

    const failures: string[] = [];
    for (const c of all) {
      const res = await send(c);
      const body = String(res.headers['content-type'] ?? '').includes('json') ? res.json() : null;
      const named = (body?.errors ?? []).map((e: { field: string }) => e.field);
      if (res.statusCode !== 400 || !/application\/problem\+json/.test(String(res.headers['content-type'])) || !named.includes(c.field)) {
        failures.push(`${c.method} ${c.url}${c.form ? ' (form)' : ''} as ${c.as ?? 'learner'} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    console.log(`input hygiene: ${all.length} hostile requests sent to ${covered.size} routes`);
    expect(failures).toEqual([]);
    expect(errors).not.toHaveBeenCalled();

    // Still serving, and the refused writes changed nothing.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const profile = await t.learner.session.get('/api/users/profile');
    expect(profile.statusCode).toBe(200);
    expect(JSON.stringify(profile.json())).not.toContain('\\u0000');
    expect((await t.db.pool.query(`select count(*)::int as n from users where email = 'aiko@example.test'`)).rows[0].n).toBe(0);
  });

  it('refuses a NUL in a multipart upload form with 400 naming the field', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const { payload, contentType } = multipartBody({ _method: 'patch', type: `vocab${NUL}` }, { field: 'image', name: 'a.png', type: 'image/png', bytes: png });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/materials/${vocabId}`,
      headers: { 'content-type': contentType, 'x-xsrf-token': await t.admin.session.csrfToken() },
      cookies: Object.fromEntries(t.admin.session.cookies),
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain('type');
  });

  it('answers a path that is not UTF-8 or not decodable with 400 problem+json', async () => {
    for (const url of ['/api/kana/%E0%A4%A', '/api/kanji/%ED%A0%80', '/media/%FF']) {
      const res = await t.learner.session.get(url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.json().errors[0].field).toBe('(path)');
    }
  });

  it('checks the dictionary path parameters: a kana is 1–3 kana, a kanji one CJK character', async () => {
    const get = (url: string) => t.learner.session.get(url);
    const field = async (url: string) => {
      const res = await get(url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
      return res.json().errors[0].field;
    };
    expect((await get(`/api/kana/${encodeURIComponent('きゃ')}?kana=true`)).statusCode).toBe(200);
    expect((await get(`/api/kana/${encodeURIComponent('か')}`)).statusCode).toBe(200);
    expect((await get(`/api/kana/${encodeURIComponent('ゐ')}?kana=true`)).statusCode).toBe(404);
    expect(await field('/api/kana/abc?kana=true')).toBe('kana');
    expect(await field(`/api/kana/${encodeURIComponent('ああああ')}`)).toBe('kana');
    expect(await field(`/api/kana/${encodeURIComponent('日')}?kana=true`)).toBe('kana');
    expect(await field('/api/kana/12abc')).toBe('kana');

    expect((await get(`/api/kanji/${encodeURIComponent('日')}`)).statusCode).toBe(200);
    expect((await get(`/api/kanji/${kanjiId}`)).statusCode).toBe(200);
    expect(await field('/api/kanji/a')).toBe('id');
    expect(await field(`/api/kanji/${encodeURIComponent('か')}`)).toBe('id');
    expect(await field(`/api/kanji/${encodeURIComponent('日本')}?character=true`)).toBe('id');
    expect(await field(`/api/kanji/${encodeURIComponent('😀')}`)).toBe('id');
  });

  it('answers PostgreSQL input errors that slip through with 400, logged as a warning and not as an error', async () => {
    const failure = (sql: string, values: unknown[]) => t.db.pool.query(sql, values).then(() => null, (e: unknown) => e);
    const nul = await failure('select $1::text', [`a${NUL}`]);
    const uuid = await failure('select $1::uuid', ['not-a-uuid']);
    const jsonb = await failure(`select $1::jsonb`, ['{"a": "\\u0000"}']);
    const range = await failure('select $1::int', ['99999999999']);
    const bug = await failure('select 1 / 0', []);
    expect([nul, uuid, jsonb, range].map((e) => postgresInputError(e)?.code)).toEqual(['22021', '22P02', '22P05', '22003']);
    for (const e of [nul, uuid, jsonb, range, { message: 'wrapped', cause: nul }]) {
      expect(toProblemError(e)).toMatchObject({ status: 400, code: 'validation_failed' });
    }
    // Division by zero is our bug, not the request's: still 500 and logged as an error.
    expect(postgresInputError(bug)).toBeNull();
    expect(toProblemError(bug)).toBeNull();

    const sent: { status?: number; body?: unknown } = {};
    const reply = {
      header: () => reply,
      status: (s: number) => ((sent.status = s), reply),
      type: () => reply,
      send: (b: unknown) => ((sent.body = b), reply),
    } as unknown as FastifyReply;
    const logger = { warn: jest.fn(), error: jest.fn() } as unknown as Logger;
    sendProblem(reply, undefined, nul, logger);
    expect(sent.status).toBe(400);
    expect(sent.body).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(logger.error).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalledWith(expect.objectContaining({ sqlstate: '22021' }));
  });

  it('scans deeply nested bodies without overflowing the stack', async () => {
    // JSON text written by hand: JSON.stringify itself would overflow on this nesting.
    const deep = `${'['.repeat(50_000)}"x\\u0000"${']'.repeat(50_000)}`;
    expect(findBadCharacter(JSON.parse(deep))?.message).toMatch(/NUL/);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': await t.learner.session.csrfToken() },
      cookies: Object.fromEntries(t.learner.session.cookies),
      payload: `{"name": ${deep}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toMatch(/^name(\.0)+…$/);
    expect(res.body.length).toBeLessThan(2_000);
    await eventually('health', async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200);
  });
});
