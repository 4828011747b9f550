import { availableParallelism } from 'node:os';
import { loadConfig, mediaNeedsOwnProcess, runsMediaWork, runsProjections } from './config';

describe('loadConfig: DATABASE_POOL_SIZE', () => {
  it('defaults to twice the machine’s cores, at least 4, when unset or empty (a copied .env.example)', () => {
    const expected = Math.max(4, 2 * availableParallelism());
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBe(expected);
    expect(loadConfig({ DATABASE_POOL_SIZE: '' }).DATABASE_POOL_SIZE).toBe(expected);
  });

  it('takes a positive whole number and refuses anything else, naming the setting', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '6' }).DATABASE_POOL_SIZE).toBe(6);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
  });
});

describe('loadConfig: PUBLIC_URL', () => {
  it('defaults from the port the app listens on, so PORT=3201 alone gives links to :3201', () => {
    expect(loadConfig({ PORT: '3201' }).PUBLIC_URL).toBe('http://localhost:3201');
    expect(loadConfig({ PORT: '3201', PUBLIC_URL: '' }).PUBLIC_URL).toBe('http://localhost:3201');
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('keeps a PUBLIC_URL that is set, whatever the port', () => {
    expect(loadConfig({ PORT: '3201', PUBLIC_URL: 'https://kioku.example' }).PUBLIC_URL).toBe('https://kioku.example');
  });
});

describe('MEDIA_PROCESS: where ROLE=all runs the media work (issue 34, item 2)', () => {
  const config = (env: Record<string, string>) => loadConfig(env);

  it('auto gives the media work a process of its own on 2 cores or fewer, and keeps it in the API with more', () => {
    expect(mediaNeedsOwnProcess(config({}), 1)).toBe(true);
    expect(mediaNeedsOwnProcess(config({ MEDIA_PROCESS: '' }), 2)).toBe(true);
    expect(mediaNeedsOwnProcess(config({}), 3)).toBe(false);
    expect(mediaNeedsOwnProcess(config({ MEDIA_PROCESS: 'own' }), 16)).toBe(true);
    expect(mediaNeedsOwnProcess(config({ MEDIA_PROCESS: 'same' }), 2)).toBe(false);
  });

  it('only npm start (ROLE=all) splits: api, worker and cli processes never start a media process', () => {
    for (const ROLE of ['api', 'worker', 'media', 'cli']) expect(mediaNeedsOwnProcess(config({ ROLE, MEDIA_PROCESS: 'own' }), 1)).toBe(false);
  });

  it('the API keeps the projections and gives up the media work once it has its own process', () => {
    const api = config({ MEDIA_PROCESS: 'own' });
    expect([runsProjections(api), runsMediaWork(api)]).toEqual([true, false]);
    const media = config({ ROLE: 'media' });
    expect([runsProjections(media), runsMediaWork(media)]).toEqual([false, true]);
    // Not split (auto resolves only in main.ts; tests and the docker worker run everything they are given).
    for (const MEDIA_PROCESS of ['auto', 'same']) expect(runsMediaWork(config({ MEDIA_PROCESS }))).toBe(true);
    expect([runsProjections(config({ ROLE: 'worker' })), runsMediaWork(config({ ROLE: 'worker' }))]).toEqual([true, true]);
    expect([runsProjections(config({ ROLE: 'cli' })), runsMediaWork(config({ ROLE: 'cli' }))]).toEqual([false, false]);
    expect([runsProjections(config({ ROLE: 'api' })), runsMediaWork(config({ ROLE: 'api' }))]).toEqual([false, false]);
  });

  it('refuses another value, naming the setting', () => {
    expect(() => config({ MEDIA_PROCESS: 'thread' })).toThrow(/MEDIA_PROCESS/);
  });
});
