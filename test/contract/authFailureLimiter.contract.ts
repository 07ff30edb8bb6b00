// One suite for the failed-authentication limiter port (ports/authFailureLimiter.ts), run in memory and on Redis.
import type { AuthFailureRules } from '../../src/adapters/windowCounters';
import type { AuthFailureLimiter } from '../../src/ports/authFailureLimiter';
import { RateLimitedError } from '../../src/domain/errors';

/** Limits small enough to reach by hand: 3 per account, 5 per address, per 60 s. */
export const SMALL_RULES: AuthFailureRules = {
  account: { failures: 3, windowSeconds: 60 },
  address: { failures: 5, windowSeconds: 60 },
};

async function refusal(limiter: AuthFailureLimiter, attempt: { address: string; account?: string }): Promise<RateLimitedError | undefined> {
  try {
    await limiter.assertAllowed(attempt);
    return undefined;
  } catch (error) {
    if (error instanceof RateLimitedError) return error;
    throw error;
  }
}

export function authFailureLimiterContract(name: string, create: (keyPrefix: string) => AuthFailureLimiter): void {
  describe(`auth failure limiter: ${name}`, () => {
    let run = 0;
    const fresh = () => create(`authfail-test-${Date.now()}-${(run += 1)}`);

    it('refuses an account after 3 failures, with a Retry-After within the window', async () => {
      const limiter = fresh();
      const attempt = { address: '203.0.113.1', account: 'ana@example.com' };
      for (let i = 0; i < 3; i += 1) {
        expect(await refusal(limiter, attempt)).toBeUndefined();
        await limiter.recordFailure(attempt);
      }
      const refused = await refusal(limiter, attempt);
      expect(refused?.status).toBe(429);
      expect(refused?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect(refused?.message).toMatch(/this account/);
      // The same account from another address is refused too: the count is the account's.
      expect((await refusal(limiter, { address: '198.51.100.9', account: 'ana@example.com' }))?.status).toBe(429);
      // Another account from the first address is not (its address is at 3 of 5).
      expect(await refusal(limiter, { address: '203.0.113.1', account: 'bo@example.com' })).toBeUndefined();
    });

    it('refuses an address after 5 failures whichever accounts it tried', async () => {
      const limiter = fresh();
      for (const account of ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com', 'e@example.com']) {
        await limiter.recordFailure({ address: '203.0.113.2', account });
      }
      const refused = await refusal(limiter, { address: '203.0.113.2', account: 'f@example.com' });
      expect(refused?.status).toBe(429);
      expect(refused?.message).toMatch(/this client address/);
      expect((await refusal(limiter, { address: '203.0.113.2' }))?.status).toBe(429);
      expect(await refusal(limiter, { address: '203.0.113.3', account: 'f@example.com' })).toBeUndefined();
    });

    it('forgets an account\'s failures after a success, not the address\'s', async () => {
      const limiter = fresh();
      const attempt = { address: '203.0.113.4', account: 'cy@example.com' };
      await limiter.recordFailure(attempt);
      await limiter.recordFailure(attempt);
      await limiter.recordSuccess(attempt);
      await limiter.recordFailure(attempt);
      await limiter.recordFailure(attempt);
      // 2 since the success: still allowed (3 would refuse).
      expect(await refusal(limiter, attempt)).toBeUndefined();
      // The address has seen 4; one more reaches its 5.
      await limiter.recordFailure({ address: '203.0.113.4', account: 'other@example.com' });
      expect((await refusal(limiter, { address: '203.0.113.4' }))?.status).toBe(429);
    });
  });
}
