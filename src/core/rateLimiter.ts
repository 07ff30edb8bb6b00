// Counts requests per subject and bucket with rate-limiter-flexible. With Redis, counters live in
// Redis and are shared by every API instance; each Redis limiter carries an in-memory insurance
// limiter that answers while Redis is unreachable (per-instance counts, so limits loosen by the
// number of instances during an outage rather than blocking everyone). Without Redis, memory only.
import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitBucket, RateLimitTier } from '../domain/rateLimitTiers';
import type { Logger } from '../logger';

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
  consume(subject: string, bucket: RateLimitBucket, tier: RateLimitTier): Promise<RateLimitDecision>;
}

export interface RateLimiterOptions {
  redis?: Redis;
  logger: Logger;
  /** Redis key prefix; default "rl". */
  keyPrefix?: string;
}

/** Memory limiter that reports each use: it is only consulted when Redis failed. */
class InsuranceLimiter extends RateLimiterMemory {
  constructor(options: ConstructorParameters<typeof RateLimiterMemory>[0], private readonly onUse: () => void) {
    super(options);
  }
  override consume(key: string | number, points?: number, options?: Record<string, unknown>): Promise<RateLimiterRes> {
    this.onUse();
    return super.consume(key, points, options);
  }
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { redis, logger } = options;
  const prefix = options.keyPrefix ?? 'rl';
  // One limiter per bucket and tier (custom enterprise numbers add a few). Limiters of one bucket
  // share a key prefix, so a plan change keeps the caller's count for the current window.
  const limiters = new Map<string, RateLimiterAbstract>();
  let onInsurance = false;

  function usingInsurance(): void {
    if (onInsurance) return;
    onInsurance = true;
    logger.warn('Redis unavailable for rate limits; counting in memory on this instance until it returns');
  }

  redis?.on('ready', () => {
    if (!onInsurance) return;
    onInsurance = false;
    logger.info('Redis available again; rate limits are shared across instances again');
  });

  function limiterFor(bucket: RateLimitBucket, tier: RateLimitTier): RateLimiterAbstract {
    const id = `${bucket}:${tier.points}:${tier.durationSeconds}`;
    let limiter = limiters.get(id);
    if (limiter) return limiter;
    const base = { keyPrefix: `${prefix}:${bucket}`, points: tier.points, duration: tier.durationSeconds };
    limiter = redis
      ? new RateLimiterRedis({
          ...base,
          storeClient: redis,
          // Go to the insurance at once while disconnected instead of waiting on the socket.
          rejectIfRedisNotReady: true,
          insuranceLimiter: new InsuranceLimiter(base, usingInsurance),
        })
      : new RateLimiterMemory(base);
    limiters.set(id, limiter);
    return limiter;
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

  return {
    async consume(subject, bucket, tier) {
      try {
        return decision(await limiterFor(bucket, tier).consume(subject), tier, true);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return decision(rejection, tier, false);
        throw rejection;
      }
    },
  };
}
