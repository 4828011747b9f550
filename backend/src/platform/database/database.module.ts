import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { AppConfig } from '../config/config';
import { CLOCK, systemClock } from '../clock';
import { EventStore } from '../event-store/event-store';
import { createPool, PoolOptions } from './database';
import { ReplicaReads } from './replica-reads';

export const PG_POOL = Symbol('PG_POOL');
export const APP_CONFIG = Symbol('APP_CONFIG');

@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly replicaReads: ReplicaReads,
  ) {}

  static forConfig(config: AppConfig) {
    return {
      module: DatabaseModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: CLOCK, useValue: systemClock },
        {
          provide: PG_POOL,
          useFactory: () => createPool(config.DATABASE_URL, config.DATABASE_POOL_SIZE, appPoolOptions(config)),
        },
        { provide: EventStore, useFactory: (pool: Pool) => new EventStore(pool), inject: [PG_POOL] },
        { provide: ReplicaReads, useFactory: (pool: Pool) => replicaReads(config, pool), inject: [PG_POOL] },
      ],
      exports: [APP_CONFIG, CLOCK, PG_POOL, EventStore, ReplicaReads],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.replicaReads.close();
    await this.pool.end().catch(() => undefined);
  }
}

/**
 * The app's pool: a wait for a connection ends (503, Retry-After), and so do a runaway statement and a transaction
 * left open (issue 28). An operator command (ROLE cli) keeps PostgreSQL's defaults: its rebuilds run long statements.
 */
export function appPoolOptions(config: AppConfig): PoolOptions {
  const operator = config.ROLE === 'cli';
  return {
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS === 'on',
    connectionTimeoutMillis: config.DATABASE_ACQUIRE_TIMEOUT_MS || undefined,
    statementTimeoutMillis: operator ? undefined : config.DATABASE_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMillis: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
}

/** The replica's pool answers fast or not at all: a read it cannot serve within a few seconds goes to the primary. */
function replicaReads(config: AppConfig, primary: Pool): ReplicaReads {
  const replica = config.DATABASE_REPLICA_URL
    ? createPool(config.DATABASE_REPLICA_URL, config.DATABASE_POOL_SIZE, { connectionTimeoutMillis: 2_000, queryTimeoutMillis: 10_000 })
    : null;
  const reads = new ReplicaReads(primary, replica, { maxLagMs: config.DATABASE_REPLICA_MAX_LAG_MS, intervalMs: 500 });
  reads.start();
  return reads;
}
