import { deterministicUuid } from '../platform/event-store/event-ids';

// The name-based UUID lives with the event store (platform); re-exported for this context's callers.
export { deterministicUuid };

/** The event id of a grade sent with an Idempotency-Key: one per user, key and card. */
export function gradeEventId(userId: string, idempotencyKey: string, flashcardId: string): string {
  return deterministicUuid('kioku:grade', `${userId}\u0000${idempotencyKey}\u0000${flashcardId}`);
}
