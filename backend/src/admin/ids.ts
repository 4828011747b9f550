import { deterministicUuid } from '../platform/event-store/event-ids';

/** An admin event id: a name-based UUID in the `kioku:admin:<namespace>` namespace (platform/event-store/event-ids.ts). */
export function adminEventId(namespace: string, name: string): string {
  return deterministicUuid(`kioku:admin:${namespace}`, name);
}

/** Event ids for one admin request sent with an Idempotency-Key: one per user, key and stream. */
export function requestEventIds(userId: string | null | undefined, key: string | undefined, what: string): ((streamId: string) => string) | undefined {
  if (!key || !userId) return undefined;
  return (streamId) => adminEventId(what, `${userId}\u0000${key}\u0000${streamId}`);
}
