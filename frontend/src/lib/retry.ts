// Retrying a write that carries an Idempotency-Key: the same request is repeated until the server answers,
// so a grade is recorded once however flaky the connection.
import { ApiError, NetworkError } from './api';

export interface RetryPolicy {
  /** First wait in ms; doubles each attempt up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Give up after this many attempts in total (the person can still press "Try again"). */
  maxAttempts: number;
}

export const DEFAULT_RETRY: RetryPolicy = { baseDelayMs: 1000, maxDelayMs: 30_000, maxAttempts: 12 };

export function isRetryable(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  return error instanceof ApiError && (error.status === 502 || error.status === 503 || error.status === 504);
}

export function backoffDelay(attempt: number, policy: RetryPolicy): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
}

/** Waits `ms`, or less when the browser reports it is back online. */
function wait(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });
}

export async function withRetry<T>(
  run: () => Promise<T>,
  policy: RetryPolicy = DEFAULT_RETRY,
  onRetry?: (error: unknown, attempt: number) => void,
  retryable: (error: unknown) => boolean = isRetryable,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (!retryable(error) || attempt >= policy.maxAttempts) throw error;
      onRetry?.(error, attempt);
      await wait(backoffDelay(attempt, policy));
    }
  }
}

export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
