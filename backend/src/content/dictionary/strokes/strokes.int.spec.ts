import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestApp, TestApp } from '../../../../test/http-app';
import { createIsolatedDatabase } from '../../../../test/test-db';
import { signUpTestUser, TestUser } from '../../../accounts/testing/test-session';
import { CONTENT_DIR } from '../../load/load-content';

const url = (character: string) => `/api/strokes/${encodeURIComponent(character)}`;

describe('GET /api/strokes/:character', () => {
  let db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: TestApp;
  let learner: TestUser;
  const committed = JSON.parse(readFileSync(join(CONTENT_DIR, 'strokes.json'), 'utf8')) as Record<string, string[]>;
  beforeAll(async () => {
    db = await createIsolatedDatabase();
    app = await startTestApp({ databaseUrl: db.url });
    learner = await signUpTestUser(app.inject);
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('needs a session', async () => {
    expect((await app.inject({ method: 'GET', url: url('語') })).statusCode).toBe(401);
  });

  it('gives the SVG path of every stroke of a kanji, in order', async () => {
    const res = await learner.session.get(url('語'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = res.json();
    expect(body).toEqual({ character: '語', strokes: committed['語'] });
    expect(body.strokes).toHaveLength(14);
    for (const d of body.strokes) expect(d).toMatch(/^M[\d.,-]+[cCsSlL]/);
  });

  it('has kana too: small ones, ヴ and the long-vowel mark', async () => {
    for (const [kana, strokes] of [['あ', 3], ['ゃ', 3], ['ヴ', 5], ['ー', 1], ['ッ', 3]] as const) {
      const res = await learner.session.get(url(kana));
      expect(res.statusCode).toBe(200);
      expect(res.json().strokes).toHaveLength(strokes);
    }
    // A jōyō kanji outside the Basic Multilingual Plane (a surrogate pair in UTF-16).
    expect((await learner.session.get(url('𠮟'))).json().strokes).toHaveLength(5);
  });

  it('answers 404 for a character without stroke data', async () => {
    const res = await learner.session.get(url('鬯'));
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('refuses anything but exactly one kanji or kana with 400 naming the field', async () => {
    for (const bad of ['日本', 'a', '1', '!', 'か\u3099', '😀']) {
      const res = await learner.session.get(url(bad));
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.json().errors).toEqual([{ field: 'character', message: 'Expected exactly one kanji or kana character.' }]);
    }
  });

  it('caches privately for a day with an ETag, and answers 304 on If-None-Match', async () => {
    const first = await learner.session.get(url('日'));
    expect(first.headers['cache-control']).toBe('private, max-age=86400');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await learner.session.get(url('日'), { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const other = await learner.session.get(url('月'), { headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });
});
