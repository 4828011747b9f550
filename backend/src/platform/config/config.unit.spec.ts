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
