import { ApiError, NetworkError } from '../../../lib/api';
import { runBulk, type BulkProgress } from './bulk';

describe('runBulk (SPEC §8: 3 tries, 5-second wait, then failed and logged)', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('tries an item 3 times with a 5-second wait between tries, then reports it failed and logs it', async () => {
    const wait = jest.fn(async (_ms: number) => undefined);
    const run = jest.fn(async (_item: number) => {
      throw new ApiError(503, 'The job queue is unavailable.');
    });
    const progress: BulkProgress[] = [];
    const result = await runBulk([1], run, { wait, onProgress: (p) => progress.push(p), describe: (id) => `reading ${id}` });

    expect(run).toHaveBeenCalledTimes(3);
    expect(wait.mock.calls).toEqual([[5000], [5000]]);
    expect(result.succeeded).toEqual([]);
    expect(result.failed).toEqual([expect.objectContaining({ item: 1, attempts: 3, message: 'The job queue is unavailable.' })]);
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(consoleError.mock.calls[0][0]).toBe('Bulk action failed for reading 1 after 3 tries: The job queue is unavailable.');
    expect(progress.at(-1)).toEqual({ total: 1, done: 1, succeeded: 0, failed: 1 });
  });

  it('counts an item that succeeds on a retry as done, without logging', async () => {
    const wait = jest.fn(async () => undefined);
    const tries = new Map<number, number>();
    const run = jest.fn(async (item: number) => {
      const n = (tries.get(item) ?? 0) + 1;
      tries.set(item, n);
      if (item === 2 && n < 3) throw new NetworkError();
    });
    const progress: BulkProgress[] = [];
    const result = await runBulk([1, 2, 3], run, { wait, onProgress: (p) => progress.push(p) });

    expect(tries).toEqual(new Map([[1, 1], [2, 3], [3, 1]]));
    expect(wait).toHaveBeenCalledTimes(2);
    expect(result.succeeded.sort()).toEqual([1, 2, 3]);
    expect(result.failed).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(progress[0]).toEqual({ total: 3, done: 0, succeeded: 0, failed: 0 });
    expect(progress.map((p) => p.done)).toEqual([0, 1, 2, 3]);
  });

  it('does not retry a refusal that asking again cannot change (4xx)', async () => {
    const wait = jest.fn(async () => undefined);
    const run = jest.fn(async () => {
      throw new ApiError(400, 'Unknown media action: fetch_everything.');
    });
    const result = await runBulk([9], run, { wait });
    expect(run).toHaveBeenCalledTimes(1);
    expect(wait).not.toHaveBeenCalled();
    expect(result.failed[0]).toMatchObject({ item: 9, attempts: 1 });
    expect(consoleError).toHaveBeenCalledWith('Bulk action failed for 9 after 1 try: Unknown media action: fetch_everything.', expect.any(ApiError));
  });

  it('uses a real 5-second timer when no wait is injected', async () => {
    jest.useFakeTimers();
    try {
      let calls = 0;
      const done = runBulk([1], async () => {
        calls += 1;
        if (calls === 1) throw new ApiError(502, 'Bad gateway');
      });
      await jest.advanceTimersByTimeAsync(4999);
      expect(calls).toBe(1);
      await jest.advanceTimersByTimeAsync(1);
      expect(calls).toBe(2);
      expect((await done).succeeded).toEqual([1]);
    } finally {
      jest.useRealTimers();
    }
  });
});
