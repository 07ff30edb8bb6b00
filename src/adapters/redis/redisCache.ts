// Cache entries in Redis as JSON strings with SET ... EX, shared by every API instance.
// Redis trouble turns into misses (and skipped writes): the cached value can always be
// recomputed, so an outage costs speed, not answers. One warning per outage, not per call.
import type Redis from 'ioredis';
import type { Logger } from '../../logger';
import type { Cache } from '../../ports/cache';

export interface RedisCacheOptions {
  redis: Redis;
  /** Separates caches on one Redis, e.g. "summary". */
  namespace: string;
  logger: Logger;
}

export function createRedisCache<T>(options: RedisCacheOptions): Cache<T> {
  const { redis, logger } = options;
  const prefix = `cache:${options.namespace}:`;
  let failing = false;

  function failed(error: unknown): void {
    if (failing) return;
    failing = true;
    logger.warn({ cache: options.namespace, err: (error as Error).message }, 'Redis cache unavailable; serving misses until it answers');
  }

  function succeeded(): void {
    if (!failing) return;
    failing = false;
    logger.info({ cache: options.namespace }, 'Redis cache available again');
  }

  return {
    async get(key) {
      try {
        const json = await redis.get(prefix + key);
        succeeded();
        return json === null ? undefined : (JSON.parse(json) as T);
      } catch (error) {
        failed(error);
        return undefined;
      }
    },
    async set(key, value, ttlSeconds) {
      try {
        if (ttlSeconds <= 0) {
          await redis.del(prefix + key);
        } else {
          await redis.set(prefix + key, JSON.stringify(value), 'EX', Math.ceil(ttlSeconds));
        }
        succeeded();
      } catch (error) {
        failed(error);
      }
    },
  };
}
