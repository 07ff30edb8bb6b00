// Rate limits and failed-authentication counts in Redis, shared by every API instance. Each Redis
// counter carries an in-memory insurance counter that answers while Redis is unreachable
// (per-instance counts, so limits loosen by the number of instances during an outage rather than
// blocking everyone).
import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible';
import type { Logger } from '../../logger';
import type { AuthFailureLimiter } from '../../ports/authFailureLimiter';
import type { RateLimiter } from '../../ports/rateLimiter';
import { countingAuthFailureLimiter, countingRateLimiter, type AuthFailureRules, type WindowCounterSpec } from '../windowCounters';

/** Memory counter that reports each use: it is only consulted when Redis failed. */
class InsuranceCounter extends RateLimiterMemory {
  constructor(spec: WindowCounterSpec, private readonly onUse: () => void) {
    super(spec);
  }
  override consume(key: string | number, points?: number, options?: Record<string, unknown>): Promise<RateLimiterRes> {
    this.onUse();
    return super.consume(key, points, options);
  }
}

export interface RedisRateLimiterOptions {
  redis: Redis;
  logger: Logger;
  /** Key prefix; default "rl". */
  keyPrefix?: string;
}

export function createRedisRateLimiter(options: RedisRateLimiterOptions): RateLimiter {
  const { redis, logger } = options;
  let onInsurance = false;
  function usingInsurance(): void {
    if (onInsurance) return;
    onInsurance = true;
    logger.warn('Redis unavailable for rate limits; counting in memory on this instance until it returns');
  }
  redis.on('ready', () => {
    if (!onInsurance) return;
    onInsurance = false;
    logger.info('Redis available again; rate limits are shared across instances again');
  });
  return countingRateLimiter(
    // Go to the insurance at once while disconnected instead of waiting on the socket.
    (spec) => new RateLimiterRedis({ ...spec, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: new InsuranceCounter(spec, usingInsurance) }),
    options.keyPrefix ?? 'rl',
  );
}

export interface RedisAuthFailureLimiterOptions extends AuthFailureRules {
  redis: Redis;
  /** Key prefix; default "authfail". */
  keyPrefix?: string;
}

export function createRedisAuthFailureLimiter(options: RedisAuthFailureLimiterOptions): AuthFailureLimiter {
  const { redis } = options;
  return countingAuthFailureLimiter(
    (spec) => new RateLimiterRedis({ ...spec, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(spec) }),
    options.keyPrefix ?? 'authfail',
    options,
  );
}
