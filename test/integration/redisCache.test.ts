// The cache contract against a real redis-server, plus expiry and outage behaviour.
import { Writable } from 'node:stream';
import Redis from 'ioredis';
import pino from 'pino';
import { createRedisCache } from '../../src/adapters/redis/redisCache';
import { createRedisClient } from '../../src/adapters/redis/redisClient';
import { cacheContract } from '../contract/cache.contract';
import { startRedis, type RedisHarness } from '../harness/redis';

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let harness: RedisHarness;
let redis: Redis;
let namespaceCount = 0;
const silent = pino({ level: 'silent' });

beforeAll(async () => {
  harness = teardown.adopt(await startRedis(), (engine) => engine.stop());
  redis = teardown.adopt(new Redis(harness.url), (client) => client.disconnect());
});

afterAll(() => teardown.disposeAsync());

cacheContract('Redis', () => createRedisCache({ redis, namespace: `contract${++namespaceCount}`, logger: silent }));

describe('Redis cache', () => {
  it('stores entries with the requested expiry', async () => {
    const cache = createRedisCache<string>({ redis, namespace: 'summary', logger: silent });
    await cache.set('pizza|biz_1,biz_2', 'Luigi is open now', 600);
    const ttl = await redis.ttl('cache:summary:pizza|biz_1,biz_2');
    expect(ttl).toBeGreaterThan(590);
    expect(ttl).toBeLessThanOrEqual(600);
  });

  it('keeps namespaces apart', async () => {
    const a = createRedisCache<string>({ redis, namespace: 'a', logger: silent });
    const b = createRedisCache<string>({ redis, namespace: 'b', logger: silent });
    await a.set('k', 'from a', 60);
    expect(await b.get('k')).toBeUndefined();
  });

  it('serves misses while Redis is down, warns once, and caches again when it is back', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
    const local = await startRedis();
    const client = createRedisClient(local.url, { logger: silent });
    try {
      await new Promise<void>((resolve) => client.once('ready', () => resolve()));
      const cache = createRedisCache<string>({ redis: client, namespace: 'outage', logger });
      await cache.set('k', 'v', 60);
      expect(await cache.get('k')).toBe('v');

      await local.stopProcess();
      expect(await cache.get('k')).toBeUndefined();
      await cache.set('k2', 'v2', 60);
      expect(await cache.get('k2')).toBeUndefined();
      expect(lines.filter((line) => line.includes('Redis cache unavailable'))).toHaveLength(1);

      await local.restartProcess();
      while (client.status !== 'ready') await new Promise((resolve) => setTimeout(resolve, 20));
      await cache.set('k3', 'v3', 60);
      expect(await cache.get('k3')).toBe('v3');
      expect(lines.filter((line) => line.includes('Redis cache available again'))).toHaveLength(1);
    } finally {
      client.disconnect();
      await local.stop();
    }
  });
});
