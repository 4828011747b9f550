import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { AppConfig } from '../../platform/config/config';
import { APP_CONFIG } from '../../platform/database/database.module';
import { createRedis } from '../../platform/queue/redis';
import { MATERIAL_MEDIA_PORT, MaterialMediaPort } from '../material-media.port';
import { MEDIA_QUEUE, MediaQueue } from '../media-queue';
import { MediaSettings } from '../media-settings';
import { MEDIA_PROVIDERS, MEDIA_SETTINGS, MediaProviders } from '../providers/media-providers';
import { MEDIA_STORAGE, MediaStorage } from '../storage/media-storage';
import { MediaJobRunner } from './media-job-runner';
import { createMediaWorker } from './media-worker';

/**
 * Runs the media worker in processes whose ROLE is `all` or `worker` (not `api`, not with KIOKU_NO_WORKER=1).
 * Shutdown waits MEDIA_SHUTDOWN_GRACE_MS for running jobs, then lets go: what is still running is picked up
 * again by another worker once its lock expires.
 */
@Injectable()
export class MediaWorkerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('media');
  private worker?: Worker;
  private stopping = false;
  private connection?: Redis;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MEDIA_SETTINGS) private readonly settings: MediaSettings,
    @Inject(MEDIA_PROVIDERS) private readonly providers: MediaProviders,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    @Inject(MATERIAL_MEDIA_PORT) private readonly port: MaterialMediaPort,
    @Inject(MEDIA_QUEUE) private readonly media: MediaQueue,
  ) {}

  get running(): boolean {
    return Boolean(this.worker);
  }

  onApplicationBootstrap(): void {
    if (this.config.ROLE === 'api' || process.env.KIOKU_NO_WORKER === '1') return;
    // The queue's name comes from the database (the deployment id): the worker starts once it is known.
    void this.media.named$().then(() => this.start());
  }

  private start(): void {
    if (this.stopping) return;
    const log = {
      info: (message: string, extra?: Record<string, unknown>) => this.logger.log(extra ? { msg: message, ...extra } : message),
      warn: (message: string, extra?: Record<string, unknown>) => this.logger.warn(extra ? { msg: message, ...extra } : message),
    };
    this.connection = createRedis(this.config.REDIS_URL, { connectionName: 'kioku-media-worker' });
    this.worker = createMediaWorker({
      connection: this.connection,
      prefix: this.media.prefix!,
      runner: new MediaJobRunner(this.port, this.providers, this.storage, log, this.media.deploymentId),
      concurrency: this.settings.concurrency,
      lockMs: this.settings.lockMs,
      stalledIntervalMs: this.settings.stalledIntervalMs,
      logger: log,
    });
    this.logger.log(`media worker started (queue ${this.media.prefix}:media, tts ${this.settings.tts.kind}, storage ${this.settings.storage.kind})`);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    const worker = this.worker;
    this.worker = undefined;
    if (worker) {
      let timer: NodeJS.Timeout | undefined;
      const closed = await Promise.race([
        worker.close().then(() => true, () => true),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), this.settings.shutdownGraceMs))),
      ]);
      clearTimeout(timer);
      if (!closed) this.logger.warn('media jobs still running at shutdown are left to be retried by another worker');
    }
    this.connection?.disconnect();
  }
}
