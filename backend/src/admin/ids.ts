import { createHash } from 'node:crypto';

/**
 * A name-based UUID (version 5 layout, SHA-1): the same namespace and name always give the same id. Event ids
 * derived from an Idempotency-Key or a job outcome make a retried write record once (the event store keeps an
 * event id once and answers the first result).
 */
export function adminEventId(namespace: string, name: string): string {
  const bytes = createHash('sha1').update(`kioku:admin:${namespace}`).update('\u0000').update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Event ids for one admin request sent with an Idempotency-Key: one per user, key and stream. */
export function requestEventIds(userId: string | null | undefined, key: string | undefined, what: string): ((streamId: string) => string) | undefined {
  if (!key || !userId) return undefined;
  return (streamId) => adminEventId(what, `${userId}\u0000${key}\u0000${streamId}`);
}
