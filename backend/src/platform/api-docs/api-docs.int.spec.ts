// Issue 18: GET /api/docs serves an OpenAPI document generated from the routes and the zod schemas that validate
// them; every call of SPEC §7 is listed, with its request schema where it takes one, and its answer's schema where
// the route declares one from the API contract (@Answers).
import { startTestApp, TestApp } from '../../../test/http-app';

/**
 * SPEC §7, "The calls it makes", each with the input SPEC names for it (path parameters, query parameters, body
 * fields). POST /checkout is the subscription page's form post: it sends nothing but its CSRF token.
 */
const SPEC_CALLS: Array<{ call: string; path?: string[]; query?: string[]; body?: string[] }> = [
  { call: 'get /api/users/profile' },
  { call: 'get /api/flashcard', query: ['course', 'material_type', 'material_id'] },
  { call: 'post /api/flashcard', body: ['id', 'grade', 'fetch_new'] },
  { call: 'get /api/kanji', query: ['course'] },
  { call: 'get /api/kanji/{id}', path: ['id'], query: ['character'] },
  { call: 'get /api/kana/{kana}', path: ['kana'], query: ['kana'] },
  { call: 'get /api/vocabs', query: ['course'] },
  { call: 'get /api/vocabs/{id}', path: ['id'] },
  { call: 'get /api/users/course_mastery', query: ['course'] },
  { call: 'get /api/users/stats', query: ['course'] },
  { call: 'post /api/users/timezone', body: ['timezone'] },
  { call: 'get /api/users/subscription_status', query: ['checkout_session_id'] },
  { call: 'patch /api/users/settings', body: ['keyboard_shortcuts', 'audio_autoplay', 'vocab_prompt', 'furigana'] },
  { call: 'post /checkout' },
  { call: 'get /api/admin/materials', query: ['type', 'level', 'course'] },
  { call: 'get /api/admin/materials/{id}', path: ['id'], query: ['type'] },
  { call: 'patch /api/admin/materials/{id}', path: ['id'], body: ['type', 'grade', 'vocab_id', 'vocab', 'sentence', 'kana'] },
  { call: 'post /api/admin/materials/{id}/actions', path: ['id'], body: ['type', 'actions'] },
  { call: 'get /api/admin/kanji', query: ['level'] },
  { call: 'get /api/admin/kanji/{id}', path: ['id'] },
  { call: 'get /api/admin/users' },
  { call: 'get /api/admin/users/{id}', path: ['id'], query: ['course'] },
];

describe('GET /api/docs (issue 18)', () => {
  let t: TestApp;
  type Schema = { properties?: Record<string, unknown>; required?: string[] };
  let doc: {
    openapi: string;
    paths: Record<string, Record<string, { parameters: Array<{ name: string; in: string }>; requestBody?: { content: Record<string, { schema: Schema }> }; responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>>;
  };
  beforeAll(async () => {
    t = await startTestApp();
    const res = await t.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  it('is an OpenAPI 3.1 document listing every call of SPEC §7', () => {
    expect(doc.openapi).toBe('3.1.0');
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    expect(SPEC_CALLS.map((c) => c.call).filter((c) => !listed.includes(c))).toEqual([]);
  });

  it('gives every SPEC §7 call a schema for the input it takes and for its answer', () => {
    const gaps: string[] = [];
    for (const { call, path = [], query = [], body = [] } of SPEC_CALLS) {
      const [method, route] = call.split(' ');
      const operation = doc.paths[route][method];
      const parameters = operation.parameters.map((p) => `${p.in}:${p.name}`);
      for (const name of path) if (!parameters.includes(`path:${name}`)) gaps.push(`${call}: path parameter ${name}`);
      for (const name of query) if (!parameters.includes(`query:${name}`)) gaps.push(`${call}: query parameter ${name}`);
      const bodySchema = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
      for (const name of body) if (!(name in (bodySchema?.properties ?? {}))) gaps.push(`${call}: body field ${name}`);
      const success = Object.entries(operation.responses).filter(([status]) => /^2\d\d$/.test(status));
      const answer = success[0]?.[1].content?.['application/json']?.schema;
      if (success.length !== 1 || Object.keys(answer?.properties ?? {}).length === 0) gaps.push(`${call}: answer schema`);
    }
    expect(gaps).toEqual([]);
  });

  it('describes requests with the schemas that validate them', () => {
    const grade = doc.paths['/api/flashcard'].post.requestBody!.content['application/json'].schema;
    expect(Object.keys(grade.properties ?? {})).toEqual(expect.arrayContaining(['id', 'grade', 'fetch_new', 'version']));
    expect(doc.paths['/api/flashcard'].get.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(['query:course', 'query:material_type', 'query:material_id']));
    expect(doc.paths['/api/kanji/{id}'].get.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(['path:id']));
    const timezone = doc.paths['/api/users/timezone'].post.requestBody!.content['application/json'].schema;
    expect(Object.keys(timezone.properties ?? {})).toContain('timezone');
  });

  it('describes the study answers with the contract schemas the frontend parses them with', () => {
    for (const [path, method] of [['/api/flashcard', 'get'], ['/api/flashcard', 'post'], ['/api/flashcard/undo', 'post']]) {
      const answer = doc.paths[path][method].responses['200']?.content?.['application/json'].schema;
      expect(answer?.properties ?? {}).toHaveProperty('flashcard');
      expect(answer?.required).toContain('review_count');
    }
    // the typed answer's check and the card's wrong answers (issue 31)
    expect(doc.paths['/api/flashcard/check'].post.responses['200'].content!['application/json'].schema.required).toEqual(expect.arrayContaining(['verdict', 'retry', 'diagnosis']));
    expect(doc.paths['/api/flashcard/wrong-answers'].get.responses['200'].content!['application/json'].schema.required).toContain('wrong_answers');
    // io 'output': what the page has once parsed, so a defaulted field is always there
    expect(doc.paths['/api/flashcard'].get.responses['200'].content!['application/json'].schema.required).toContain('new_available');
    // the status is the route's own: 202 for the actions, 201 for a sign-up
    expect(Object.keys(doc.paths['/api/admin/materials/{id}/actions'].post.responses)).toContain('202');
    expect(Object.keys(doc.paths['/api/auth/sign_up'].post.responses)).toContain('201');
    // a route that answers no JSON (a redirect) is described generically; sign-out is a POST only (issue 28)
    expect(Object.keys(doc.paths['/users/sign_out'].post.responses)).toContain('2XX');
    expect(doc.paths['/users/sign_out'].get).toBeUndefined();
  });
});
