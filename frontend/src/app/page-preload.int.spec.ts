import { ApiError } from '../lib/api';
import { createQueryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';
import { mockFetch, problem } from '../test/fetch-mock';
import { masteryFixture, nextCard, profileFixture, statsFixture } from '../test/fixtures';
import { coursePagePath, startPagePreload } from './page-preload';

describe('the course page preloaded with index.html (issue 31)', () => {
  it('names the one call of a course page, and none for other pages', () => {
    expect(coursePagePath('/kana')).toBe('/api/pages/course?course=kana');
    expect(coursePagePath('/vocab3/')).toBe('/api/pages/course?course=vocab3');
    for (const other of ['/', '/settings', '/kana/x', '/admin/kana']) expect(coursePagePath(other)).toBeNull();
  });

  it('answers the profile, next-card, stats, awards and catch-up queries from one request, with the credentials the preload has', async () => {
    const catchUp = { reviews_due: 2, usual_daily: 5, offer: null, plan: null };
    const page = { profile: profileFixture(), flashcard: nextCard({ review_count: 2 }), stats: statsFixture(), mastery: { ...masteryFixture(), course: 'kana' }, catch_up: catchUp };
    const api = mockFetch({ 'GET /api/pages/course?course=kana': { body: page } });
    const client = createQueryClient({ retry: false });
    expect(startPagePreload(client, '/kana')).toBe(true);
    const profile = await client.fetchQuery({ queryKey: queryKeys.profile, queryFn: () => Promise.reject(new Error('not asked again')) });
    expect(profile).toMatchObject({ email: page.profile.email });
    expect(client.getQueryData([...queryKeys.study('kana'), 'next'])).toMatchObject({ review_count: 2 });
    expect(client.getQueryData([...queryKeys.progress('kana'), 'stats'])).toMatchObject({ levels: expect.any(Array) });
    expect(client.getQueryData([...queryKeys.progress('kana'), 'mastery'])).toMatchObject({ course: 'kana' });
    // The catch-up plan under the key the study panel asks with (it holds the review count).
    expect(client.getQueryData([...queryKeys.study('kana'), 'catch-up', 2])).toEqual(catchUp);
    expect(api.calls).toHaveLength(1);
    expect(api.fn.mock.calls[0][1]).toEqual({ credentials: 'include' });
    expect(startPagePreload(createQueryClient(), '/settings')).toBe(false);
  });

  it('fails the queries as their own calls would: a signed-out visitor gets the 401 the shell sends to sign-in', async () => {
    mockFetch({ 'GET /api/pages/course?course=kana': problem(401, 'Sign in to continue.', 'unauthenticated') });
    const client = createQueryClient({ retry: false });
    startPagePreload(client, '/kana');
    await expect(client.fetchQuery({ queryKey: queryKeys.profile, queryFn: () => Promise.reject(new Error('not asked again')) })).rejects.toBeInstanceOf(ApiError);
    await new Promise((r) => setTimeout(r, 0));
    expect((client.getQueryState(queryKeys.profile)?.error as ApiError).status).toBe(401);
  });
});
