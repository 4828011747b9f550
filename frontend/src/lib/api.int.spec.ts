import * as z from 'zod/mini';
import { mockFetch, problem } from '../test/fetch-mock';
import { api, ApiError, NetworkError, ResponseShapeError } from './api';

describe('api client', () => {
  it('parses answers with zod and tolerates unknown extra keys', async () => {
    mockFetch({ 'GET /api/thing': { body: { name: 'x', extra: 1 } } });
    await expect(api.get('/api/thing', z.object({ name: z.string() }))).resolves.toEqual({ name: 'x' });
  });

  it('sends the CSRF cookie as X-XSRF-TOKEN and same-origin credentials on writes', async () => {
    const net = mockFetch({ 'POST /api/thing': { body: { ok: true } } });
    await api.post('/api/thing', { a: 1 }, z.object({ ok: z.boolean() }), { 'Idempotency-Key': 'k1' });
    const [, init] = net.fn.mock.calls[0];
    expect(init?.credentials).toBe('same-origin');
    expect((init?.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('test-csrf-token');
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toBe('k1');
    expect(net.calls[0].body).toEqual({ a: 1 });
  });

  it('turns problem+json into an ApiError carrying the detail for people', async () => {
    mockFetch({ 'POST /api/auth/sign_in': problem(429, 'Too many attempts. Try again in a minute.', 'rate_limited') });
    const error = await api.post('/api/auth/sign_in', {}, z.object({})).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    expect((error as ApiError).message).toBe('Too many attempts. Try again in a minute.');
  });

  it('reports a failed connection as a NetworkError and a wrong shape as a ResponseShapeError', async () => {
    mockFetch({ 'GET /api/down': new TypeError('Failed to fetch'), 'GET /api/odd': { body: { name: 5 } } });
    await expect(api.get('/api/down', z.object({}))).rejects.toBeInstanceOf(NetworkError);
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(api.get('/api/odd', z.object({ name: z.string() }))).rejects.toBeInstanceOf(ResponseShapeError);
    spy.mockRestore();
  });
});
