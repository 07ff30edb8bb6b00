// Counts calls per subject and bucket against a tier (points per window). Adapters:
// adapters/memory/memoryLimiters (one process) and adapters/redis/redisLimiters (shared by every API
// instance); both pass test/contract/rateLimiter.contract.ts.
import type { RateLimitBucket, RateLimitTier } from '../domain/rateLimitTiers';

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the current window ends, epoch seconds. */
  resetAtSeconds: number;
  /** Whole seconds until a request may succeed again (>= 1); meaningful when not allowed. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one call; over the tier's points the decision says so (it never throws for that). */
  consume(subject: string, bucket: RateLimitBucket, tier: RateLimitTier): Promise<RateLimitDecision>;
}
