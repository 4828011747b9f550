import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { AppError } from '../platform/errors/app-error';
import { MediaDeployment } from './media-deployment';

export { deploymentQueuePrefix } from './media-deployment';

export const MEDIA_QUEUE_NAME = 'media';
/** The MediaQueue (an alias kept for the tests and callers that take the queue by token). */
export const MEDIA_QUEUE = Symbol('MEDIA_QUEUE');
/** The Redis connection of the media queue (BullModule's connection): no offline queue, see MediaQueueModule. */
export const MEDIA_QUEUE_CONNECTION = Symbol('MEDIA_QUEUE_CONNECTION');

export const PREFIX_IN_USE =
  "Media actions are unavailable: this server's media queue prefix (MEDIA_QUEUE_PREFIX) is in use by another Kioku deployment. Give each deployment its own MEDIA_QUEUE_PREFIX; the server log names both.";

export interface MediaJobData {
  requestEventId: string;
  materialType: string;
  materialId: number;
  action: string;
  actorId: string | null;
  /** action `voice`: what to speak (the material's text when it was asked for; the result names its key) */
  voice?: VoiceJobInput;
  /** the deployment (database) that asked: a worker applies jobs of its own deployment only */
  deploymentId?: string;
}

export interface VoiceJobInput {
  kind: 'kana' | 'word' | 'sentence';
  text: string;
  furigana?: string;
  reading?: string;
  key: string;
}

/** BullMQ refuses ':' in custom ids; the request id (a uuid) and the action name contain none. */
export function mediaJobId(requestEventId: string, action: string): string {
  return `${requestEventId}-${action}`.replace(/:/g, '-');
}

/**
 * This deployment's `media` queue (registered with BullModule, injected with @InjectQueue), with what callers need
 * to know before they use it: its deployment, and whether its Redis connection is up.
 */
@Injectable()
export class MediaQueue {
  constructor(
    @InjectQueue(MEDIA_QUEUE_NAME) readonly queue: Queue<MediaJobData>,
    @Inject(MEDIA_QUEUE_CONNECTION) readonly connection: Redis,
    readonly deployment: MediaDeployment,
  ) {
    // While Redis is down the queue reports every failed reconnect; health and the 503s say so, and an 'error'
    // nobody listens to would end the process.
    queue.on('error', () => undefined);
  }

  get prefix(): string {
    return this.deployment.prefix;
  }

  get deploymentId(): string | null {
    return this.deployment.id;
  }

  /** Resolves once the queue has its name: the deployment id is read (at once with a fixed prefix and id). */
  async named$(): Promise<void> {
    await this.deployment.named();
  }

  get ready(): boolean {
    return this.deployment.isKnown && this.connection.status === 'ready';
  }

  /**
   * True when the deployment is known and the connection is up. While either is still coming (just after start)
   * it waits up to `ms`; a connection that is known to be down ('reconnecting') answers false at once. Throws the
   * 503 PREFIX_IN_USE while another deployment holds the prefix (media-deployment.ts): a job enqueued then would be
   * taken, and refused, by the other deployment's workers.
   */
  async whenReady(ms: number): Promise<boolean> {
    const started = Date.now();
    const inUse = () => new AppError('unavailable', PREFIX_IN_USE, { retryAfterSeconds: 60 });
    if (this.deployment.conflict) throw inUse();
    if (!(await this.deployment.knownWithin(ms))) {
      if (this.deployment.conflict) throw inUse();
      return false;
    }
    const status = this.connection.status;
    if (status === 'ready') return true;
    if (!['wait', 'connecting', 'connect'].includes(status)) return false;
    return new Promise<boolean>((resolve) => {
      const done = (value: boolean) => {
        clearTimeout(timer);
        this.connection.off('ready', onReady);
        this.connection.off('error', onError);
        resolve(value);
      };
      const onReady = () => done(true);
      const onError = () => done(false);
      const timer = setTimeout(() => done(false), Math.max(0, ms - (Date.now() - started)));
      this.connection.once('ready', onReady);
      this.connection.once('error', onError);
    });
  }
}
