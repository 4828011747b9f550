import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { APP_CONFIG, PG_POOL } from '../database/database.module';
import { EventStore } from '../event-store/event-store';
import type { AppConfig } from '../config/config';
import { projectionStatuses } from '../projections/projection-admin';
import { ProjectionRegistry } from '../projections/projection-registry';

/** Latency buckets in seconds: a grade is ~2–20 ms, a page of the dictionary up to ~100 ms, a media upload longer. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * The process's Prometheus metrics (issue 18). One registry per app instance, not prom-client's global one: tests
 * start several apps in one process. Served as the Prometheus text format on METRICS_HOST:METRICS_PORT (off unless
 * METRICS_PORT is set), a listener of its own so it is never exposed on the public port: docs/operations.md.
 *
 * What a context counts it records here (grades), what the platform sees it records itself (request latency per
 * route, event-store append latency), and what lives elsewhere is read at scrape time (projection lag per
 * projection, the database pool; queue depth through `gauge`, registered by the media context).
 */
@Injectable()
export class MetricsService implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly registry = new Registry();
  readonly requestDuration = new Histogram({
    name: 'kioku_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  readonly appendDuration = new Histogram({
    name: 'kioku_event_store_append_duration_seconds',
    help: 'Event-store append latency (one append_events call, batched or in a caller transaction).',
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  readonly grades = new Counter({
    name: 'kioku_grades_total',
    help: 'Grades committed (each one a CardGraded event), replayed retries not counted.',
    labelNames: ['course'] as const,
    registers: [this.registry],
  });
  readonly eventsCommitted = new Counter({
    name: 'kioku_events_committed_total',
    help: 'Events committed by this process, by type (from the EventsCommitted notification).',
    labelNames: ['type'] as const,
    registers: [this.registry],
  });
  private server?: Server;
  private readonly logger = new Logger('metrics');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PG_POOL) pool: Pool,
    projections: ProjectionRegistry,
    events: EventStore,
  ) {
    collectDefaultMetrics({ register: this.registry, prefix: 'kioku_' });
    events.observeAppends((seconds) => this.appendDuration.observe(seconds));
    this.gauge('kioku_projection_lag_events', 'Committed events a projection has not applied yet.', ['projection'], async (set) => {
      for (const p of await projectionStatuses(pool, projections.all())) set({ projection: p.name }, p.lag);
    });
    // The pool is small on purpose (DATABASE_POOL_SIZE, twice the cores): requests queue here, not inside PostgreSQL.
    // Queries waiting at most scrapes while the database has idle cores mean the pool is too small for this load.
    this.gauge('kioku_db_pool_connections', 'PostgreSQL pool: connections in use, idle, and queries waiting for one.', ['state'], async (set) => {
      set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      set({ state: 'idle' }, pool.idleCount);
      set({ state: 'waiting' }, pool.waitingCount);
    });
    this.gauge('kioku_db_pool_size', 'PostgreSQL pool: the most connections this process opens (DATABASE_POOL_SIZE).', [], async (set) => {
      set({}, config.DATABASE_POOL_SIZE);
    });
  }

  /** A gauge read when Prometheus scrapes (queue depth, lag): `collect` sets one value per label set. */
  gauge<L extends string>(name: string, help: string, labelNames: readonly L[], collect: (set: (labels: Record<L, string>, value: number) => void) => Promise<void>): void {
    const logger = this.logger;
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        // A scrape must not fail because one source is down (Redis for the queue depth): that gauge stays empty.
        await collect((labels, value) => this.set(labels as never, value)).catch((e: Error) => logger.warn(`${name}: ${e.message}`));
      },
    });
  }

  /** The address the metrics listener is bound to (tests start it on port 0). */
  address(): AddressInfo | undefined {
    return (this.server?.address() as AddressInfo | null) ?? undefined;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.METRICS_PORT === undefined || this.config.ROLE === 'cli') return;
    this.server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Only GET /metrics is served here.\n');
        return;
      }
      this.registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': this.registry.contentType }).end(text),
        (e: Error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${e.message}\n`),
      );
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject).listen(this.config.METRICS_PORT, this.config.METRICS_HOST, () => resolve());
    });
    const { address, port } = this.address()!;
    this.logger.log(`Prometheus metrics on http://${address}:${port}/metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.server) await new Promise((resolve) => this.server!.close(resolve));
  }
}
