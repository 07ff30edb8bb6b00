// The limiters' logic over rate-limiter-flexible counters, whatever holds the counts: the memory and
// Redis adapters (memory/memoryLimiters.ts, redis/redisLimiters.ts) differ only in the counter they
// build for a key prefix, a number of points and a window.
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ACCOUNT_FAILURES, ADDRESS_FAILURES, type AuthFailureRule } from '../domain/authFailureLimits';
import { RateLimitedError } from '../domain/errors';
import type { RateLimitBucket, RateLimitTier } from '../domain/rateLimitTiers';
import type { AuthAttempt, AuthFailureLimiter } from '../ports/authFailureLimiter';
import type { RateLimitDecision, RateLimiter } from '../ports/rateLimiter';

/** What a counter counts: rate-limiter-flexible's base options. */
export interface WindowCounterSpec {
  keyPrefix: string;
  points: number;
  /** Window, seconds. */
  duration: number;
}

export type WindowCounterFactory = (spec: WindowCounterSpec) => RateLimiterAbstract;

export interface AuthFailureRules {
  /** Default ACCOUNT_FAILURES. */
  account?: AuthFailureRule;
  /** Default ADDRESS_FAILURES. */
  address?: AuthFailureRule;
}

function decision(result: RateLimiterRes, tier: RateLimitTier, allowed: boolean): RateLimitDecision {
  const msLeft = Math.max(0, result.msBeforeNext);
  return {
    allowed,
    limit: tier.points,
    remaining: Math.max(0, tier.points - result.consumedPoints),
    resetAtSeconds: Math.ceil((Date.now() + msLeft) / 1000),
    retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)),
  };
}

export function countingRateLimiter(counterFor: WindowCounterFactory, keyPrefix: string): RateLimiter {
  // One counter per bucket and tier (custom enterprise numbers add a few). Counters of one bucket
  // share a key prefix, so where the counts are shared (Redis) a plan change keeps the caller's
  // count for the current window.
  const counters = new Map<string, RateLimiterAbstract>();
  function counter(bucket: RateLimitBucket, tier: RateLimitTier): RateLimiterAbstract {
    const id = `${bucket}:${tier.points}:${tier.durationSeconds}`;
    let found = counters.get(id);
    if (!found) {
      found = counterFor({ keyPrefix: `${keyPrefix}:${bucket}`, points: tier.points, duration: tier.durationSeconds });
      counters.set(id, found);
    }
    return found;
  }
  return {
    async consume(subject, bucket, tier) {
      try {
        return decision(await counter(bucket, tier).consume(subject), tier, true);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return decision(rejection, tier, false);
        throw rejection;
      }
    },
  };
}

export function countingAuthFailureLimiter(counterFor: WindowCounterFactory, keyPrefix: string, rules: AuthFailureRules = {}): AuthFailureLimiter {
  function limiter(kind: 'account' | 'address', rule: AuthFailureRule): { rule: AuthFailureRule; counter: RateLimiterAbstract } {
    return { rule, counter: counterFor({ keyPrefix: `${keyPrefix}:${kind}`, points: rule.failures, duration: rule.windowSeconds }) };
  }
  const byKind = { account: limiter('account', rules.account ?? ACCOUNT_FAILURES), address: limiter('address', rules.address ?? ADDRESS_FAILURES) };

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
