// Rate limits on a real redis-server: counters shared by two app instances, and an outage that
// the in-memory insurance limiter rides out.
import { Writable } from 'node:stream';
import type Redis from 'ioredis';
import pino from 'pino';
import { createRedisClient } from '../../src/adapters/redis/redisClient';
import { createRateLimiter } from '../../src/core/rateLimiter';
import { principal, requestTimes, startRateLimitedApp, type RateLimitedApp } from '../fixtures/rateLimitedApp';
import { startRedis, type RedisHarness } from '../harness/redis';

const callers = {
  free: principal({ accountId: 'acct_free', plan: 'free' }),
  enterprise: principal({ accountId: 'acct_ent', plan: 'enterprise', customLimits: { search: 3 } }),
};
const silent = pino({ level: 'silent' });

function capturingLogger(): { logger: pino.Logger; lines: () => string[] } {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
  return { logger, lines: () => lines };
}

async function ready(client: Redis): Promise<void> {
  while (client.status !== 'ready') await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('rate limits on Redis', () => {
  let harness: RedisHarness;
  let clientA: Redis;
  let clientB: Redis;
  let instanceA: RateLimitedApp;
  let instanceB: RateLimitedApp;
  let log: ReturnType<typeof capturingLogger>;

  beforeEach(async () => {
    harness = await startRedis();
    clientA = createRedisClient(harness.url, { logger: silent, connectionName: 'instance-a' });
    clientB = createRedisClient(harness.url, { logger: silent, connectionName: 'instance-b' });
    await Promise.all([ready(clientA), ready(clientB)]);
    log = capturingLogger();
    instanceA = await startRateLimitedApp(createRateLimiter({ redis: clientA, logger: log.logger }), silent, callers);
    instanceB = await startRateLimitedApp(createRateLimiter({ redis: clientB, logger: silent }), silent, callers);
  });

  afterEach(async () => {
    await instanceA?.close();
    await instanceB?.close();
    clientA?.disconnect();
    clientB?.disconnect();
    await harness?.stop();
  });

  it('shares counters between two app instances', async () => {
    const remaining = [];
    for (const instance of [instanceA, instanceB, instanceA, instanceB]) {
      remaining.push((await instance.request('/general', 'free')).headers.get('X-RateLimit-Remaining'));
    }
    expect(remaining).toEqual(['99', '98', '97', '96']);
    expect(await clientA.exists('rl:general:account:acct_free')).toBe(1);
  });

  it('rejects on one instance once the other used the limit up', async () => {
    await requestTimes(instanceA, 2, '/search', 'enterprise');
    expect((await instanceB.request('/search', 'enterprise')).headers.get('X-RateLimit-Remaining')).toBe('0');
    const over = await instanceA.request('/search', 'enterprise');
    expect(over.status).toBe(429);
    expect(over.body.error?.code).toBe('RATE_LIMITED');
    expect(Number(over.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
  });

  it('keeps serving on the insurance limiter while Redis is down and returns to Redis after', async () => {
    await requestTimes(instanceA, 3, '/general', 'free');

    await harness.stopProcess();
    const during = [];
    for (let i = 0; i < 5; i++) during.push(await instanceA.request('/general', 'free'));
    expect(during.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    // Counted in memory on this instance: headers still present and counting.
    expect(during.map((r) => r.headers.get('X-RateLimit-Remaining'))).toEqual(['99', '98', '97', '96', '95']);
    expect(during.every((r) => r.headers.get('X-RateLimit-Limit') === '100')).toBe(true);
    expect(log.lines().filter((line) => line.includes('"level":40') && line.includes('Redis unavailable for rate limits'))).toHaveLength(1);

    await harness.restartProcess();
    await Promise.all([ready(clientA), ready(clientB)]);
    // The restarted Redis starts empty; both instances count in it together again.
    expect((await instanceA.request('/general', 'free')).headers.get('X-RateLimit-Remaining')).toBe('99');
    expect((await instanceB.request('/general', 'free')).headers.get('X-RateLimit-Remaining')).toBe('98');
    expect(await clientA.exists('rl:general:account:acct_free')).toBe(1);
    expect(log.lines().filter((line) => line.includes('Redis available again'))).toHaveLength(1);

    // A second outage is reported again, once.
    await harness.stopProcess();
    await requestTimes(instanceA, 3, '/general', 'free');
    expect(log.lines().filter((line) => line.includes('Redis unavailable for rate limits'))).toHaveLength(2);
  });
});
