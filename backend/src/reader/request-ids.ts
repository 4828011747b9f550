import { randomUUID } from 'node:crypto';
import { deterministicUuid } from '../platform/event-store/event-ids';

/**
 * The ids a reader write names (the new text or queue, and its events), from the request's Idempotency-Key when it
 * has one. The route's interceptor answers a retry with the first answer; these make the write itself idempotent
 * too, so even a retry whose first answer was lost past the interceptor (a crash after the commit) names the same
 * text or queue and appends the same events, which the event store records once. Without a key: fresh ids.
 */
export function readerRequestIds(userId: string, idempotencyKey: string | undefined, what: 'text' | 'queue'): { id: string; eventIds?: (n: number) => string } {
  if (!idempotencyKey) return { id: randomUUID() };
  const name = `${userId}\u0000${idempotencyKey}\u0000${what}`;
  return { id: deterministicUuid('kioku:reader', name), eventIds: (n) => deterministicUuid('kioku:reader-event', `${name}\u0000${n}`) };
}
