// Issue 20: where a replica-eligible read goes. The replica serves a learner only once it has replayed their last
// commit, and only while it answers and lags at most the bound; it comes back by itself when healthy again.
import type { Pool } from 'pg';
import { fixedClock } from '../clock';
import { formatLsn, inRotation, parseLsn, readTarget, replicaLagMs } from './read-routing';
import { PRIMARY_ONLY, ReplicaReads, replicaTrouble, withLearnerCommit } from './replica-reads';

const lsn = (text: string) => parseLsn(text)!;

describe('WAL positions', () => {
  it('compare as numbers across the high word', () => {
    expect(lsn('1/0') > lsn('0/FFFFFFFF')).toBe(true);
    expect(lsn('0/A2DA9E0') < lsn('0/A2DBAE8')).toBe(true);
    expect(formatLsn(lsn('16/B374D848'))).toBe('16/B374D848');
  });

  it('refuse anything else (a cookie is only what the client sends back)', () => {
    expect(parseLsn('')).toBeNull();
    expect(parseLsn('0/xyz')).toBeNull();
    expect(parseLsn('123')).toBeNull();
    expect(parseLsn('0/1/2')).toBeNull();
  });
});

describe('replicaLagMs', () => {
  const samples = [
    { at: 1_000, lsn: lsn('0/100') },
    { at: 2_000, lsn: lsn('0/200') },
    { at: 3_000, lsn: lsn('0/300') },
  ];

  it('is the age of the oldest primary position the replica has not replayed', () => {
    expect(replicaLagMs(samples, lsn('0/150'), 4_000)).toBe(2_000);
    expect(replicaLagMs(samples, lsn('0/99'), 4_000)).toBe(3_000);
  });

  it('is zero once every sampled position is replayed, however old the last write (an idle primary)', () => {
    expect(replicaLagMs(samples, lsn('0/300'), 60_000)).toBe(0);
  });
});

describe('readTarget', () => {
  const healthy = { reachable: true, replayed: lsn('0/500'), lagMs: 200 };

  it('sends a learner without a recent write to a healthy replica', () => {
    expect(readTarget(healthy, 5_000, null)).toBe('replica');
  });

  it('sends a learner to the replica only once it has replayed their last commit', () => {
    expect(readTarget(healthy, 5_000, lsn('0/500'))).toBe('replica');
    expect(readTarget(healthy, 5_000, lsn('0/4FF'))).toBe('replica');
    expect(readTarget(healthy, 5_000, lsn('0/501'))).toBe('primary');
  });

  it('keeps every read on the primary while the replica is down, lagging past the bound, or not seen yet', () => {
    expect(readTarget({ ...healthy, reachable: false }, 5_000, null)).toBe('primary');
    expect(readTarget({ ...healthy, lagMs: 5_001 }, 5_000, null)).toBe('primary');
    expect(readTarget(null, 5_000, null)).toBe('primary');
    expect(inRotation({ ...healthy, lagMs: 5_000 }, 5_000)).toBe(true);
  });
});

/** A pool answering the two monitor queries and one read, with switches to make it fail. */
function fakePool(name: string, position: () => string) {
  const pool = {
    down: false,
    reads: 0,
    ended: false,
    query: async (sql: unknown) => {
      if (pool.down) throw Object.assign(new Error(`${name} refused`), { code: 'ECONNREFUSED' });
      const text = String(sql);
      if (text.includes('pg_current_wal_insert_lsn') || text.includes('pg_last_wal_replay_lsn')) return { rows: [{ lsn: position() }] };
      pool.reads++;
      return { rows: [{ from: name }] };
    },
    end: async () => {
      pool.ended = true;
    },
  };
  return pool;
}

describe('ReplicaReads', () => {
  const clock = fixedClock(new Date('2026-11-24T10:00:00Z'));
  let primaryAt = '0/1000';
  let replayedAt = '0/1000';
  const primary = fakePool('primary', () => primaryAt);
  const replica = fakePool('replica', () => replayedAt);
  const reads = new ReplicaReads(primary as unknown as Pool, replica as unknown as Pool, { maxLagMs: 5_000, intervalMs: 1_000, clock });
  const tick = async (ms: number) => {
    clock.set(new Date(clock.now().getTime() + ms));
    await reads.sample();
  };

  it('reads from the replica once the monitor has seen it caught up', async () => {
    expect(reads.forReads().source).toBe('primary');
    await tick(0);
    expect(reads.forReads().source).toBe('replica');
    const { rows } = await reads.forReads().query('select 1');
    expect(rows[0]).toEqual({ from: 'replica' });
  });

  it('reads from the primary for a learner whose commit the replica has not replayed, without asking anyone', async () => {
    primaryAt = '0/2000';
    await tick(500);
    expect(withLearnerCommit('0/2000', () => reads.forReads().source)).toBe('primary');
    expect(withLearnerCommit('0/1000', () => reads.forReads().source)).toBe('replica');
    expect(withLearnerCommit(PRIMARY_ONLY, () => reads.forReads().source)).toBe('primary');
    // A cookie that is not a position counts as none.
    expect(withLearnerCommit('junk', () => reads.forReads().source)).toBe('replica');
    replayedAt = '0/2000';
    await tick(500);
    expect(withLearnerCommit('0/2000', () => reads.forReads().source)).toBe('replica');
  });

  it('takes a replica lagging past the bound out of the rotation and back when it catches up', async () => {
    primaryAt = '0/3000';
    await tick(1_000);
    for (let i = 0; i < 5; i++) await tick(1_000);
    expect(reads.status()!.lagMs).toBe(5_000);
    expect(reads.inRotation()).toBe(true);
    await tick(1_000);
    expect(reads.inRotation()).toBe(false);
    expect(reads.forReads().source).toBe('primary');
    replayedAt = '0/3000';
    await tick(1_000);
    expect(reads.forReads().source).toBe('replica');
  });

  it('answers a read the replica fails from the primary, and routes to the primary until the replica answers again', async () => {
    const seen: string[] = [];
    reads.observeReads((target) => seen.push(target));
    const pinned = reads.forReads();
    replica.down = true;
    const { rows } = await pinned.query('select 1');
    expect(rows[0]).toEqual({ from: 'primary' });
    expect(reads.forReads().source).toBe('primary');
    await tick(1_000);
    expect(reads.status()!.reachable).toBe(false);
    expect(reads.forReads().source).toBe('primary');
    replica.down = false;
    await tick(1_000);
    expect(reads.forReads().source).toBe('replica');
    expect(seen).toEqual(['replica', 'replica_fallback', 'primary', 'primary', 'replica']);
  });

  it('does not hide a wrong query behind the primary', async () => {
    const failing = { query: async () => Promise.reject(Object.assign(new Error('syntax'), { code: '42601' })), end: async () => undefined };
    const r = new ReplicaReads(primary as unknown as Pool, failing as unknown as Pool, { maxLagMs: 5_000, intervalMs: 1_000, clock });
    await expect(r.onReplica.query('select nonsense')).rejects.toThrow('syntax');
    expect(replicaTrouble({ code: '57P01' })).toBe(true);
    expect(replicaTrouble({ code: '42601' })).toBe(false);
  });

  it('gives the commit position from the primary, or one no replica reaches when the primary does not answer', async () => {
    primaryAt = '0/4000';
    expect(await reads.commitPosition()).toBe('0/4000');
    primary.down = true;
    expect(await reads.commitPosition()).toBe(PRIMARY_ONLY);
    primary.down = false;
  });

  it('without a replica, routes everything to the primary and never samples', async () => {
    const alone = new ReplicaReads(primary as unknown as Pool, null, { maxLagMs: 5_000, intervalMs: 1_000, clock });
    alone.start();
    await alone.sample();
    expect(alone.enabled).toBe(false);
    expect(alone.status()).toBeNull();
    expect(alone.forReads().source).toBe('primary');
    await alone.close();
  });
});
