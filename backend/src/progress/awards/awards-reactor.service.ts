import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Pool } from 'pg';
import { AppConfig, runsProjections } from '../../platform/config/config';
import { APP_CONFIG, PG_POOL } from '../../platform/database/database.module';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { awardsReactor } from './awards.reactor';

const AWARDS_POLL_MS = 500;

/** Runs the awards reactor where projections run (ROLE all or worker), with its own lease and checkpoint. */
@Injectable()
export class AwardsReactorService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('awards');
  private runner?: ProjectionRunner;

  constructor(@Inject(PG_POOL) private readonly pool: Pool, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!runsProjections(this.config) || process.env.KIOKU_NO_RUNNER === '1') return;
    // Awards need not appear within milliseconds: the reactor polls (no NOTIFY wake-ups), waits as long between
    // batches under a steady stream of grades (the runner's default 20 ms linger had it step 30 times a second,
    // about ten queries each: as many queries as the grades themselves, issue 19) and takes big batches, so under
    // load it costs a few queries a second instead of a few per grade.
    this.runner = new ProjectionRunner(this.pool, [awardsReactor(this.pool)], {
      leaseMs: this.config.PROJECTION_LEASE_SECONDS * 1000,
      pollMs: Math.max(this.config.PROJECTION_POLL_MS, AWARDS_POLL_MS),
      lingerMs: AWARDS_POLL_MS,
      batchSize: 5_000,
      onError: (name, error) => this.logger.warn({ reactor: name, err: String(error) }, 'awards batch failed; retrying'),
    });
    await this.runner.start();
  }

  // Before shutdown, not on it: the pool is closed in the shutdown phase, and the runner hands its lease back.
  async beforeApplicationShutdown(): Promise<void> {
    await this.runner?.stop();
  }
}
