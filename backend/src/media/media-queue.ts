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
 * The `media` queue and the Redis connection it owns. The connection has no offline queue, so a call made
 * while Redis is down fails at once instead of waiting for a reconnect and enqueueing later behind the
 * caller's back.
 */
export class MediaQueue {
  readonly connection: Redis;
  private current?: Queue<MediaJobData>;
  private resolved?: Promise<void>;
  private named?: { prefix: string; deploymentId: string | null };
  private closed = false;

  /**
   * `prefix`: the Redis key prefix, or a function that finds it (and the deployment id) in the database — the
   * app starts even while PostgreSQL is down, and the queue comes into being once the deployment is known.
   */
  constructor(
    redisUrl: string,
    prefix: string | (() => Promise<{ prefix: string; deploymentId: string }>),
    private readonly onError: (error: Error) => void = () => undefined,
    /** the deployment (database) the jobs come from: stamped on every job; a worker of another one refuses it */
    deploymentId: string | null = null,
  ) {
    this.connection = createRedis(redisUrl, { enableOfflineQueue: false, connectionName: `kioku-media-queue` });
    if (typeof prefix === 'string') this.name({ prefix, deploymentId });
    else this.resolved = this.resolve(prefix);
  }

  /** The BullMQ queue; throws before the deployment is known (call `resolve()`/`whenReady()` first). */
  get queue(): Queue<MediaJobData> {
    if (!this.current) throw new Error('The media queue is not ready yet: the deployment id has not been read from the database.');
    return this.current;
  }

  get prefix(): string | null {
    return this.named?.prefix ?? null;
  }

  get deploymentId(): string | null {
    return this.named?.deploymentId ?? null;
  }

  /** Resolves once the queue exists (at once with a fixed prefix). */
  async named$(): Promise<void> {
    await this.resolved;
  }

  private name(named: { prefix: string; deploymentId: string | null }): void {
    this.named = named;
    // No meta writes: nothing here reads them, and test apps would leave a key per process behind.
    this.current = new Queue<MediaJobData>(MEDIA_QUEUE_NAME, { connection: this.connection, prefix: named.prefix, skipMetasUpdate: true });
    this.current.on('error', this.onError);
  }

  /** Reads the deployment until it can (the database may be down at start), every 2 s. */
  private async resolve(find: () => Promise<{ prefix: string; deploymentId: string }>): Promise<void> {
    for (;;) {
      if (this.closed) return;
      try {
        this.name(await find());
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 2_000).unref());
      }
    }
  }

  get ready(): boolean {
    return Boolean(this.current) && this.connection.status === 'ready';
  }

  /**
   * True when the connection is up. While the first connection is still being made (just after start) it
   * waits up to `ms` for it; a connection that is known to be down ('reconnecting') answers false at once.
   */
  async whenReady(ms: number): Promise<boolean> {
    if (!this.current) {
      // The deployment is not known yet (the database was down at start): wait for it, within the budget.
      let timer: NodeJS.Timeout | undefined;
      const known = await Promise.race([this.resolved!.then(() => true), new Promise<boolean>((r) => (timer = setTimeout(() => r(false), ms)))]);
      clearTimeout(timer);
      if (!known) return false;
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
      const timer = setTimeout(() => done(false), ms);
      this.connection.once('ready', onReady);
      this.connection.once('error', onError);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.current?.close().catch(() => undefined);
    this.connection.disconnect();
  }
}

/** The queue of one deployment: `kioku-` and the first 8 hex digits of its id (migration 041). */
export function deploymentQueuePrefix(deploymentId: string): string {
  return `kioku-${deploymentId.replace(/-/g, '').slice(0, 8)}`;
}
