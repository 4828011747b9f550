import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { Job, Worker } from 'bullmq';
import { MATERIAL_MEDIA_PORT, MaterialMediaPort } from '../material-media.port';
import { MediaDeployment } from '../media-deployment';
import { MEDIA_QUEUE_NAME, MediaJobData } from '../media-queue';
import type { MediaResult } from '../media.events';
import { MEDIA_PROVIDERS, MediaProviders } from '../providers/media-providers';
import { MEDIA_STORAGE, MediaStorage } from '../storage/media-storage';
import { MediaJobRunner, RunnerLogger } from './media-job-runner';
import { MediaWorkerEvents } from './media-worker';

/**
 * The worker of the `media` queue: runs each job's action (MediaJobRunner: one file per action in ../jobs) and
 * records its outcome through the material port. Its worker is built only in worker roles, once the deployment
 * is known, with the configured options (MediaWorkerService).
 */
@Processor(MEDIA_QUEUE_NAME)
export class MediaProcessor extends WorkerHost<Worker<MediaJobData, MediaResult>> {
  private readonly logger = new Logger('media');
  private readonly log: RunnerLogger = {
    info: (message, extra) => this.logger.log(extra ? { msg: message, ...extra } : message),
    warn: (message, extra) => this.logger.warn(extra ? { msg: message, ...extra } : message),
    debug: (message, extra) => this.logger.debug(extra ? { msg: message, ...extra } : message),
  };
  private runner?: MediaJobRunner;
  private readonly events = new MediaWorkerEvents(() => this.jobRunner(), this.log);

  constructor(
    @Inject(MATERIAL_MEDIA_PORT) private readonly port: MaterialMediaPort,
    @Inject(MEDIA_PROVIDERS) private readonly providers: MediaProviders,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    private readonly deployment: MediaDeployment,
  ) {
    super();
  }

  process(job: Job<MediaJobData>, _token?: string, signal?: AbortSignal): Promise<MediaResult> {
    return this.jobRunner().run(job, signal);
  }

  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.events.error(error);
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job<MediaJobData> | undefined, error: Error): void {
    this.events.failed(job, error);
  }

  /** Made on first use: the worker runs only once the deployment, which it refuses other deployments' jobs for, is known. */
  private jobRunner(): MediaJobRunner {
    return (this.runner ??= new MediaJobRunner(this.port, this.providers, this.storage, this.log, this.deployment.id));
  }
}
