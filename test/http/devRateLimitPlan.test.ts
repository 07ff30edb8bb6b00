// DEV_RATE_LIMIT_PLAN ("get past the free plan's limit while trying things out"): a
// development setting that counts every caller at least at a named plan's limits, refused when
// NODE_ENV=production. Read by config.ts, applied by the rateLimit middleware over real HTTP.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ConfigError, loadConfig } from '../../src/config';
import type { Plan } from '../../src/domain/account';
import { createRateLimitCheck } from '../../src/core/rateLimitCheck';
import { createMemoryRateLimiter } from '../../src/adapters/memory/memoryLimiters';
import { apiKey, signUp } from './actors';
import { buildTestApp, type TestApp } from './testApp';

const dataDir = mkdtempSync(join(tmpdir(), 'bdapi-devplan-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the DEV_RATE_LIMIT_PLAN variable', () => {
  it('is unset by default and takes a plan name', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).devRateLimitPlan).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, DEV_RATE_LIMIT_PLAN: 'enterprise' }).devRateLimitPlan).toBe('enterprise');
    expect(loadConfig({ DATA_DIR: dataDir, DEV_RATE_LIMIT_PLAN: 'Professional', NODE_ENV: 'development' }).devRateLimitPlan).toBe('professional');
  });

  it('refuses an unknown plan, naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, DEV_RATE_LIMIT_PLAN: 'unlimited' })).toThrow(/DEV_RATE_LIMIT_PLAN must be one of free, professional, enterprise/);
  });

  it('stops a production start instead of shipping raised limits', () => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir, DEV_RATE_LIMIT_PLAN: 'enterprise', NODE_ENV: 'production' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toMatch(/DEV_RATE_LIMIT_PLAN is for development only and is refused when NODE_ENV=production/);
  });
});

async function appWithLimits(floorPlan?: Plan): Promise<TestApp> {
  const limiter = createMemoryRateLimiter();
  return buildTestApp({ rateLimits: createRateLimitCheck(limiter, { floorPlan }) });
}

describe('over HTTP', () => {
  it('without it a free account, a test key and an anonymous caller get the free limits', async () => {
    const app = await appWithLimits();
    try {
      const owner = await signUp(app, 'free');
      const testKey = await apiKey(app, owner, 'test');
      const profiles = await request(app.callback).get('/v1/business/profile').set(owner.auth);
      expect(profiles.headers['x-ratelimit-limit']).toBe('100');
      const sandbox = await request(app.callback).get('/v1/business/profile').set(testKey.auth);
      expect(sandbox.headers['x-ratelimit-limit']).toBe('100');
      const search = await request(app.callback).post('/v1/api/v1/consumer/search').set(owner.auth).send({ query: 'vegan food' });
      expect(search.headers['x-ratelimit-limit']).toBe('1000');
      const anonymous = await request(app.callback).post('/v1/auth/login').send({ email: owner.email, password: 'correct horse battery staple' });
      expect(anonymous.headers['x-ratelimit-limit']).toBe('100');
    } finally {
      await app.close();
    }
  });

  it('with enterprise the same callers count at 10 000 per hour and 100 000 searches per day', async () => {
    const app = await appWithLimits('enterprise');
    try {
      const owner = await signUp(app, 'free');
      const testKey = await apiKey(app, owner, 'test');
      const profiles = await request(app.callback).get('/v1/business/profile').set(owner.auth);
      expect(profiles.status).toBe(200);
      expect(profiles.headers['x-ratelimit-limit']).toBe('10000');
      // Sign-up's login and the key's creation counted before this one.
      expect(profiles.headers['x-ratelimit-remaining']).toBe('9998');
      const sandbox = await request(app.callback).get('/v1/business/profile').set(testKey.auth);
      expect(sandbox.headers['x-ratelimit-limit']).toBe('10000');
      const search = await request(app.callback).post('/v1/api/v1/consumer/search').set(owner.auth).send({ query: 'vegan food' });
      expect(search.headers['x-ratelimit-limit']).toBe('100000');
      const anonymous = await request(app.callback).post('/v1/auth/login').send({ email: owner.email, password: 'correct horse battery staple' });
      expect(anonymous.status).toBe(200);
      expect(anonymous.headers['x-ratelimit-limit']).toBe('10000');
    } finally {
      await app.close();
    }
  });

  it('never lowers a plan: with professional an enterprise account keeps its own limit', async () => {
    const app = await appWithLimits('professional');
    try {
      const free = await signUp(app, 'free');
      const big = await signUp(app, 'big', 'enterprise');
      expect((await request(app.callback).get('/v1/business/profile').set(free.auth)).headers['x-ratelimit-limit']).toBe('1000');
      expect((await request(app.callback).get('/v1/business/profile').set(big.auth)).headers['x-ratelimit-limit']).toBe('10000');
    } finally {
      await app.close();
    }
  });
});
