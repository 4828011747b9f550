import { Logger, OnApplicationShutdown } from '@nestjs/common';

/** The queue of one deployment: `kioku-` and the first 8 hex digits of its id (migration 041). */
export function deploymentQueuePrefix(deploymentId: string): string {
  return `kioku-${deploymentId.replace(/-/g, '').slice(0, 8)}`;
}

const RETRY_MS = 2_000;

/**
 * The deployment the media queue belongs to (docs/operations.md, "One queue per deployment"): the queue's Redis
 * prefix, and the deployment id every job carries and a worker compares with its own.
 *
 * The id is read from the database, every 2 s until it answers. With MEDIA_QUEUE_PREFIX set the queue's name
 * does not depend on it: the app starts while PostgreSQL is down, and jobs wait for the id (within their
 * budget, else 503). Without it the queue is named after the deployment, so `start` waits for the database.
 */
export class MediaDeployment implements OnApplicationShutdown {
  private current: string | null = null;
  private settled = false;
  private stopped = false;
  private readonly reading: Promise<void>;

  private constructor(
    private readonly configuredPrefix: string | null,
    read: () => Promise<string | null>,
  ) {
    this.reading = this.readUntilAnswered(read);
  }

  /** The deployment as the app runs it: `configuredPrefix` is MEDIA_QUEUE_PREFIX, `read` reads the id. */
  static async start(configuredPrefix: string | null, read: () => Promise<string>): Promise<MediaDeployment> {
    const deployment = new MediaDeployment(configuredPrefix, read);
    if (!configuredPrefix) await deployment.known();
    return deployment;
  }

  /** A deployment known from the start (tests, standalone queues); a null id stamps nothing on jobs. */
  static fixed(prefix: string, id: string | null = null): MediaDeployment {
    return new MediaDeployment(prefix, async () => id);
  }

  /** The Redis key prefix of the media queue. */
  get prefix(): string {
    if (this.configuredPrefix) return this.configuredPrefix;
    if (!this.current) throw new Error('The media queue has no name yet: the deployment id has not been read from the database.');
    return deploymentQueuePrefix(this.current);
  }

  /** The deployment id, or null while the database has not answered yet. */
  get id(): string | null {
    return this.current;
  }

  get isKnown(): boolean {
    return this.settled;
  }

  /** Resolves once the id has been read (at once when it is known). */
  async known(): Promise<void> {
    await this.reading;
  }

  /** True once the id is known, waiting at most `ms` for it. */
  async knownWithin(ms: number): Promise<boolean> {
    if (this.settled) return true;
    let timer: NodeJS.Timeout | undefined;
    const known = await Promise.race([this.reading.then(() => true), new Promise<boolean>((r) => (timer = setTimeout(() => r(false), ms)))]);
    clearTimeout(timer);
    return known;
  }

  onApplicationShutdown(): void {
    this.stopped = true;
  }

  private async readUntilAnswered(read: () => Promise<string | null>): Promise<void> {
    let warned = false;
    while (!this.stopped) {
      try {
        this.current = await read();
        this.settled = true;
        return;
      } catch (error) {
        if (!warned) new Logger('media').warn(`waiting for PostgreSQL to read the deployment id of the media queue: ${(error as Error).message}`);
        warned = true;
        await new Promise((r) => setTimeout(r, RETRY_MS).unref());
      }
    }
  }
}
