// The lease contract on a real Redis, plus an outage: UnavailableError, and the lease works again after.
import type Redis from 'ioredis';
import { createRedisClient, redisReady } from '../../src/adapters/redis/redisClient';
import { redisLeases } from '../../src/adapters/redis/redisLease';
import { UnavailableError } from '../../src/domain/errors';
import { createLogger } from '../../src/logger';
import { leaseContract } from '../contract/lease.contract';
import { startRedis, type RedisHarness } from '../harness/redis';

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let harness: RedisHarness;
let redis: Redis;
let prefixes = 0;

beforeAll(async () => {
  harness = teardown.adopt(await startRedis(), (engine) => engine.stop());
  redis = teardown.adopt(createRedisClient(harness.url, { logger: createLogger('silent') }), (client) => client.disconnect());
  await redisReady(redis, 10_000);
}, 30_000);
afterAll(() => teardown.disposeAsync());

leaseContract('Redis', (ttlMs) => redisLeases({ redis, ttlMs, keyPrefix: `contract${++prefixes}:` }));

it('answers UnavailableError while Redis is down, and holds again once it is back', async () => {
  const lease = redisLeases({ redis, ttlMs: 60_000, keyPrefix: 'outage:' })('indexer', 'a');
  await harness.stopProcess();
  try {
    await expect(lease.hold()).rejects.toBeInstanceOf(UnavailableError);
  } finally {
    await harness.restartProcess();
  }
  await redisReady(redis, 10_000);
  expect(await lease.hold()).toBe(true);
}, 30_000);
