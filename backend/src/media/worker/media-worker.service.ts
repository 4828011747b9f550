import { BullRegistrar, Processor } from '@nestjs/bullmq';
import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { AppConfig, runsMediaWork } from '../../platform/config/config';
import { APP_CONFIG } from '../../platform/database/database.module';
import { createRedis } from '../../platform/queue/redis';
import { MediaDeployment } from '../media-deployment';
import { MEDIA_QUEUE_NAME } from '../media-queue';
import { MediaSettings } from '../media-settings';
import { MEDIA_SETTINGS } from '../providers/media-providers';
import { MediaProcessor } from './media.processor';
import { mediaWorkerOptions } from './media-worker';

/**
 * Starts MediaProcessor's worker in processes whose ROLE is `all` or `worker` (not `api`, not with
 * KIOKU_NO_WORKER=1), once the deployment is known (its jobs are refused by other deployments' workers and the
 * other way round). BullModule is told not to build workers at bootstrap (`manualRegistration`); this builds
 * it with BullRegistrar. Shutdown waits MEDIA_SHUTDOWN_GRACE_MS for running jobs, then lets go: what is still
 * running is picked up again by another worker once its lock expires.
 */
@Injectable()
export class MediaWorkerService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('media');
  private worker?: Worker;
  private stopping = false;
  private connection?: Redis;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MEDIA_SETTINGS) private readonly settings: MediaSettings,
    private readonly deployment: MediaDeployment,
    private readonly registrar: BullRegistrar,
    private readonly processor: MediaProcessor,
  ) {}

  get running(): boolean {
    return Boolean(this.worker);
  }

  onApplicationBootstrap(): void {
    if (!runsMediaWork(this.config) || process.env.KIOKU_NO_WORKER === '1') return;
    void this.deployment.known().then(() => this.start());
  }

  private start(): void {
    if (this.stopping || !this.deployment.isKnown) return;
    // Its own connection, with an offline queue (unlike the queue's): through a Redis restart the worker's lock
    // renewals and moves wait for the reconnect instead of failing.
    this.connection = createRedis(this.config.REDIS_URL, { connectionName: 'kioku-media-worker' });
    // The explorer builds the worker with the options of @Processor, which are fixed when the class is declared;
    // these come from the configuration, so they are set on the processor just before it is registered.
    Processor(
      MEDIA_QUEUE_NAME,
      mediaWorkerOptions({
        connection: this.connection,
        concurrency: this.settings.concurrency,
        lockMs: this.settings.lockMs,
        stalledIntervalMs: this.settings.stalledIntervalMs,
      }),
    )(MediaProcessor);
    this.registrar.register();
    this.worker = this.processor.worker;
    this.logger.log(`media worker started (queue ${this.deployment.prefix}:${MEDIA_QUEUE_NAME}, tts ${this.settings.tts.kind}, storage ${this.settings.storage.kind})`);
  }

  /** Before BullModule's own shutdown, which would wait for running jobs however long they take. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    const worker = this.worker;
    this.worker = undefined;
    if (worker) {
      let timer: NodeJS.Timeout | undefined;
      // pause: no new job; resolves once the running ones are done.
      const drained = await Promise.race([
        worker.pause().then(() => true, () => true),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), this.settings.shutdownGraceMs))),
      ]);
      clearTimeout(timer);
      if (!drained) this.logger.warn('media jobs still running at shutdown are left to be retried by another worker');
      await worker.close(true).catch(() => undefined);
    }
    this.connection?.disconnect();
  }
}
