// The failed-authentication limiter on a real Redis: the counts are shared by every API instance.
import type Redis from 'ioredis';
import { createRedisClient, redisReady } from '../../src/adapters/redis/redisClient';
import { createLogger } from '../../src/logger';
import { createRedisAuthFailureLimiter } from '../../src/adapters/redis/redisLimiters';
import { authFailureLimiterContract, SMALL_RULES } from '../contract/authFailureLimiter.contract';
import { startRedis, type RedisHarness } from '../harness/redis';

let harness: RedisHarness;
let redis: Redis;
let other: Redis;

beforeAll(async () => {
  harness = await startRedis();
  redis = createRedisClient(harness.url, { logger: createLogger('silent'), connectionName: 'instance-a' });
  other = createRedisClient(harness.url, { logger: createLogger('silent'), connectionName: 'instance-b' });
  await Promise.all([redisReady(redis, 10_000), redisReady(other, 10_000)]);
}, 30_000);
afterAll(async () => {
  redis?.disconnect();
  other?.disconnect();
  await harness?.stop();
});

authFailureLimiterContract('on Redis', (keyPrefix) => createRedisAuthFailureLimiter({ redis, keyPrefix, ...SMALL_RULES }));

it('two API instances on one Redis share an account\'s failures', async () => {
  const keyPrefix = `authfail-shared-${Date.now()}`;
  const first = createRedisAuthFailureLimiter({ redis, keyPrefix, ...SMALL_RULES });
  const second = createRedisAuthFailureLimiter({ redis: other, keyPrefix, ...SMALL_RULES });
  const attempt = { address: '203.0.113.10', account: 'shared@example.com' };
  await first.recordFailure(attempt);
  await second.recordFailure(attempt);
  await first.recordFailure(attempt);
  await expect(second.assertAllowed({ address: '198.51.100.1', account: 'shared@example.com' })).rejects.toMatchObject({ status: 429 });
});
