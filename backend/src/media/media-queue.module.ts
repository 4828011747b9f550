import { BullModule } from '@nestjs/bullmq';
import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { Pool } from 'pg';
import { AppConfig } from '../platform/config/config';
import { APP_CONFIG, PG_POOL } from '../platform/database/database.module';
import { readDeploymentId } from '../platform/database/deployment-identity';
import { HealthReports } from '../platform/health/health-reports';
import { createRedis } from '../platform/queue/redis';
import { MediaDeployment } from './media-deployment';
import { MEDIA_QUEUE_CONNECTION, MEDIA_QUEUE_NAME } from './media-queue';

/**
 * The media queue's connection. No offline queue: a job added while Redis is down fails at once (503) instead of
 * being sent behind the caller's back once Redis is back.
 */
export function createMediaQueueConnection(redisUrl: string): Redis {
  return createRedis(redisUrl, { enableOfflineQueue: false, connectionName: 'kioku-media-queue' });
}

/**
 * What BullModule needs to register the media queue: its connection and its deployment (prefix and id). Workers
 * have connections of their own (MediaWorkerService).
 */
@Module({
  providers: [
    {
      provide: MEDIA_QUEUE_CONNECTION,
      useFactory: (config: AppConfig) => createMediaQueueConnection(config.REDIS_URL),
      inject: [APP_CONFIG],
    },
    {
      // MEDIA_QUEUE_PREFIX names the queue (the tests give each Jest process its own); unset, the queue is this
      // database's: `kioku-<first 8 hex of the deployment id>`. The prefix is claimed for this deployment in Redis
      // through the queue's connection, so a second deployment configured with the same prefix is refused.
      provide: MediaDeployment,
      useFactory: (config: AppConfig, pool: Pool, redis: Redis) => MediaDeployment.start(config.MEDIA_QUEUE_PREFIX ?? null, () => readDeploymentId(pool), { redis }),
      inject: [APP_CONFIG, PG_POOL, MEDIA_QUEUE_CONNECTION],
    },
  ],
  exports: [MEDIA_QUEUE_CONNECTION, MediaDeployment],
})
export class MediaQueueConnectionModule implements OnApplicationShutdown {
  constructor(
    @Inject(MEDIA_QUEUE_CONNECTION) private readonly connection: Redis,
    deployment: MediaDeployment,
    reports: HealthReports,
  ) {
    // Health says so while another deployment holds this queue prefix (this one then runs no media job).
    reports.register('media_queue', () => {
      const conflict = deployment.conflict;
      return conflict
        ? { status: 'down', error: `Another deployment (${conflict.otherDeploymentId}) uses the media queue prefix ${conflict.prefix}: give this one its own MEDIA_QUEUE_PREFIX. No media job runs here meanwhile.` }
        : { status: 'up' };
    });
  }

  onApplicationShutdown(): void {
    this.connection.disconnect();
  }
}

/**
 * The media queue on @nestjs/bullmq: the root configuration (its connection; workers registered by hand, see
 * MediaWorkerService) and the `media` queue with this deployment's prefix.
 */
export const MEDIA_QUEUE_MODULES = [
  MediaQueueConnectionModule,
  BullModule.forRootAsync({
    imports: [MediaQueueConnectionModule],
    useFactory: (connection: Redis) => ({ connection }),
    inject: [MEDIA_QUEUE_CONNECTION],
    // No worker at bootstrap: only worker roles run one, and only once the deployment is known.
    extraOptions: { manualRegistration: true },
  }),
  BullModule.registerQueueAsync({
    name: MEDIA_QUEUE_NAME,
    imports: [MediaQueueConnectionModule],
    // No meta writes: nothing here reads them, and test apps would leave a key per process behind.
    useFactory: (deployment: MediaDeployment) => ({ prefix: deployment.prefix, skipMetasUpdate: true }),
    inject: [MediaDeployment],
  }),
];
