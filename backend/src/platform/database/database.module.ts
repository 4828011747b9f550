import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { AppConfig } from '../config/config';
import { CLOCK, systemClock } from '../clock';
import { EventStore } from '../event-store/event-store';
import { createPool } from './database';

export const PG_POOL = Symbol('PG_POOL');
export const APP_CONFIG = Symbol('APP_CONFIG');

@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  static forConfig(config: AppConfig) {
    return {
      module: DatabaseModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: CLOCK, useValue: systemClock },
        { provide: PG_POOL, useFactory: () => createPool(config.DATABASE_URL, config.DATABASE_POOL_SIZE) },
        { provide: EventStore, useFactory: (pool: Pool) => new EventStore(pool), inject: [PG_POOL] },
      ],
      exports: [APP_CONFIG, CLOCK, PG_POOL, EventStore],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }
}
