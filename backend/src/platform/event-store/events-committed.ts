import type { IEvent } from '@nestjs/cqrs';

/** One committed event, as a notification names it: its stream and type. */
export interface CommittedEvent {
  streamId: string;
  type: string;
}

/**
 * Published on Nest's EventBus after a transaction that appended events has committed (issue 18). A notification
 * only, never delivery: it is in-process, best effort and lost with the process. Whatever must see every event
 * reads the event log (the projection runners, with their checkpoints); a subscriber here may only react to what
 * it happens to hear (a counter, a cache hint).
 */
export class EventsCommitted implements IEvent {
  constructor(readonly events: readonly CommittedEvent[]) {}
}
