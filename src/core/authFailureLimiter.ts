// Counts failed authentication per client address and per account (domain/authFailureLimits.ts)
// with rate-limiter-flexible: in memory on the embedded default, in Redis (shared by every API
// instance) when REDIS_URL is set, with an in-memory insurance limiter while Redis is unreachable.
import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ACCOUNT_FAILURES, ADDRESS_FAILURES, type AuthFailureRule } from '../domain/authFailureLimits';
import { RateLimitedError, UnauthorizedError } from '../domain/errors';

/** Who failed: the client address always, the account (its normalised e-mail) when one was named. */
export interface AuthAttempt {
  address: string;
  account?: string;
}

export interface AuthFailureLimiter {
  /** Throws RateLimitedError (429, Retry-After) while the address or the account is over its failures. */
  assertAllowed(attempt: AuthAttempt): Promise<void>;
  /** Counts one failure against the address and the account. */
  recordFailure(attempt: AuthAttempt): Promise<void>;
  /** A successful sign-in: the account's failures are forgotten (the address's are not). */
  recordSuccess(attempt: AuthAttempt): Promise<void>;
}

export interface AuthFailureLimiterOptions {
  redis?: Redis;
  /** Redis key prefix; default "authfail". */
  keyPrefix?: string;
  account?: AuthFailureRule;
  address?: AuthFailureRule;
}

export function createAuthFailureLimiter(options: AuthFailureLimiterOptions = {}): AuthFailureLimiter {
  const prefix = options.keyPrefix ?? 'authfail';
  const rules = { account: options.account ?? ACCOUNT_FAILURES, address: options.address ?? ADDRESS_FAILURES };

  function limiter(kind: 'account' | 'address'): { rule: AuthFailureRule; counter: RateLimiterAbstract } {
    const rule = rules[kind];
    const base = { keyPrefix: `${prefix}:${kind}`, points: rule.failures, duration: rule.windowSeconds };
    const counter = options.redis
      ? new RateLimiterRedis({ ...base, storeClient: options.redis, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(base) })
      : new RateLimiterMemory(base);
    return { rule, counter };
  }
  const byKind = { account: limiter('account'), address: limiter('address') };

  function keysOf(attempt: AuthAttempt): Array<['account' | 'address', string]> {
    return attempt.account === undefined ? [['address', attempt.address]] : [['address', attempt.address], ['account', attempt.account]];
  }

  return {
    async assertAllowed(attempt) {
      for (const [kind, key] of keysOf(attempt)) {
        const { rule, counter } = byKind[kind];
        const state = await counter.get(key);
        if (state && state.consumedPoints >= rule.failures) {
          const what = kind === 'account' ? 'this account' : 'this client address';
          throw new RateLimitedError(`Too many failed sign-in attempts for ${what}; try again later`, Math.max(1, Math.ceil(state.msBeforeNext / 1000)));
        }
      }
    },
    async recordFailure(attempt) {
      await Promise.all(keysOf(attempt).map(([kind, key]) => byKind[kind].counter.penalty(key, 1)));
    },
    async recordSuccess(attempt) {
      if (attempt.account !== undefined) await byKind.account.counter.delete(attempt.account);
    },
  };
}

/**
 * Runs one authentication attempt under the limiter: refused at once while over the limit, a 401
 * counts as a failure, a success clears the account's count.
 */
export async function limitFailures<T>(limiter: AuthFailureLimiter, attempt: AuthAttempt, authenticate: () => Promise<T>): Promise<T> {
  await limiter.assertAllowed(attempt);
  let result: T;
  try {
    result = await authenticate();
  } catch (error) {
    if (error instanceof UnauthorizedError) await limiter.recordFailure(attempt);
    throw error;
  }
  await limiter.recordSuccess(attempt);
  return result;
}
