import { createHash } from 'node:crypto';

/**
 * A name-based UUID (version 5 layout, SHA-1): the same namespace and name always give the same id. Event ids
 * derived this way (from an Idempotency-Key, a job outcome) make an append idempotent across retries and crashes:
 * the event store stores an id once and answers the first result.
 */
export function deterministicUuid(namespace: string, name: string): string {
  return uuidFromDigest(createHash('sha1').update(namespace).update('\u0000').update(name).digest());
}

/**
 * A UUID (version 5 layout, RFC 4122 variant) from the first 16 bytes of a digest. Callers whose ids are already
 * stored keep their own digest (media outcomes hash with SHA-256): changing it would give a retried job a new id.
 */
export function uuidFromDigest(digest: Buffer): string {
  const bytes = Buffer.from(digest.subarray(0, 16));
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
