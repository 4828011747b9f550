import { ApiError, NetworkError } from './api';
import { backoffDelay, withRetry } from './retry';

const fast = { baseDelayMs: 1, maxDelayMs: 4, maxAttempts: 5 };

describe('withRetry', () => {
  it('repeats after network failures until the server answers', async () => {
    const run = jest.fn().mockRejectedValueOnce(new NetworkError()).mockRejectedValueOnce(new NetworkError()).mockResolvedValue('ok');
    const onRetry = jest.fn();
    await expect(withRetry(run, fast, onRetry)).resolves.toBe('ok');
    expect(run).toHaveBeenCalledTimes(3);
    expect(onRetry).toHaveBeenCalledTimes(2);
  });

  it('does not repeat a refused request', async () => {
    const run = jest.fn().mockRejectedValue(new ApiError(409, 'graded elsewhere'));
    await expect(withRetry(run, fast)).rejects.toThrow('graded elsewhere');
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('gives up after maxAttempts', async () => {
    const run = jest.fn().mockRejectedValue(new NetworkError());
    await expect(withRetry(run, fast)).rejects.toBeInstanceOf(NetworkError);
    expect(run).toHaveBeenCalledTimes(5);
  });

  it('backs off exponentially up to a ceiling', () => {
    const policy = { baseDelayMs: 1000, maxDelayMs: 30_000, maxAttempts: 10 };
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, policy))).toEqual([1000, 2000, 4000, 8000, 16000, 30000]);
  });
});
