// The failed-authentication limiter on a real Redis: the counts are shared by every API instance.
import type Redis from 'ioredis';
import { createRedisClient, redisReady } from '../../src/adapters/redis/redisClient';
import { createLogger } from '../../src/logger';
import { createRedisAuthFailureLimiter } from '../../src/adapters/redis/redisLimiters';
import { authFailureLimiterContract, SMALL_RULES } from '../contract/authFailureLimiter.contract';
import { startRedis, type RedisHarness } from '../harness/redis';

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let harness: RedisHarness;
let redis: Redis;
let other: Redis;

beforeAll(async () => {
  harness = teardown.adopt(await startRedis(), (engine) => engine.stop());
  redis = teardown.adopt(createRedisClient(harness.url, { logger: createLogger('silent'), connectionName: 'instance-a' }), (client) => client.disconnect());
  other = teardown.adopt(createRedisClient(harness.url, { logger: createLogger('silent'), connectionName: 'instance-b' }), (client) => client.disconnect());
  await Promise.all([redisReady(redis, 10_000), redisReady(other, 10_000)]);
}, 30_000);
afterAll(() => teardown.disposeAsync());

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
