// The MCP session contract on a real Redis, plus what only Redis shows: two API instances (two
// clients) see one set of sessions, and an outage is an UnavailableError, not a lost request.
import type Redis from 'ioredis';
import { createRedisClient, redisReady } from '../../src/adapters/redis/redisClient';
import { createRedisMcpSessions } from '../../src/adapters/redis/redisMcpSessions';
import { UnavailableError } from '../../src/domain/errors';
import { createLogger } from '../../src/logger';
import { mcpSessionsContract } from '../contract/mcpSessions.contract';
import { startRedis, type RedisHarness } from '../harness/redis';

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let harness: RedisHarness;
let redis: Redis;
let other: Redis;
let stores = 0;

beforeAll(async () => {
  harness = teardown.adopt(await startRedis(), (engine) => engine.stop());
  redis = teardown.adopt(createRedisClient(harness.url, { logger: createLogger('silent'), connectionName: 'instance-a' }), (client) => client.disconnect());
  other = teardown.adopt(createRedisClient(harness.url, { logger: createLogger('silent'), connectionName: 'instance-b' }), (client) => client.disconnect());
  await Promise.all([redisReady(redis, 10_000), redisReady(other, 10_000)]);
}, 30_000);
afterAll(() => teardown.disposeAsync());

mcpSessionsContract('Redis', (limits) => createRedisMcpSessions({ redis, keyPrefix: `contract${++stores}:`, ...limits }));

const session = { id: 'shared-1', accountId: 'acct_9', environment: 'test' as const, clientName: 'ChatGPT', clientVersion: '2', protocolVersion: '2025-06-18' };

it('a session opened through one instance is used and ended through another', async () => {
  const first = createRedisMcpSessions({ redis, keyPrefix: 'shared:' });
  const second = createRedisMcpSessions({ redis: other, keyPrefix: 'shared:' });
  await first.open(session);
  expect(await second.use('shared-1')).toEqual(session);
  expect(await second.end('shared-1')).toBe(true);
  expect(await first.use('shared-1')).toBeUndefined();
});

it('answers UnavailableError while Redis is down, and works again once it is back', async () => {
  const store = createRedisMcpSessions({ redis, keyPrefix: 'outage:' });
  await harness.stopProcess();
  try {
    await expect(store.use('anything')).rejects.toBeInstanceOf(UnavailableError);
    await expect(store.open(session)).rejects.toBeInstanceOf(UnavailableError);
  } finally {
    await harness.restartProcess();
  }
  await redisReady(redis, 10_000);
  await store.open(session);
  expect(await store.use('shared-1')).toEqual(session);
}, 30_000);
