import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { JobsOptions, Queue } from 'bullmq';
import { z } from 'zod';
import { AppError } from '../platform/errors/app-error';
import { parseOrThrow } from '../platform/http/zod.pipe';
import { assertMediaActions, MEDIA_JOB_ACTIONS, MediaJobAction } from './media-actions';
import { MEDIA_QUEUE_NAME, MediaJobData, mediaJobId, MediaQueue, type VoiceJobInput } from './media-queue';

export const QUEUE_UNAVAILABLE = 'Media actions are unavailable right now because the job queue (Redis) cannot be reached. Try again in a minute.';
export const MEDIA_JOB_ATTEMPTS = 4;

const requestSchema = z.object({
  requestEventId: z.uuid(),
  materialType: z.string().regex(/^[a-z_]{1,30}$/),
  materialId: z.number().int().positive(),
  actions: z.array(z.string()).min(1),
  actorId: z.string().max(100).nullable().optional(),
});

export interface MediaJobsRequest {
  /** the id of the MediaActionRequested event: every job id and outcome event id derive from it */
  requestEventId: string;
  materialType: string;
  materialId: number;
  /** action names; approve_* / unapprove_* are accepted and skipped (they are not jobs) */
  actions: string[];
  actorId?: string | null;
}

export interface VoiceJobRequest {
  requestEventId: string;
  materialType: string;
  materialId: number;
  voice: VoiceJobInput;
  priority: number;
}

export interface EnqueuedMediaJob {
  action: MediaJobAction;
  jobId: string;
}

async function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

export const MEDIA_JOBS_OPTIONS = Symbol('MEDIA_JOBS_OPTIONS');
export interface MediaJobsOptions {
  /** first retry delay (exponential backoff); 2 s by default */
  backoffMs?: number;
  /** how long enqueue waits for Redis before answering 503; 2 s by default */
  timeoutMs?: number;
}

const unavailable = () => new AppError('unavailable', QUEUE_UNAVAILABLE, { retryAfterSeconds: 60 });

/**
 * Enqueues media actions: one BullMQ job per action on the `media` queue, with an id derived from the
 * request event, so enqueueing the same request twice adds nothing. Fails within ~2 s with a 503 AppError
 * when Redis cannot be reached.
 */
@Injectable()
export class MediaJobs {
  constructor(
    /** where the jobs go */
    @InjectQueue(MEDIA_QUEUE_NAME) private readonly queue: Queue<MediaJobData>,
    /** whether Redis answers, and the deployment every job is stamped with */
    private readonly media: MediaQueue,
    @Optional() @Inject(MEDIA_JOBS_OPTIONS) private readonly options: MediaJobsOptions = {},
  ) {
    this.options ??= {};
  }

  /**
   * Throws the 503 AppError unless the queue's Redis connection is up (waiting at most ~1.5 s while a first
   * connection is being made). Call it before recording a request, so no request is recorded without its jobs.
   */
  async assertAvailable(): Promise<void> {
    if (!(await this.media.whenReady(Math.min(1_500, this.options.timeoutMs ?? 2_000)))) throw unavailable();
  }

  async enqueue(request: MediaJobsRequest): Promise<EnqueuedMediaJob[]> {
    const r = parseOrThrow(requestSchema, request, 'media job request');
    assertMediaActions(r.actions);
    // The admin's job actions only: `voice` is the system's (enqueueVoice), and assertMediaActions refused it.
    const actions: MediaJobAction[] = [...new Set(r.actions.filter((a) => (MEDIA_JOB_ACTIONS as readonly string[]).includes(a)))] as MediaJobAction[];
    if (!actions.length) return [];
    const started = Date.now();
    const budget = this.options.timeoutMs ?? 2_000;
    await this.assertAvailable();
    const jobs = actions.map((action) => {
      const jobId = mediaJobId(r.requestEventId, action);
      const data: MediaJobData = {
        requestEventId: r.requestEventId,
        materialType: r.materialType,
        materialId: r.materialId,
        action,
        actorId: r.actorId ?? null,
        ...(this.media.deploymentId ? { deploymentId: this.media.deploymentId } : {}),
      };
      const opts: JobsOptions = {
        jobId,
        attempts: MEDIA_JOB_ATTEMPTS,
        backoff: { type: 'exponential', delay: this.options.backoffMs ?? 2_000 },
        removeOnComplete: { age: 7 * 24 * 3600, count: 1_000 },
        removeOnFail: { age: 30 * 24 * 3600, count: 5_000 },
      };
      return { name: action, data, opts };
    });
    try {
      await within(this.queue.addBulk(jobs), Math.max(500, budget - (Date.now() - started)));
    } catch {
      throw unavailable();
    }
    return actions.map((action) => ({ action, jobId: mediaJobId(r.requestEventId, action) }));
  }

  /**
   * Enqueues voice jobs (the system's, never an admin's), one per material whose clip is missing: job id from
   * the request event id, so a request enqueued again (a restarted scheduler, another worker) adds nothing while
   * BullMQ keeps the job. `priority`: lower runs first (level 1 of every course before level 2…).
   */
  async enqueueVoice(requests: readonly VoiceJobRequest[]): Promise<void> {
    if (!requests.length) return;
    await this.assertAvailable();
    const jobs = requests.map((r) => {
      const data: MediaJobData = {
        requestEventId: r.requestEventId,
        materialType: r.materialType,
        materialId: r.materialId,
        action: 'voice',
        actorId: null,
        voice: r.voice,
        ...(this.media.deploymentId ? { deploymentId: this.media.deploymentId } : {}),
      };
      const opts: JobsOptions = {
        jobId: mediaJobId(r.requestEventId, 'voice'),
        priority: Math.max(1, Math.min(2_000_000, Math.round(r.priority))),
        attempts: MEDIA_JOB_ATTEMPTS,
        backoff: { type: 'exponential', delay: this.options.backoffMs ?? 2_000 },
        // Kept long enough that a scheduler pass never enqueues a clip twice while its outcome is being recorded.
        removeOnComplete: { age: 24 * 3600, count: 50_000 },
        removeOnFail: { age: 30 * 24 * 3600, count: 5_000 },
      };
      return { name: 'voice', data, opts };
    });
    try {
      await within(this.queue.addBulk(jobs), Math.max(2_000, this.options.timeoutMs ?? 2_000) * 5);
    } catch {
      throw unavailable();
    }
  }
}
