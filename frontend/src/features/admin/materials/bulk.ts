// Bulk admin actions (SPEC §8): each item is tried up to 3 times with a 5-second wait between tries, then
// reported failed and logged to the console. Pure and clock-free: the wait is injected.
import { ApiError, errorMessage } from '../../../lib/api';

export const BULK_ATTEMPTS = 3;
export const BULK_RETRY_DELAY_MS = 5000;

export interface BulkProgress {
  total: number;
  done: number;
  succeeded: number;
  failed: number;
}

export interface BulkFailure<T> {
  item: T;
  error: unknown;
  message: string;
  attempts: number;
}

export interface BulkResult<T> {
  succeeded: T[];
  failed: Array<BulkFailure<T>>;
}

export interface BulkOptions<T> {
  /** Tries per item, the first one included. */
  attempts?: number;
  delayMs?: number;
  wait?: (ms: number) => Promise<void>;
  /** Items in flight at once. */
  concurrency?: number;
  onProgress?: (progress: BulkProgress) => void;
  /** Names the item in the console log of a final failure. */
  describe?: (item: T) => string;
  signal?: AbortSignal;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A refusal that asking again cannot change (400 bad action, 401/403, 404, 409 …) fails the item at once;
 * network errors, 5xx (503: the queue is down), 408 and 429 are retried.
 */
export function isWorthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

export async function runBulk<T>(items: readonly T[], run: (item: T, attempt: number) => Promise<unknown>, options: BulkOptions<T> = {}): Promise<BulkResult<T>> {
  const attempts = Math.max(1, options.attempts ?? BULK_ATTEMPTS);
  const delayMs = options.delayMs ?? BULK_RETRY_DELAY_MS;
  const wait = options.wait ?? sleep;
  const describe = options.describe ?? ((item: T) => String(item));
  const progress: BulkProgress = { total: items.length, done: 0, succeeded: 0, failed: 0 };
  const result: BulkResult<T> = { succeeded: [], failed: [] };
  options.onProgress?.({ ...progress });

  const one = async (item: T) => {
    let lastError: unknown;
    let tried = 0;
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      if (options.signal?.aborted) break;
      tried = attempt;
      try {
        await run(item, attempt);
        result.succeeded.push(item);
        progress.succeeded += 1;
        return;
      } catch (error) {
        lastError = error;
        if (attempt < attempts && isWorthRetrying(error)) await wait(delayMs);
        else break;
      }
    }
    const message = lastError === undefined ? 'Cancelled.' : errorMessage(lastError);
    console.error(`Bulk action failed for ${describe(item)} after ${tried} ${tried === 1 ? 'try' : 'tries'}: ${message}`, lastError);
    result.failed.push({ item, error: lastError, message, attempts: tried });
    progress.failed += 1;
  };

  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await one(item);
      progress.done += 1;
      options.onProgress?.({ ...progress });
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, options.concurrency ?? 4), items.length) }, worker));
  return result;
}
