import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Redis } from 'ioredis';
import { Pool } from 'pg';
import { PG_POOL } from '../database/database.module';
import { LogVisibility, logVisibility, projectionStatuses } from '../projections/projection-admin';
import { ProjectionRegistry } from '../projections/projection-registry';
import { REDIS } from '../queue/queue.module';
import type { Health } from '#contract/health';
import { HealthReports } from './health-reports';

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

export type { Health } from '#contract/health';

/** GET /api/health: PostgreSQL, Redis and the projections' lag. */
export class GetHealthQuery extends Query<Health> {}

@QueryHandler(GetHealthQuery)
export class GetHealthHandler implements IQueryHandler<GetHealthQuery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly registry: ProjectionRegistry,
    private readonly reports: HealthReports,
  ) {}

  async execute(): Promise<Health> {
    const postgres = await withTimeout(this.pool.query('select 1'), 2_000).then(
      () => ({ status: 'up' as const }),
      (e: Error) => ({ status: 'down' as const, error: e.message }),
    );
    const redis = await withTimeout(this.redis.ping(), 1_000).then(
      () => ({ status: 'up' as const }),
      (e: Error) => ({ status: 'down' as const, error: e.message }),
    );
    const projections =
      postgres.status === 'up'
        ? await projectionStatuses(this.pool, this.registry.all()).then(
            (list) => list.map((p) => ({ name: p.name, status: p.status, lag: p.lag, position: p.lastPosition })),
            () => [],
          )
        : [];
    const visibility: LogVisibility | null = postgres.status === 'up' ? await withTimeout(logVisibility(this.pool), 2_000).catch(() => null) : null;
    const reports = this.reports.all();
    const allUp = redis.status === 'up' && Object.values(reports).every((r) => r.status === 'up');
    const status = postgres.status === 'up' ? (allUp ? 'ok' : 'degraded') : 'down';
    const open = visibility?.oldestOpenTransaction;
    return {
      status,
      postgres,
      redis,
      reports,
      projections,
      ...(visibility && {
        events: {
          held_back: visibility.heldBack,
          oldest_open_transaction: open ? { pid: open.pid, age_seconds: open.ageSeconds, state: open.state, application_name: open.applicationName } : null,
        },
      }),
    };
  }
}
