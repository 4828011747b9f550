import type { FastifyInstance } from 'fastify';
import { Counter } from 'prom-client';
import { ReplicaReads, withLearnerCommit } from '../database/replica-reads';
import { MetricsService } from '../metrics/metrics.service';

/** The learner's last commit position (a WAL position such as "0/3000148"); see replica-reads.ts. */
export const COMMIT_POSITION_COOKIE = 'kioku_commit';

const READ_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Read-your-writes across API processes: every successful write answer (any method but GET/HEAD/OPTIONS)
 * carries the primary's WAL position after it in a cookie, and each request's reads run with the position the
 * cookie brings back, so the replica serves them only once it has replayed that far. Without a replica nothing
 * is set or read. The cookie lives a few times the lag bound: past it, a replica in the rotation has replayed
 * the write anyway. Its value is no secret: changing it only sends one's own reads to the primary, or to a
 * replica that may not show one's latest writes.
 */
export function registerReadYourWrites(fastify: FastifyInstance, reads: ReplicaReads, maxLagMs: number): void {
  if (!reads.enabled) return;
  // preHandler, not onRequest: the handler runs in this hook's continuation (after the body was read), so the
  // position is there for every query the request makes.
  fastify.addHook('preHandler', (request, _reply, done) => {
    withLearnerCommit(request.cookies?.[COMMIT_POSITION_COOKIE], done);
  });
  fastify.addHook('onSend', async (request, reply) => {
    if (READ_ONLY.has(request.method) || reply.statusCode >= 400) return;
    const position = await reads.commitPosition();
    reply.setCookie(COMMIT_POSITION_COOKIE, position, { path: '/api', httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: Math.ceil((3 * maxLagMs) / 1000) });
  });
}

/** Where the replica-eligible reads went, and the replica's lag and rotation as the monitor last saw them. */
export function registerReplicaMetrics(reads: ReplicaReads, metrics: MetricsService): void {
  if (!reads.enabled) return;
  const targets = new Counter({
    name: 'kioku_replica_eligible_reads_total',
    help: 'Reads the replica may serve (dictionary, stats, course mastery) by where they went: replica, primary (replica behind the learner or out of the rotation), replica_fallback (the replica failed, the primary answered).',
    labelNames: ['target'] as const,
    registers: [metrics.registry],
  });
  reads.observeReads((target) => targets.inc({ target }));
  metrics.gauge('kioku_replica_lag_seconds', 'How far the read replica is behind the primary (+Inf when it does not answer).', [], async (set) => {
    const state = reads.status();
    if (state) set({}, state.lagMs / 1000);
  });
  metrics.gauge('kioku_replica_in_rotation', '1 while reads may go to the replica, 0 while it is out (down or lagging past DATABASE_REPLICA_MAX_LAG_MS).', [], async (set) => {
    set({}, reads.inRotation() ? 1 : 0);
  });
}
