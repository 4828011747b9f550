import { Logger, OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';

/** The queue of one deployment: `kioku-` and the first 8 hex digits of its id (migration 041). */
export function deploymentQueuePrefix(deploymentId: string): string {
  return `kioku-${deploymentId.replace(/-/g, '').slice(0, 8)}`;
}

/** The Redis key that says which deployment uses a queue prefix: `<prefix>:deployment`, holding its id. */
export function deploymentClaimKey(prefix: string): string {
  return `${prefix}:deployment`;
}

const RETRY_MS = 2_000;
/** ioredis states of a connection that is not coming up by itself right now (a first connect still in progress is not). */
const REDIS_DOWN = new Set(['reconnecting', 'close', 'end']);
/** How long a claim lasts without being renewed: a prefix whose deployment stopped is free again after it. */
export const CLAIM_TTL_SECONDS = 60;
/** How often every process of the deployment renews the claim (and sees a conflict that came up meanwhile). */
export const CLAIM_REFRESH_MS = 20_000;

// Takes the prefix when nobody holds it (SET NX), renews it when this deployment does; answers the holder.
const CLAIM_SCRIPT = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', ARGV[2]) then return ARGV[1] end
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
return holder or ''
`;

export interface DeploymentClaimOptions {
  /** the media queue's connection: the claim is made, renewed and checked through it */
  redis: Redis;
  ttlSeconds?: number;
  refreshMs?: number;
}

/** Another deployment holds this prefix: this one runs no media job and enqueues none. */
export interface PrefixConflict {
  prefix: string;
  /** the id the claim key holds */
  otherDeploymentId: string;
}

/**
 * The deployment the media queue belongs to (docs/operations.md, "One queue per deployment"): the queue's Redis
 * prefix, and the deployment id every job carries and a worker compares with its own.
 *
 * The id is read from the database, every 2 s until it answers. With MEDIA_QUEUE_PREFIX set the queue's name
 * does not depend on it: the app starts while PostgreSQL is down, and jobs wait for the id (within their
 * budget, else 503). Without it the queue is named after the deployment, so `start` waits for the database.
 *
 * Once the id is known, the deployment claims its prefix in Redis (`<prefix>:deployment` = its id, SET NX, with a
 * TTL every process renews; docs/media.md). Several processes of one deployment share the claim. A process that
 * finds another deployment's id there is in conflict: it logs an error naming both ids and MEDIA_QUEUE_PREFIX,
 * starts no worker (`known()` waits) and refuses to enqueue (503): two deployments on one prefix would otherwise
 * take each other's jobs and refuse them, and those jobs would be lost for the deployment that asked. The claim
 * is checked again on every reconnect (a Redis restart loses it) and at every renewal, so a conflict that comes up
 * later is seen (enqueueing stops; a worker already running is not stopped from here), and one that goes away
 * (the other deployment stopped) ends by itself.
 */
export class MediaDeployment implements OnApplicationShutdown {
  private readonly logger = new Logger('media');
  private current: string | null = null;
  private settled = false;
  private stopped = false;
  private readonly reading: Promise<void>;
  private claim: 'none' | 'pending' | 'held' | PrefixConflict;
  private readonly waiters = new Set<() => void>();
  private refresh?: NodeJS.Timeout;
  private readonly onReady = () => void this.checkClaim();
  private readonly onDown = () => this.notify();

  private constructor(
    private readonly configuredPrefix: string | null,
    read: () => Promise<string | null>,
    private readonly claimOptions: DeploymentClaimOptions | null = null,
  ) {
    this.claim = claimOptions ? 'pending' : 'none';
    this.reading = this.readUntilAnswered(read).then(() => this.startClaiming());
  }

  /**
   * The deployment as the app runs it: `configuredPrefix` is MEDIA_QUEUE_PREFIX, `read` reads the id, `claim`
   * the connection the prefix is claimed through (without it nothing is claimed: standalone queues in tests).
   */
  static async start(configuredPrefix: string | null, read: () => Promise<string>, claim?: DeploymentClaimOptions): Promise<MediaDeployment> {
    const deployment = new MediaDeployment(configuredPrefix, read, claim ?? null);
    if (!configuredPrefix) await deployment.named();
    return deployment;
  }

  /** A deployment known from the start (tests, standalone queues); a null id stamps nothing on jobs. Claims nothing. */
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

  /**
   * The id is read and, where the prefix is claimed, this deployment holds it: jobs may be run and enqueued. While
   * Redis is down the claim cannot be checked: the deployment counts as known (the worker starts and waits out
   * Redis on its own connection, as before), and the claim is checked as soon as Redis is back.
   */
  get isKnown(): boolean {
    return this.settled && (this.claim === 'none' || this.claim === 'held' || this.unverifiable);
  }

  private get unverifiable(): boolean {
    return this.claim === 'pending' && REDIS_DOWN.has(this.claimOptions?.redis.status ?? '');
  }

  /** The other deployment that holds this prefix, while it does. */
  get conflict(): PrefixConflict | null {
    return typeof this.claim === 'object' ? this.claim : null;
  }

  /** Resolves once the id has been read (the queue has its name). */
  async named(): Promise<void> {
    await this.reading;
  }

  /** Resolves once the deployment may run jobs: the id read and the prefix held or Redis down (never in conflict). */
  async known(): Promise<void> {
    await this.reading;
    while (!this.isKnown && !this.stopped) await new Promise<void>((resolve) => this.waiters.add(resolve));
  }

  /** True once the deployment may run jobs, waiting at most `ms`; false at once in conflict. */
  async knownWithin(ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    const decided = () => this.isKnown || this.conflict !== null || this.stopped;
    if (!(await this.within(this.reading, ms))) return false;
    while (!decided()) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      let wake!: () => void;
      await this.within(new Promise<void>((resolve) => this.waiters.add((wake = resolve))), left);
      this.waiters.delete(wake);
    }
    return this.isKnown;
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearInterval(this.refresh);
    this.claimOptions?.redis.off('ready', this.onReady).off('reconnecting', this.onDown).off('end', this.onDown);
    this.notify();
  }

  private async within(promise: Promise<unknown>, ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const done = await Promise.race([promise.then(() => true), new Promise<boolean>((r) => (timer = setTimeout(() => r(false), ms)))]);
    clearTimeout(timer);
    return done;
  }

  private notify(): void {
    const waiting = [...this.waiters];
    this.waiters.clear();
    for (const resolve of waiting) resolve();
  }

  private startClaiming(): void {
    if (!this.claimOptions || this.stopped) return;
    if (!this.current) {
      // No id to claim with (a database without one): nothing is stamped on jobs, nothing to compare either.
      this.claim = 'none';
      this.notify();
      return;
    }
    const { redis, refreshMs = CLAIM_REFRESH_MS } = this.claimOptions;
    redis.on('ready', this.onReady);
    redis.on('reconnecting', this.onDown);
    redis.on('end', this.onDown);
    this.refresh = setInterval(() => void this.checkClaim(), refreshMs);
    this.refresh.unref();
    void this.checkClaim();
  }

  /** Claims or renews the prefix; a Redis that is down is left to the next 'ready'. */
  private async checkClaim(): Promise<void> {
    if (!this.claimOptions || this.stopped || !this.current) return;
    const { redis, ttlSeconds = CLAIM_TTL_SECONDS } = this.claimOptions;
    if (redis.status !== 'ready') return;
    let holder: string;
    try {
      holder = String(await redis.eval(CLAIM_SCRIPT, 1, deploymentClaimKey(this.prefix), this.current, String(ttlSeconds)));
    } catch {
      return;
    }
    // '' : the key lapsed between the two calls of the script; the next check takes it.
    if (this.stopped || holder === '') return;
    const before = this.claim;
    if (holder === this.current) {
      this.claim = 'held';
      if (typeof before === 'object') this.logger.log(`the media queue prefix "${this.prefix}" is this deployment's again (${this.current}): media jobs run again`);
    } else {
      this.claim = { prefix: this.prefix, otherDeploymentId: holder };
      if (typeof before !== 'object' || before.otherDeploymentId !== holder) {
        this.logger.error(
          `The media queue prefix "${this.prefix}" is in use by another Kioku deployment (${holder}); this deployment (${this.current}) runs no media ` +
            `job and enqueues none while it is. Give each deployment its own MEDIA_QUEUE_PREFIX (or unset it: the default is one per database). ` +
            `If that other deployment no longer exists, its claim (the Redis key "${deploymentClaimKey(this.prefix)}") lapses within ${ttlSeconds} s.`,
        );
      }
    }
    this.notify();
  }

  private async readUntilAnswered(read: () => Promise<string | null>): Promise<void> {
    let warned = false;
    while (!this.stopped) {
      try {
        this.current = await read();
        this.settled = true;
        return;
      } catch (error) {
        if (!warned) this.logger.warn(`waiting for PostgreSQL to read the deployment id of the media queue: ${(error as Error).message}`);
        warned = true;
        await new Promise((r) => setTimeout(r, RETRY_MS).unref());
      }
    }
  }
}
