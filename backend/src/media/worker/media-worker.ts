import { Job, Worker, WorkerOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { MEDIA_QUEUE_NAME, MediaJobData } from '../media-queue';
import type { MediaResult } from '../media.events';
import { MediaJobRunner, RunnerLogger } from './media-job-runner';

export interface MediaWorkerSettings {
  /** a connection made with createRedis (maxRetriesPerRequest null); the worker duplicates it and closes its copies */
  connection: Redis;
  concurrency?: number;
  lockMs?: number;
  stalledIntervalMs?: number;
}

/**
 * The options of a media worker. A job whose worker dies keeps its lock until lockMs, then the stalled check
 * (every stalledIntervalMs, on any worker) puts it back to wait and it runs again: jobs and their outcome events
 * are idempotent, so the second run records the same single outcome. A job that stalls more than twice fails.
 */
export function mediaWorkerOptions(settings: MediaWorkerSettings): WorkerOptions {
  return {
    connection: settings.connection,
    concurrency: settings.concurrency ?? 2,
    lockDuration: settings.lockMs ?? 30_000,
    stalledInterval: settings.stalledIntervalMs ?? 30_000,
    maxStalledCount: 2,
  };
}

/** What a media worker does with BullMQ's events (MediaProcessor's @OnWorkerEvent handlers, createMediaWorker). */
export class MediaWorkerEvents {
  private lastError = 0;

  constructor(
    private readonly runner: () => MediaJobRunner,
    private readonly logger?: RunnerLogger,
  ) {}

  error(error: Error): void {
    // Redis being down repeats this every reconnect attempt: say it once a minute.
    if (Date.now() - this.lastError > 60_000) this.logger?.warn(`media worker: ${error.message}`);
    this.lastError = Date.now();
  }

  /** BullMQ failed a job by itself because it stalled too often (workers died under it): record it as final. */
  failed(job: Job<MediaJobData> | undefined, error: Error): void {
    if (!job || !/stalled more than/i.test(error.message)) return;
    void this.runner()
      .recordGivenUp(job, error.message)
      .catch((e: Error) => this.logger?.warn(`could not record a given-up job: ${e.message}`));
  }
}

export interface MediaWorkerOptions extends MediaWorkerSettings {
  prefix: string;
  runner: MediaJobRunner;
  logger?: RunnerLogger;
}

/**
 * A media worker outside Nest, with the options and event handling of the app's (MediaProcessor): a second
 * worker process in the tests, one that can be killed mid-job.
 */
export function createMediaWorker(options: MediaWorkerOptions): Worker<MediaJobData, MediaResult> {
  const worker = new Worker<MediaJobData, MediaResult>(MEDIA_QUEUE_NAME, (job, _token, signal) => options.runner.run(job, signal), {
    ...mediaWorkerOptions(options),
    prefix: options.prefix,
  });
  const events = new MediaWorkerEvents(() => options.runner, options.logger);
  worker.on('error', (error) => events.error(error));
  worker.on('failed', (job, error) => events.failed(job, error));
  return worker;
}
