import { mediaProcessEnv } from './media-process';

describe("mediaProcessEnv: npm start's media process (issue 34, item 2)", () => {
  it('is the media role, without the API metrics listener, keeping the rest of the environment', () => {
    const env = mediaProcessEnv({ DATABASE_URL: 'postgres://db/kioku', METRICS_PORT: '9464', ROLE: 'all' }, 8);
    expect(env).toMatchObject({ DATABASE_URL: 'postgres://db/kioku', ROLE: 'media', METRICS_PORT: '' });
  });

  it('runs one job at a time on 2 cores or fewer, unless MEDIA_WORKER_CONCURRENCY is set', () => {
    expect(mediaProcessEnv({}, 2).MEDIA_WORKER_CONCURRENCY).toBe('1');
    expect(mediaProcessEnv({ MEDIA_WORKER_CONCURRENCY: '' }, 1).MEDIA_WORKER_CONCURRENCY).toBe('1');
    expect(mediaProcessEnv({ MEDIA_WORKER_CONCURRENCY: '3' }, 2).MEDIA_WORKER_CONCURRENCY).toBe('3');
    // With more cores the worker's own default (2) applies.
    expect(mediaProcessEnv({}, 4).MEDIA_WORKER_CONCURRENCY).toBeUndefined();
  });
});
