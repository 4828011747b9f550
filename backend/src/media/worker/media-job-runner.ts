import { Job, UnrecoverableError } from 'bullmq';
import { MEDIA_JOBS } from '../jobs';
import { isMediaJobAction } from '../media-actions';
import { MediaJobError } from '../media-job-error';
import { MediaResult, mediaResultSchema } from '../media.events';
import type { MaterialMediaPort, MediaJobContext } from '../material-media.port';
import type { MediaJobData } from '../media-queue';
import type { MediaProviders } from '../providers/media-providers';
import type { MediaStorage } from '../storage/media-storage';

export interface RunnerLogger {
  info(message: string, extra?: Record<string, unknown>): void;
  warn(message: string, extra?: Record<string, unknown>): void;
  /** lines nobody reads at the default level (each clip of the system voice); dropped when absent */
  debug?(message: string, extra?: Record<string, unknown>): void;
}

const silent: RunnerLogger = { info: () => undefined, warn: () => undefined };

/**
 * Where a job's routine lines go: the system voice's thousands of clips (action voice) log at debug, so a
 * newcomer's terminal shows the voice scheduler's one progress line instead of two lines per clip (issue 31:
 * ~118,000 lines in an hour); an admin's own request keeps its info lines. Failures are warnings for both.
 */
function routineLog(logger: RunnerLogger, action: string): (message: string, extra?: Record<string, unknown>) => void {
  if (action !== 'voice') return (message, extra) => logger.info(message, extra);
  return (message, extra) => logger.debug?.(message, extra);
}

/** A failure message the admin can act on, whatever was thrown. */
export function failureMessage(action: string, error: unknown): string {
  if (error instanceof MediaJobError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return `${action} failed unexpectedly: ${message.slice(0, 500)}. If it keeps failing, the worker's log has the details.`;
}

/**
 * Runs one media job: loads the material through the port, runs the action's job, records the outcome through
 * the port. Failures that retrying cannot fix become UnrecoverableError (no retry); the others are retried by
 * BullMQ and recorded as final on the last attempt.
 */
export class MediaJobRunner {
  constructor(
    private readonly port: MaterialMediaPort,
    private readonly providers: MediaProviders,
    private readonly storage: MediaStorage,
    private readonly logger: RunnerLogger = silent,
    /** this worker's deployment: a job stamped with another one is refused, never applied here */
    private readonly deploymentId: string | null = null,
  ) {}

  async run(job: Pick<Job<MediaJobData>, 'id' | 'data' | 'attemptsMade' | 'opts'>, signal?: AbortSignal): Promise<MediaResult> {
    const { requestEventId, materialType, materialId, action, actorId } = job.data;
    const jobId = String(job.id);
    const attempt = job.attemptsMade + 1;
    const maxAttempts = job.opts.attempts ?? 1;
    const context: MediaJobContext = { materialType, materialId, actorId, attempt, ...(job.data.voice ? { voice: job.data.voice } : {}) };
    if (!isMediaJobAction(action)) throw new UnrecoverableError(`Unknown media action "${action}".`);
    if (this.deploymentId && job.data.deploymentId && job.data.deploymentId !== this.deploymentId) {
      // Two deployments configured with one MEDIA_QUEUE_PREFIX: the job is not ours; nothing is recorded here.
      this.logger.warn(`refused a job of another deployment (${job.data.deploymentId})`, { jobId });
      throw new UnrecoverableError(`This job belongs to another Kioku deployment (${job.data.deploymentId}); it was not applied to this database (${this.deploymentId}). Give each deployment its own MEDIA_QUEUE_PREFIX.`);
    }
    const log = routineLog(this.logger, action);
    try {
      // A voice job carries its text; the others read the material.
      const material = action === 'voice' ? {} : await this.port.load(materialType, materialId);
      if (!material) throw new MediaJobError(`The ${materialType} material ${materialId} does not exist (any more).`, false);
      const produced = await MEDIA_JOBS[action].run({
        action,
        materialType,
        materialId,
        material,
        voice: job.data.voice,
        providers: this.providers,
        storage: this.storage,
        signal,
        log: (message) => log(message, { jobId, action }),
      });
      const result = mediaResultSchema.parse(produced);
      await this.port.recordSucceeded(requestEventId, action, result, jobId, context);
      log(`${action} succeeded`, { jobId, materialType, materialId });
      return result;
    } catch (error) {
      const message = failureMessage(action, error);
      const retryable = !(error instanceof MediaJobError) || error.retryable;
      const final = !retryable || attempt >= maxAttempts;
      this.logger.warn(`${action} failed${final ? '' : ', will retry'}: ${message}`, { jobId, attempt, err: error instanceof MediaJobError ? undefined : String((error as Error)?.stack ?? error) });
      await this.port.recordFailed(requestEventId, action, message, final, { ...context, jobId }).catch((e: Error) =>
        this.logger.warn(`could not record the failure of ${action}: ${e.message}`, { jobId }),
      );
      if (!retryable) throw new UnrecoverableError(message);
      throw new Error(message);
    }
  }

  /** BullMQ failed a job by itself (it stalled too often: workers died under it): record it as final. */
  async recordGivenUp(job: Pick<Job<MediaJobData>, 'id' | 'data' | 'attemptsMade'>, reason: string): Promise<void> {
    const { requestEventId, materialType, materialId, action, actorId } = job.data;
    if (!isMediaJobAction(action)) return;
    const message = `${action} was given up: ${reason}. The worker processing it stopped repeatedly; check the worker's log and run the action again.`;
    await this.port.recordFailed(requestEventId, action, message, true, {
      materialType,
      materialId,
      actorId,
      attempt: job.attemptsMade + 1,
      jobId: String(job.id),
      ...(job.data.voice ? { voice: job.data.voice } : {}),
    });
  }
}
