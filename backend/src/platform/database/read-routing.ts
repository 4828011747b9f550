// Read-your-writes with a streaming replica (issue 20): the pure rules. A learner's reads go to the replica only
// when it has replayed the learner's last commit, and only while it is in the read rotation (reachable, and not
// lagging past a bound). replica-reads.ts feeds them with what it measures.

/** A WAL position as PostgreSQL prints it ("16/B374D848"), as a number that compares. */
export function parseLsn(text: string): bigint | null {
  const m = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text.trim());
  return m ? (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`) : null;
}

export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

/** The primary's WAL insert position at a moment (sampled by the monitor). */
export interface PrimarySample {
  at: number;
  lsn: bigint;
}

/**
 * How far behind the replica is, in ms: the age of the oldest primary sample it has not replayed yet (0 when it
 * has replayed every sample). Time, not bytes: an idle primary writes nothing, and a busy one writes megabytes a
 * second, so only time says what a learner would notice.
 */
export function replicaLagMs(samples: readonly PrimarySample[], replayed: bigint, now: number): number {
  const oldestMissing = samples.find((s) => s.lsn > replayed);
  return oldestMissing ? Math.max(0, now - oldestMissing.at) : 0;
}

/** What the monitor last saw of the replica: null until it has answered once. */
export interface ReplicaState {
  reachable: boolean;
  replayed: bigint;
  lagMs: number;
}

/**
 * The read rotation: a replica is used while it answers and lags at most `maxLagMs`; it leaves at once when it
 * stops answering or lags further, and comes back by itself when the monitor sees it healthy again.
 */
export function inRotation(replica: ReplicaState | null, maxLagMs: number): boolean {
  return replica !== null && replica.reachable && replica.lagMs <= maxLagMs;
}

/**
 * Where one read goes. `learnerCommit` is the learner's last commit position (the cookie set by their last
 * write), null when they have none that could matter: the replica serves it only when it has replayed that far,
 * so nobody reads older data than their own last write.
 */
export function readTarget(replica: ReplicaState | null, maxLagMs: number, learnerCommit: bigint | null): 'replica' | 'primary' {
  if (!inRotation(replica, maxLagMs)) return 'primary';
  return learnerCommit === null || replica!.replayed >= learnerCommit ? 'replica' : 'primary';
}
