// Spec 8 through the real app: per-plan limits per area, X-RateLimit-* headers on every
// limited response, 429 RATE_LIMITED with Retry-After, sk_test_ keys at 100 per hour.
import request from 'supertest';
import { createRateLimitCheck } from '../../src/core/rateLimitCheck';
import { createMemoryRateLimiter } from '../../src/adapters/memory/memoryLimiters';
import { apiKey, signUp, type Actor } from './actors';
import { buildTestApp, type TestApp } from './testApp';

let app: TestApp;
let owner: Actor;

beforeAll(async () => {
  const limiter = createMemoryRateLimiter();
  app = await buildTestApp({ rateLimits: createRateLimitCheck(limiter) });
  owner = await signUp(app, 'limits');
});
afterAll(() => app.close());

it('counts the general area down and answers 429 RATE_LIMITED with Retry-After past the free limit', async () => {
  const first = await request(app.callback).get('/v1/business/profile/status').set(owner.auth);
  expect(first.headers['x-ratelimit-limit']).toBe('100');
  const remaining = Number(first.headers['x-ratelimit-remaining']);
  expect(Number(first.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
  for (let i = 0; i < remaining; i++) await request(app.callback).get('/v1/business/profile/status').set(owner.auth);
  const limited = await request(app.callback).get('/v1/business/profile/status').set(owner.auth);
  expect(limited.status).toBe(429);
  expect(limited.body.error.code).toBe('RATE_LIMITED');
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  expect(limited.headers['x-ratelimit-remaining']).toBe('0');

  // The search area has its own, larger budget.
  const search = await request(app.callback).get('/v1/api/v1/directory').set(owner.auth);
  expect(search.status).toBe(200);
  expect(search.headers['x-ratelimit-limit']).toBe('1000');
});

it('limits sk_test_ keys to 100 requests per hour whatever the plan', async () => {
  const enterprise = await signUp(app, 'limits-enterprise', 'enterprise');
  const testKey = await apiKey(app, enterprise, 'test');
  const response = await request(app.callback).get('/v1/api/v1/directory').set(testKey.auth);
  expect(response.headers['x-ratelimit-limit']).toBe('100');
  const live = await apiKey(app, enterprise, 'live');
  const liveResponse = await request(app.callback).get('/v1/business/profile/status').set(live.auth);
  expect(liveResponse.headers['x-ratelimit-limit']).toBe('10000');
});

describe('the per-IP budget of /auth behind reverse proxies (TRUST_PROXY)', () => {
  const config = (trustedProxies: number) => ({ jsonBodyLimit: 1024 * 1024, jwtSecret: 'test-secret-that-is-at-least-32-characters-long', trustedProxies });

  async function withApp(trustedProxies: number, body: (login: (forwardedFor: string) => Promise<number>) => Promise<void>) {
    const limiter = createMemoryRateLimiter();
    const target = await buildTestApp({ config: config(trustedProxies), rateLimits: createRateLimitCheck(limiter) });
    // Requests left in the caller's /auth budget after one failed sign-in.
    const login = async (forwardedFor: string) => {
      const response = await request(target.callback)
        .post('/v1/auth/login')
        .set('X-Forwarded-For', forwardedFor)
        .send({ email: 'nobody@example.com', password: 'not the right password' });
      expect(response.status).toBe(401);
      expect(response.headers['x-ratelimit-limit']).toBe('100');
      return Number(response.headers['x-ratelimit-remaining']);
    };
    try {
      await body(login);
    } finally {
      await target.close();
    }
  }

  it('with one trusted proxy, gives each forwarded client its own budget', async () => {
    await withApp(1, async (login) => {
      expect(await login('203.0.113.7')).toBe(99);
      expect(await login('203.0.113.7')).toBe(98);
      expect(await login('198.51.100.9')).toBe(99);
    });
  });

  it('with one trusted proxy, believes only the entry the proxy appended, not what the client wrote before it', async () => {
    await withApp(1, async (login) => {
      expect(await login('203.0.113.7')).toBe(99);
      expect(await login('10.0.0.1, 203.0.113.7')).toBe(98);
      expect(await login('10.0.0.2, 203.0.113.7')).toBe(97);
    });
  });

  it('with two trusted proxies, takes the client from the second entry from the right', async () => {
    await withApp(2, async (login) => {
      expect(await login('spoofed, 203.0.113.7, 192.0.2.1')).toBe(99);
      expect(await login('203.0.113.7, 192.0.2.2')).toBe(98);
      expect(await login('198.51.100.9, 192.0.2.1')).toBe(99);
    });
  });

  it('by default ignores X-Forwarded-For: every caller behind one address shares its budget', async () => {
    await withApp(0, async (login) => {
      expect(await login('203.0.113.7')).toBe(99);
      expect(await login('198.51.100.9')).toBe(98);
    });
  });
});
