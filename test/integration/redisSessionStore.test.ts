// The session contract against a real redis-server, plus the Redis-specific expiry mechanics.
import Redis from 'ioredis';
import pino from 'pino';
import { createRedisClient } from '../../src/adapters/redis/redisClient';
import { createRedisSessionStore } from '../../src/adapters/redis/redisSessionStore';
import { UnavailableError } from '../../src/domain/errors';
import { SESSION_TTL_SECONDS } from '../../src/domain/sessionProfile';
import { sessionStoreContract } from '../contract/sessionStore.contract';
import { startRedis, type RedisHarness } from '../harness/redis';

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let harness: RedisHarness;
let redis: Redis;
let storeCount = 0;

beforeAll(async () => {
  harness = teardown.adopt(await startRedis(), (engine) => engine.stop());
  redis = teardown.adopt(new Redis(harness.url), (client) => client.disconnect());
});

afterAll(() => teardown.disposeAsync());

sessionStoreContract('Redis', (now) => createRedisSessionStore({ redis, now, keyPrefix: `contract${++storeCount}:` }));

describe('Redis session store: expiry', () => {
  async function ttlsOf(prefix: string, sessionId: string): Promise<number[]> {
    const keys = await redis.keys(`${prefix}{${sessionId}}:*`);
    return Promise.all(keys.map((key) => redis.ttl(key)));
  }

  it('sets a 30-minute expiry on every key of the session', async () => {
    const store = createRedisSessionStore({ redis, keyPrefix: 'ttl1:' });
    await store.recordSearch('s', { categories: ['gyms'], terms: ['yoga'] });
    await store.recordView('s', 'biz_1', 'gyms');
    const ttls = await ttlsOf('ttl1:', 's');
    expect(ttls).toHaveLength(4);
    for (const ttl of ttls) {
      expect(ttl).toBeGreaterThan(SESSION_TTL_SECONDS - 60);
      expect(ttl).toBeLessThanOrEqual(SESSION_TTL_SECONDS);
    }
  });

  it('slides the expiry back to 30 minutes on a read', async () => {
    const store = createRedisSessionStore({ redis, keyPrefix: 'ttl2:' });
    await store.recordView('s', 'biz_1', 'gyms');
    await store.recordSearch('s', { categories: ['gyms'], terms: ['yoga'] });
    for (const key of await redis.keys('ttl2:{s}:*')) await redis.expire(key, 5);
    await store.get('s');
    for (const ttl of await ttlsOf('ttl2:', 's')) expect(ttl).toBeGreaterThan(SESSION_TTL_SECONDS - 60);
  });

  it('forgets the session once Redis expires it', async () => {
    const store = createRedisSessionStore({ redis, keyPrefix: 'ttl3:' });
    await store.recordSearch('s', { categories: ['gyms'], terms: [] });
    // Stand-in for 30 idle minutes: the keys' expiry runs out now.
    const keys = await redis.keys('ttl3:{s}:*');
    for (const key of keys) await redis.pexpire(key, 1);
    while ((await redis.exists(...keys)) > 0) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await store.get('s')).toBeNull();
  });

  it('sessions written by one instance are read by another', async () => {
    const other = new Redis(harness.url);
    try {
      const writer = createRedisSessionStore({ redis, keyPrefix: 'shared:' });
      const reader = createRedisSessionStore({ redis: other, keyPrefix: 'shared:' });
      await writer.recordSearch('s', { categories: ['vegan'], terms: ['vegan'] });
      expect((await reader.get('s'))?.terms).toEqual({ vegan: 1 });
    } finally {
      other.disconnect();
    }
  });
});

describe('Redis session store: outage', () => {
  it('throws UnavailableError, without driver details, while Redis is down', async () => {
    const local = await startRedis();
    const client = createRedisClient(local.url, { logger: pino({ level: 'silent' }) });
    try {
      const store = createRedisSessionStore({ redis: client });
      await new Promise<void>((resolve) => client.once('ready', () => resolve()));
      await store.recordSearch('s', { categories: ['x'], terms: [] });
      await local.stopProcess();
      await expect(store.get('s')).rejects.toBeInstanceOf(UnavailableError);
      await expect(store.recordSearch('s', { categories: ['x'], terms: [] })).rejects.toThrow('The session store is not available');
    } finally {
      client.disconnect();
      await local.stop();
    }
  });
});
