import { Job, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { MEDIA_QUEUE_NAME, MediaJobData } from '../media-queue';
import type { MediaResult } from '../media.events';
import { MediaJobRunner, RunnerLogger } from './media-job-runner';

export interface MediaWorkerOptions {
  /** a connection made with createRedis (maxRetriesPerRequest null); the worker duplicates it and closes its copies */
  connection: Redis;
  prefix: string;
  runner: MediaJobRunner;
  concurrency?: number;
  lockMs?: number;
  stalledIntervalMs?: number;
  logger?: RunnerLogger;
}

/**
 * The BullMQ worker of the `media` queue. A job whose worker dies keeps its lock until lockMs, then the
 * stalled check (every stalledIntervalMs, on any worker) puts it back to wait and it runs again: jobs and
 * their outcome events are idempotent, so the second run records the same single outcome.
 */
export function createMediaWorker(options: MediaWorkerOptions): Worker<MediaJobData, MediaResult> {
  const worker = new Worker<MediaJobData, MediaResult>(MEDIA_QUEUE_NAME, (job, _token, signal) => options.runner.run(job, signal), {
    connection: options.connection,
    prefix: options.prefix,
    concurrency: options.concurrency ?? 2,
    lockDuration: options.lockMs ?? 30_000,
    stalledInterval: options.stalledIntervalMs ?? 30_000,
    maxStalledCount: 2,
  });
  let lastError = 0;
  worker.on('error', (error) => {
    // Redis being down repeats this every reconnect attempt: say it once a minute.
    if (Date.now() - lastError > 60_000) options.logger?.warn(`media worker: ${error.message}`);
    lastError = Date.now();
  });
  worker.on('failed', (job: Job<MediaJobData> | undefined, error: Error) => {
    if (job && /stalled more than/i.test(error.message)) {
      void options.runner.recordGivenUp(job, error.message).catch((e: Error) => options.logger?.warn(`could not record a given-up job: ${e.message}`));
    }
  });
  return worker;
}
