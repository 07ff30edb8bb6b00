// One suite for the rate limiter port (ports/rateLimiter.ts), run in memory and on Redis.
import type { RateLimiter } from '../../src/ports/rateLimiter';

const TIER = { points: 3, durationSeconds: 60 };

export function rateLimiterContract(name: string, create: (keyPrefix: string) => RateLimiter): void {
  describe(`rate limiter: ${name}`, () => {
    let run = 0;
    const fresh = () => create(`rl-test-${Date.now()}-${(run += 1)}`);

    it('counts a subject down from the tier\'s points and reports when the window ends', async () => {
      const limiter = fresh();
      const before = Math.floor(Date.now() / 1000);
      const first = await limiter.consume('account:acct_a', 'general', TIER);
      expect(first).toMatchObject({ allowed: true, limit: 3, remaining: 2 });
      expect(first.resetAtSeconds).toBeGreaterThanOrEqual(before);
      expect(first.resetAtSeconds).toBeLessThanOrEqual(before + 61);
      expect(await limiter.consume('account:acct_a', 'general', TIER)).toMatchObject({ allowed: true, remaining: 1 });
      expect(await limiter.consume('account:acct_a', 'general', TIER)).toMatchObject({ allowed: true, remaining: 0 });
    });

    it('refuses beyond the points with a Retry-After within the window', async () => {
      const limiter = fresh();
      for (let i = 0; i < 3; i += 1) await limiter.consume('account:acct_b', 'search', TIER);
      const refused = await limiter.consume('account:acct_b', 'search', TIER);
      expect(refused).toMatchObject({ allowed: false, limit: 3, remaining: 0 });
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    });

    it('counts subjects and buckets apart', async () => {
      const limiter = fresh();
      for (let i = 0; i < 3; i += 1) await limiter.consume('account:acct_c', 'search', TIER);
      expect((await limiter.consume('account:acct_c', 'search', TIER)).allowed).toBe(false);
      expect(await limiter.consume('account:acct_d', 'search', TIER)).toMatchObject({ allowed: true, remaining: 2 });
      expect(await limiter.consume('account:acct_c', 'analytics', TIER)).toMatchObject({ allowed: true, remaining: 2 });
    });

    it('applies each tier\'s own points to its subject', async () => {
      const limiter = fresh();
      expect(await limiter.consume('ip:203.0.113.7', 'pages', { points: 1, durationSeconds: 60 })).toMatchObject({ allowed: true, limit: 1, remaining: 0 });
      expect((await limiter.consume('ip:203.0.113.7', 'pages', { points: 1, durationSeconds: 60 })).allowed).toBe(false);
      expect(await limiter.consume('ip:203.0.113.8', 'test', { points: 100, durationSeconds: 3600 })).toMatchObject({ allowed: true, limit: 100, remaining: 99 });
    });
  });
}
