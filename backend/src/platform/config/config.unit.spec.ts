import { availableParallelism } from 'node:os';
import { loadConfig } from './config';

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
