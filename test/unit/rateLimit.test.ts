// The rateLimit middleware with the in-memory limiter, driven over HTTP.
import pino from 'pino';
import { createMemoryRateLimiter } from '../../src/adapters/memory/memoryLimiters';
import { principal, requestTimes, startRateLimitedApp, type RateLimitedApp } from '../fixtures/rateLimitedApp';

const callers = {
  free: principal({ accountId: 'acct_free', plan: 'free' }),
  freeOther: principal({ accountId: 'acct_free2', plan: 'free' }),
  pro: principal({ accountId: 'acct_pro', plan: 'professional' }),
  enterprise: principal({ accountId: 'acct_ent', plan: 'enterprise', customLimits: { search: 5 } }),
  testKey: principal({ accountId: 'acct_dev', plan: 'professional', environment: 'test', via: 'api_key', keyId: 'key_1' }),
};

describe('rateLimit middleware (in memory)', () => {
  let app: RateLimitedApp;
  beforeEach(async () => {
    app = await startRateLimitedApp(createMemoryRateLimiter(), pino({ level: 'silent' }), callers);
  });
  afterEach(async () => {
    await app.close();
  });

  it('sets the limit headers on every response and counts down', async () => {
    const before = Math.floor(Date.now() / 1000);
    const replies = [await app.request('/general', 'free'), await app.request('/general', 'free'), await app.request('/general', 'free')];
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(replies.map((r) => r.headers.get('X-RateLimit-Limit'))).toEqual(['100', '100', '100']);
    expect(replies.map((r) => r.headers.get('X-RateLimit-Remaining'))).toEqual(['99', '98', '97']);
    const reset = Number(replies[0].headers.get('X-RateLimit-Reset'));
    expect(Number.isInteger(reset)).toBe(true);
    expect(reset).toBeGreaterThan(before);
    expect(reset).toBeLessThanOrEqual(before + 3600 + 1);
  });

  it('answers 429 RATE_LIMITED with Retry-After once the limit is used up', async () => {
    const last = await requestTimes(app, 100, '/analytics', 'free');
    expect(last.status).toBe(200);
    expect(last.headers.get('X-RateLimit-Remaining')).toBe('0');
    const over = await app.request('/analytics', 'free');
    expect(over.status).toBe(429);
    expect(over.body.success).toBe(false);
    expect(over.body.error?.code).toBe('RATE_LIMITED');
    expect(over.body.error?.message).toContain('100 requests per day');
    const retryAfter = Number(over.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(86400);
    expect(over.headers.get('X-RateLimit-Limit')).toBe('100');
    expect(over.headers.get('X-RateLimit-Remaining')).toBe('0');
    expect(Number(over.headers.get('X-RateLimit-Reset'))).toBeGreaterThan(Date.now() / 1000);
  });

  it('counts the three areas separately', async () => {
    await requestTimes(app, 101, '/analytics', 'free');
    expect((await app.request('/analytics', 'free')).status).toBe(429);
    const general = await app.request('/general', 'free');
    const search = await app.request('/search', 'free');
    expect([general.status, general.headers.get('X-RateLimit-Limit'), general.headers.get('X-RateLimit-Remaining')]).toEqual([200, '100', '99']);
    expect([search.status, search.headers.get('X-RateLimit-Limit'), search.headers.get('X-RateLimit-Remaining')]).toEqual([200, '1000', '999']);
  });

  it('counts each account on its own', async () => {
    await requestTimes(app, 101, '/general', 'free');
    expect((await app.request('/general', 'free')).status).toBe(429);
    expect((await app.request('/general', 'freeOther')).headers.get('X-RateLimit-Remaining')).toBe('99');
  });

  it('uses the plan of the account', async () => {
    const reply = await app.request('/search', 'pro');
    expect(reply.headers.get('X-RateLimit-Limit')).toBe('10000');
  });

  it('gives an sk_test_ key 100 requests per hour across all areas', async () => {
    await requestTimes(app, 40, '/general', 'testKey');
    await requestTimes(app, 40, '/search', 'testKey');
    const last = await requestTimes(app, 20, '/analytics', 'testKey');
    expect(last.status).toBe(200);
    expect(last.headers.get('X-RateLimit-Limit')).toBe('100');
    expect(last.headers.get('X-RateLimit-Remaining')).toBe('0');
    const over = await app.request('/search', 'testKey');
    expect(over.status).toBe(429);
    expect(over.body.error?.message).toContain('100 requests per hour for test keys');
  });

  it("applies an enterprise account's custom numbers", async () => {
    const last = await requestTimes(app, 5, '/search', 'enterprise');
    expect([last.status, last.headers.get('X-RateLimit-Limit'), last.headers.get('X-RateLimit-Remaining')]).toEqual([200, '5', '0']);
    expect((await app.request('/search', 'enterprise')).status).toBe(429);
    expect((await app.request('/general', 'enterprise')).headers.get('X-RateLimit-Limit')).toBe('10000');
    expect((await app.request('/analytics', 'enterprise')).headers.get('X-RateLimit-Limit')).toBe('10000');
  });

  it('limits unauthenticated callers by address on the free general limit', async () => {
    const first = await app.request('/search');
    expect(first.headers.get('X-RateLimit-Limit')).toBe('100');
    expect(first.headers.get('X-RateLimit-Remaining')).toBe('99');
    expect((await app.request('/general')).headers.get('X-RateLimit-Remaining')).toBe('98');
    // An authenticated caller from the same address has its own count.
    expect((await app.request('/general', 'free')).headers.get('X-RateLimit-Remaining')).toBe('99');
  });
});
