import IORedis, { Redis, RedisOptions } from 'ioredis';

/**
 * Redis connections for BullMQ. maxRetriesPerRequest null is what BullMQ workers require; the short
 * connect timeout lets HTTP calls that need Redis fail fast with 503 instead of hanging while it is down.
 */
export function createRedis(url: string, options: RedisOptions = {}): Redis {
  const redis = new IORedis(url, {
    maxRetriesPerRequest: null,
    enableOfflineQueue: true,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 5_000),
    lazyConnect: false,
    ...options,
  });
  redis.on('error', () => undefined); // reconnects by itself; health reports the state
  return redis;
}
