import { AsyncLocalStorage } from 'node:async_hooks';
import { Pool } from 'pg';
import { Clock, systemClock } from '../clock';
import type { Queryable } from './queryable';
import { formatLsn, inRotation, parseLsn, PrimarySample, readTarget, ReplicaState, replicaLagMs } from './read-routing';

/** The learner's last commit position for the request being served (read from their cookie by the HTTP layer). */
const learnerCommit = new AsyncLocalStorage<{ commit: bigint | null }>();

/** Runs `fn` (the rest of a request) with the learner's last commit position, for the reads it makes. */
export function withLearnerCommit<T>(commit: string | undefined, fn: () => T): T {
  return learnerCommit.run({ commit: commit ? parseLsn(commit) : null }, fn);
}

/** A position no replica reaches: the learner reads from the primary until the cookie expires. */
export const PRIMARY_ONLY = formatLsn(0xffffffffffffffffn);

/** Where a read went: replica_fallback is a read the replica failed and the primary answered. */
export type ReadTarget = 'primary' | 'replica' | 'replica_fallback';

/** A read that may go to the replica: the pool it was pinned to when asked for, and which one that is. */
export interface RoutedReads extends Pick<Pool, 'query'> {
  readonly source: 'primary' | 'replica';
}

export interface ReplicaReadsOptions {
  /** a replica further behind than this leaves the read rotation */
  maxLagMs: number;
  /** how often the primary's position and the replica's replay position are sampled */
  intervalMs: number;
  clock?: Clock;
}

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), ms)))]).finally(() =>
    clearTimeout(timer),
  );
};

/**
 * Reads that a streaming replica may serve (dictionary, stats, course mastery). Without a replica (no
 * DATABASE_REPLICA_URL) every read goes to the primary pool, as before. With one, a monitor samples the
 * primary's WAL insert position and the replica's replay position every `intervalMs` (two tiny queries a
 * second per process, none per request), and each read is routed by readTarget: the replica when it is in the
 * rotation and has replayed the learner's last commit, else the primary. A read the replica fails (stopped,
 * restarting) is answered by the primary at once, and the replica leaves the rotation until the monitor sees
 * it answer again.
 */
export class ReplicaReads {
  private state: ReplicaState | null = null;
  private samples: PrimarySample[] = [];
  private timer?: NodeJS.Timeout;
  private readonly clock: Clock;
  private observer: (target: ReadTarget) => void = () => undefined;

  constructor(
    private readonly primary: Pool,
    private readonly replica: Pool | null,
    private readonly options: ReplicaReadsOptions,
  ) {
    this.clock = options.clock ?? systemClock;
  }

  get enabled(): boolean {
    return this.replica !== null;
  }

  /** Starts sampling (a no-op without a replica). */
  start(): void {
    if (!this.replica || this.timer) return;
    void this.sample();
    this.timer = setInterval(() => void this.sample(), this.options.intervalMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.replica?.end().catch(() => undefined);
  }

  /** What the monitor last saw (null: no replica, or it has not answered yet). */
  status(): ReplicaState | null {
    return this.state;
  }

  /** Whether reads may go to the replica now (for the metrics). */
  inRotation(): boolean {
    return this.replica !== null && inRotation(this.state, this.options.maxLagMs);
  }

  /** Called with where each read went (the metrics count them). */
  observeReads(observer: (target: ReadTarget) => void): void {
    this.observer = observer;
  }

  /** One sample of both positions; exported through `sample` so tests need not wait for the timer. */
  async sample(): Promise<void> {
    if (!this.replica) return;
    const [primary, replica] = await Promise.allSettled([
      withTimeout(this.primary.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn'), 1_000),
      withTimeout(this.replica.query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn'), 1_000),
    ]);
    const now = this.clock.now().getTime();
    if (primary.status === 'fulfilled') {
      const lsn = parseLsn(primary.value.rows[0].lsn);
      if (lsn !== null) this.samples.push({ at: now, lsn });
    }
    // Samples older than twice the bound cannot change the answer (the replica is out either way).
    const horizon = now - 2 * this.options.maxLagMs;
    while (this.samples.length > 1 && this.samples[0].at < horizon) this.samples.shift();
    // A null replay position: not a standby (the URL names a primary); it never lags.
    const replayed = replica.status === 'fulfilled' ? (replica.value.rows[0].lsn === null ? 0xffffffffffffffffn : parseLsn(replica.value.rows[0].lsn!)) : null;
    this.state =
      replayed === null ? { reachable: false, replayed: this.state?.replayed ?? 0n, lagMs: Infinity } : { reachable: true, replayed, lagMs: replicaLagMs(this.samples, replayed, now) };
  }

  /**
   * The pool for one read (or a few that must agree: a cache's revision and the body built for it), chosen now
   * for the learner of the current request.
   */
  forReads(): RoutedReads {
    const commit = learnerCommit.getStore()?.commit ?? null;
    if (!this.replica || readTarget(this.state, this.options.maxLagMs, commit) === 'primary') {
      this.observer('primary');
      return { source: 'primary', query: this.primary.query.bind(this.primary) };
    }
    this.observer('replica');
    return { source: 'replica', query: this.onReplica.query };
  }

  /** The replica, or the primary for a read the replica fails (the replica then sits out until it answers again). */
  readonly onReplica: Pick<Pool, 'query'> = {
    query: ((...args: unknown[]) => {
      const run = (pool: Pool) => (pool.query as (...a: unknown[]) => Promise<unknown>)(...args);
      if (!this.replica) return run(this.primary);
      return run(this.replica).catch((error: { code?: string }) => {
        if (!replicaTrouble(error)) throw error;
        // Reads are safe to run twice.
        if (this.state) this.state = { ...this.state, reachable: false };
        this.observer('replica_fallback');
        return run(this.primary);
      });
    }) as Pool['query'],
  };

  /**
   * The primary's WAL insert position now: after a write has committed it is at or past that commit, so a
   * replica that has replayed this far shows the write. PRIMARY_ONLY when the primary does not answer.
   */
  async commitPosition(db: Queryable = this.primary): Promise<string> {
    try {
      const { rows } = await db.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn');
      return rows[0].lsn;
    } catch {
      return PRIMARY_ONLY;
    }
  }
}

/**
 * Errors that say the replica cannot answer now rather than that the query is wrong: no SQLSTATE (connection
 * refused or cut), connection exceptions (08), the server shutting down or starting (57P0x), a query cancelled
 * by a recovery conflict (40001), too many connections (53300).
 */
export function replicaTrouble(error: { code?: string } | undefined): boolean {
  const code = error?.code;
  return !code || /^(08|57P0|53300|40001|ECONN|ETIMEDOUT)/.test(code);
}
