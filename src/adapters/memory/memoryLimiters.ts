// Rate limits and failed-authentication counts in this process's memory: the embedded default
// (one API instance), and what tests use.
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { AuthFailureLimiter } from '../../ports/authFailureLimiter';
import type { RateLimiter } from '../../ports/rateLimiter';
import { countingAuthFailureLimiter, countingRateLimiter, type AuthFailureRules } from '../windowCounters';

const inMemory = (spec: ConstructorParameters<typeof RateLimiterMemory>[0]) => new RateLimiterMemory(spec);

export function createMemoryRateLimiter(): RateLimiter {
  return countingRateLimiter(inMemory, 'rl');
}

export function createMemoryAuthFailureLimiter(rules: AuthFailureRules = {}): AuthFailureLimiter {
  return countingAuthFailureLimiter(inMemory, 'authfail', rules);
}
