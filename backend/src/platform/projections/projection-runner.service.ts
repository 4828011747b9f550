import { Inject, Injectable, Logger, OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { AppConfig, runsProjections } from '../config/config';
import { APP_CONFIG, PG_POOL } from '../database/database.module';
import { ProjectionRegistry } from './projection-registry';
import { ProjectionRunner } from './projection-runner';

/** Starts the projection runner in processes whose ROLE is `all` or `worker`. */
@Injectable()
export class ProjectionRunnerService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('projections');
  private runner?: ProjectionRunner;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: ProjectionRegistry,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!runsProjections(this.config) || process.env.KIOKU_NO_RUNNER === '1') return;
    this.runner = new ProjectionRunner(this.pool, this.registry.all(), {
      leaseMs: this.config.PROJECTION_LEASE_SECONDS * 1000,
      pollMs: this.config.PROJECTION_POLL_MS,
      listenUrl: this.config.DATABASE_LISTEN_URL ?? this.config.DATABASE_URL,
      onError: (name, error) => this.logger.warn({ projection: name, err: String(error) }, 'projection batch failed; retrying'),
    });
    await this.runner.start();
  }

  // Before the database module's onApplicationShutdown ends the pool: a batch still running would fail on it.
  async beforeApplicationShutdown(): Promise<void> {
    await this.runner?.stop();
  }
}
