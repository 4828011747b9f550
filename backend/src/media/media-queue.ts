import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { createRedis } from '../platform/queue/redis';

export const MEDIA_QUEUE_NAME = 'media';
export const MEDIA_QUEUE = Symbol('MEDIA_QUEUE');

export interface MediaJobData {
  requestEventId: string;
  materialType: string;
  materialId: number;
  action: string;
  actorId: string | null;
  /** action `voice`: what to speak (the material's text when it was asked for; the result names its key) */
  voice?: VoiceJobInput;
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
 * The `media` queue and the Redis connection it owns. The connection has no offline queue, so a call made
 * while Redis is down fails at once instead of waiting for a reconnect and enqueueing later behind the
 * caller's back.
 */
export class MediaQueue {
  readonly connection: Redis;
  readonly queue: Queue<MediaJobData>;
  private closed = false;

  constructor(
    redisUrl: string,
    readonly prefix: string,
    onError: (error: Error) => void = () => undefined,
  ) {
    this.connection = createRedis(redisUrl, { enableOfflineQueue: false, connectionName: `kioku-media-queue` });
    // No meta writes: nothing here reads them, and test apps would leave a key per process behind.
    this.queue = new Queue<MediaJobData>(MEDIA_QUEUE_NAME, { connection: this.connection, prefix, skipMetasUpdate: true });
    this.queue.on('error', onError);
  }

  get ready(): boolean {
    return this.connection.status === 'ready';
  }

  /**
   * True when the connection is up. While the first connection is still being made (just after start) it
   * waits up to `ms` for it; a connection that is known to be down ('reconnecting') answers false at once.
   */
  async whenReady(ms: number): Promise<boolean> {
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
      const timer = setTimeout(() => done(false), ms);
      this.connection.once('ready', onReady);
      this.connection.once('error', onError);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.queue.close().catch(() => undefined);
    this.connection.disconnect();
  }
}
