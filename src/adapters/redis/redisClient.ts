// One ioredis client per process, shared by sessions, caches and rate limits.
// The offline queue is off: while Redis is away a command fails at once instead of waiting in a
// queue, so rate limits fall through to their in-memory insurance and sessions/caches degrade
// without holding up requests. ioredis keeps reconnecting in the background.
import Redis from 'ioredis';
import type { Logger } from '../../logger';

export interface RedisClientOptions {
  logger: Logger;
  /** Name shown in CLIENT LIST; default "business-discovery-api". */
  connectionName?: string;
}

export function createRedisClient(url: string, options: RedisClientOptions): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectionName: options.connectionName ?? 'business-discovery-api',
    // Reconnect quickly at first, then every 2 s at most, for as long as the process runs.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
  let reported = false;
  // Without an 'error' listener ioredis prints every failed reconnect; log the first of each outage.
  client.on('error', (error: Error) => {
    if (reported) return;
    reported = true;
    options.logger.warn({ err: error.message }, 'Redis connection error; reconnecting in the background');
  });
  client.on('ready', () => {
    if (reported) options.logger.info('Redis connection restored');
    reported = false;
  });
  return client;
}

/** Resolves once the client is ready; rejects after `timeoutMs` (the caller decides to retry or exit). */
export function redisReady(client: Redis, timeoutMs: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off('ready', onReady);
      reject(new Error(`Redis did not become ready within ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    client.once('ready', onReady);
  });
}
