// The rate limiter on a real redis-server: the port's contract, counters shared by two API
// instances, and an outage that the in-memory insurance counter rides out.
import { Writable } from 'node:stream';
import type Redis from 'ioredis';
import pino from 'pino';
import { createRedisClient, redisReady } from '../../src/adapters/redis/redisClient';
import { createRedisRateLimiter } from '../../src/adapters/redis/redisLimiters';
import type { RateLimiter } from '../../src/ports/rateLimiter';
import { rateLimiterContract } from '../contract/rateLimiter.contract';
import { startRedis, type RedisHarness } from '../harness/redis';

const silent = pino({ level: 'silent' });
const FREE_GENERAL = { points: 100, durationSeconds: 60 };
const ENTERPRISE_SEARCH = { points: 3, durationSeconds: 60 };

function capturingLogger(): { logger: pino.Logger; lines: () => string[] } {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
  return { logger, lines: () => lines };
}

async function remainingAfter(limiter: RateLimiter, times: number): Promise<number[]> {
  const remaining: number[] = [];
  for (let i = 0; i < times; i += 1) remaining.push((await limiter.consume('account:acct_free', 'general', FREE_GENERAL)).remaining);
  return remaining;
}

describe('the rate limiter contract on Redis', () => {
  // Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
  const teardown = new AsyncDisposableStack();
  let harness: RedisHarness;
  let redis: Redis;
  beforeAll(async () => {
    harness = teardown.adopt(await startRedis(), (engine) => engine.stop());
    redis = teardown.adopt(createRedisClient(harness.url, { logger: silent, connectionName: 'contract' }), (client) => client.disconnect());
    await redisReady(redis, 10_000);
  }, 30_000);
  afterAll(() => teardown.disposeAsync());

  rateLimiterContract('on Redis', (keyPrefix) => createRedisRateLimiter({ redis, logger: silent, keyPrefix }));
});

describe('rate limits on Redis across instances', () => {
  // Stops what beforeEach started, last first, and only what did start (a failed start leaves the rest unset).
  let teardown: AsyncDisposableStack;
  let harness: RedisHarness;
  let clientA: Redis;
  let clientB: Redis;
  let instanceA: RateLimiter;
  let instanceB: RateLimiter;
  let log: ReturnType<typeof capturingLogger>;

  beforeEach(async () => {
    teardown = new AsyncDisposableStack();
    harness = teardown.adopt(await startRedis(), (engine) => engine.stop());
    clientA = teardown.adopt(createRedisClient(harness.url, { logger: silent, connectionName: 'instance-a' }), (client) => client.disconnect());
    clientB = teardown.adopt(createRedisClient(harness.url, { logger: silent, connectionName: 'instance-b' }), (client) => client.disconnect());
    await Promise.all([redisReady(clientA, 10_000), redisReady(clientB, 10_000)]);
    log = capturingLogger();
    instanceA = createRedisRateLimiter({ redis: clientA, logger: log.logger });
    instanceB = createRedisRateLimiter({ redis: clientB, logger: silent });
  }, 30_000);

  afterEach(() => teardown.disposeAsync());

  it('shares counters between two instances', async () => {
    const remaining = [];
    for (const instance of [instanceA, instanceB, instanceA, instanceB]) {
      remaining.push((await instance.consume('account:acct_free', 'general', FREE_GENERAL)).remaining);
    }
    expect(remaining).toEqual([99, 98, 97, 96]);
    expect(await clientA.exists('rl:general:account:acct_free')).toBe(1);
  });

  it('refuses on one instance once the other used the limit up', async () => {
    for (let i = 0; i < 2; i += 1) await instanceA.consume('account:acct_ent', 'search', ENTERPRISE_SEARCH);
    expect((await instanceB.consume('account:acct_ent', 'search', ENTERPRISE_SEARCH)).remaining).toBe(0);
    const over = await instanceA.consume('account:acct_ent', 'search', ENTERPRISE_SEARCH);
    expect(over.allowed).toBe(false);
    expect(over.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });

  it('keeps a caller\'s count for the window when its plan changes (one key per bucket)', async () => {
    for (let i = 0; i < 3; i += 1) await instanceA.consume('account:acct_up', 'search', { points: 30, durationSeconds: 60 });
    expect(await instanceB.consume('account:acct_up', 'search', { points: 300, durationSeconds: 60 })).toMatchObject({ allowed: true, limit: 300, remaining: 296 });
  });

  it('keeps counting on the insurance counter while Redis is down and returns to Redis after', async () => {
    await remainingAfter(instanceA, 3);

    await harness.stopProcess();
    const during = [];
    for (let i = 0; i < 5; i += 1) during.push(await instanceA.consume('account:acct_free', 'general', FREE_GENERAL));
    expect(during.map((d) => d.allowed)).toEqual([true, true, true, true, true]);
    // Counted in memory on this instance, from zero.
    expect(during.map((d) => d.remaining)).toEqual([99, 98, 97, 96, 95]);
    expect(during.every((d) => d.limit === 100)).toBe(true);
    expect(log.lines().filter((line) => line.includes('"level":40') && line.includes('Redis unavailable for rate limits'))).toHaveLength(1);

    await harness.restartProcess();
    await Promise.all([redisReady(clientA, 10_000), redisReady(clientB, 10_000)]);
    // The restarted Redis starts empty; both instances count in it together again.
    expect(await remainingAfter(instanceA, 1)).toEqual([99]);
    expect((await instanceB.consume('account:acct_free', 'general', FREE_GENERAL)).remaining).toBe(98);
    expect(await clientA.exists('rl:general:account:acct_free')).toBe(1);
    expect(log.lines().filter((line) => line.includes('Redis available again'))).toHaveLength(1);

    // A second outage is reported again, once.
    await harness.stopProcess();
    await remainingAfter(instanceA, 3);
    expect(log.lines().filter((line) => line.includes('Redis unavailable for rate limits'))).toHaveLength(2);
  });
});
