// Issue 18: GET /api/docs serves an OpenAPI document generated from the routes and the zod schemas that validate
// them; every call of SPEC §7 is listed, with its request schema where it takes one, and its answer's schema where
// the route declares one from the API contract (@Answers).
import { startTestApp, TestApp } from '../../../test/http-app';

/** SPEC §7, "The calls it makes" (POST /checkout is the form post of the subscription page). */
const SPEC_CALLS = [
  'get /api/users/profile',
  'get /api/flashcard',
  'post /api/flashcard',
  'get /api/kanji',
  'get /api/kanji/{id}',
  'get /api/kana/{kana}',
  'get /api/vocabs',
  'get /api/vocabs/{id}',
  'get /api/users/course_mastery',
  'get /api/users/stats',
  'post /api/users/timezone',
  'get /api/users/subscription_status',
  'patch /api/users/settings',
  'post /checkout',
  'get /api/admin/materials',
  'get /api/admin/materials/{id}',
  'patch /api/admin/materials/{id}',
  'post /api/admin/materials/{id}/actions',
  'get /api/admin/kanji',
  'get /api/admin/kanji/{id}',
  'get /api/admin/users',
  'get /api/admin/users/{id}',
];

describe('GET /api/docs (issue 18)', () => {
  let t: TestApp;
  type Schema = { properties?: Record<string, unknown>; required?: string[] };
  let doc: {
    openapi: string;
    paths: Record<string, Record<string, { parameters: Array<{ name: string; in: string }>; requestBody?: { content: { 'application/json': { schema: Schema } } }; responses: Record<string, { content?: { 'application/json': { schema: Schema } } }> }>>;
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
    expect(SPEC_CALLS.filter((c) => !listed.includes(c))).toEqual([]);
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
    // io 'output': what the page has once parsed, so a defaulted field is always there
    expect(doc.paths['/api/flashcard'].get.responses['200'].content!['application/json'].schema.required).toContain('new_available');
    // a route that declares no answer schema yet is described generically
    expect(Object.keys(doc.paths['/api/users/profile'].get.responses)).toContain('2XX');
  });
});
