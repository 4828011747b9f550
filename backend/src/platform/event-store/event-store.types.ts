export interface EventMetadata {
  actorId?: string | null;
  correlationId?: string;
  causationId?: string;
  requestId?: string;
  [key: string]: unknown;
}

export interface NewEvent {
  type: string;
  data: unknown;
  /** A stable id makes the append idempotent: retrying with the same id returns the first result. */
  eventId?: string;
}

export interface RecordedEvent<TData = any> {
  globalPosition: number;
  transactionId: string;
  streamId: string;
  streamVersion: number;
  eventId: string;
  type: string;
  schemaVersion: number;
  data: TData;
  metadata: EventMetadata;
  actorId: string | null;
  recordedAt: Date;
}

/** -1 / 'any': no check; 0 / 'no_stream': must be new; n: must be at version n. */
export type ExpectedVersion = number | 'any' | 'no_stream';

export interface AppendResult {
  streamVersion: number;
  /** global position of the last appended event */
  globalPosition: number;
  transactionId?: string;
  /** true when these event ids were stored before: the append was a retry and nothing new was written */
  duplicate: boolean;
}

export interface Checkpoint {
  tx: string;
  position: number;
}

export const START: Checkpoint = { tx: '0', position: 0 };

/**
 * The condition every reader of the global log adds: events of transactions below the oldest one of this database
 * still open (migration 045). Reading past it could skip an event that took its id early and commits late; the
 * cluster-wide pg_snapshot_xmin it replaces froze every reader while any database on the cluster had a
 * transaction open (issue 28). A sub-select, so the function runs once per statement.
 */
export const VISIBLE_EVENTS = 'transaction_id < (select events_visible_below())';
