// Issue 18: Prometheus metrics on a listener of their own (METRICS_PORT), in the text format: request latency per
// route pattern, event-store append latency, projection lag per projection, and the process's own figures.
import { z } from 'zod';
import type { Pool } from 'pg';
import { APP_CONFIG, PG_POOL } from '../database/database.module';
import { EventStore } from '../event-store/event-store';
import { defineEvent } from '../event-store/event-registry';
import { startTestApp, TestApp } from '../../../test/http-app';
import { MetricsService } from './metrics.service';

const MetricsProbed = defineEvent('TestMetricsProbed', z.object({ n: z.number() }));

describe('GET /metrics (issue 18)', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { METRICS_PORT: '0' } });
    const { port } = t.app.get(MetricsService).address()!;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(() => t.close());

  it('answers the Prometheus text format with latency by route pattern, append latency and projection lag', async () => {
    await t.inject({ method: 'GET', url: '/api/health' });
    await t.inject({ method: 'GET', url: '/api/kanji/26085' });
    await t.app.get(EventStore).append(`metrics-test-${process.pid}-${Date.now()}`, 'test', 'any', [MetricsProbed({ n: 1 })]);

    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(/^# TYPE kioku_http_request_duration_seconds histogram$/m);
    expect(text).toMatch(/^kioku_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} [1-9]/m);
    // The route's pattern, never the id in the URL (one series per card would grow without bound).
    expect(text).toMatch(/route="\/api\/kanji\/:id"/);
    expect(text).not.toMatch(/route="\/api\/kanji\/26085"/);
    expect(text).toMatch(/^kioku_event_store_append_duration_seconds_count [1-9]/m);
    expect(text).toMatch(/^kioku_projection_lag_events\{projection="[a-z_]+"\} \d+$/m);
    expect(text).toMatch(/^# TYPE kioku_grades_total counter$/m);
    // Counted from Nest's EventBus notification, published after the append's commit.
    expect(text).toMatch(/^kioku_events_committed_total\{type="TestMetricsProbed"\} 1$/m);
    expect(text).toMatch(/^kioku_process_cpu_seconds_total /m);
    // The database pool, read at scrape time: its configured size, and its connections by state.
    expect(text).toMatch(new RegExp(`^kioku_db_pool_size ${t.app.get(APP_CONFIG).DATABASE_POOL_SIZE}$`, 'm'));
    expect(text).toMatch(/^kioku_db_pool_connections\{state="in_use"\} \d+$/m);
    expect(text).toMatch(/^kioku_db_pool_connections\{state="idle"\} \d+$/m);
    expect(text).toMatch(/^kioku_db_pool_connections\{state="waiting"\} \d+$/m);
    // The media context's gauge, read from Redis at scrape time.
    expect(text).toMatch(/^kioku_queue_jobs\{queue="media",state="waiting"\} \d+$/m);
  });

  it('shows the database pool filling up: every connection in use, then queries waiting for one', async () => {
    const pool = t.app.get<Pool>(PG_POOL);
    const size = t.app.get(APP_CONFIG).DATABASE_POOL_SIZE;
    const poolGauge = async () => {
      const { values } = await t.app.get(MetricsService).registry.getSingleMetric('kioku_db_pool_connections')!.get();
      return Object.fromEntries(values.map((v) => [v.labels.state, v.value]));
    };
    const held = await Promise.all(Array.from({ length: size }, () => pool.connect()));
    const queued = pool.query('select 1');
    try {
      const full = await poolGauge();
      expect(full.in_use).toBe(size);
      expect(full.idle).toBe(0);
      expect(full.waiting).toBeGreaterThanOrEqual(1);
    } finally {
      for (const client of held) client.release();
    }
    await queued;
    const after = await poolGauge();
    expect(after.in_use + after.idle).toBeLessThanOrEqual(size);
  });

  it('serves nothing else on that port, and nothing on the public port', async () => {
    expect((await fetch(`${base}/api/health`)).status).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});
