// Koa middleware: counts the request against the caller's limit for one area (spec 8), sets
// X-RateLimit-Limit / -Remaining / -Reset (epoch seconds) on every response, and throws
// RateLimitedError over the limit (errorHandler adds Retry-After). Mount it after authentication so
// ctx.state.principal is known; without a principal the client address is limited.
import type { Middleware } from 'koa';
import { RateLimitedError } from '../domain/errors';
import type { Plan } from '../domain/account';
import type { Principal } from '../domain/principal';
import { describeWindow, rateLimitFor, type RateLimitArea } from '../domain/rateLimitTiers';
import type { RateLimiter } from '../core/rateLimiter';

/** `floorPlan`: DEV_RATE_LIMIT_PLAN (config.ts), development only: no caller counts below that plan's limits. */
export function rateLimit(limiter: RateLimiter, area: RateLimitArea, options: { floorPlan?: Plan } = {}): Middleware {
  return async (ctx, next) => {
    const principal = ctx.state.principal as Principal | undefined;
    const applied = rateLimitFor(principal, area, ctx.ip, options.floorPlan);
    const decision = await limiter.consume(applied.subject, applied.bucket, applied.tier);
    ctx.set('X-RateLimit-Limit', String(decision.limit));
    ctx.set('X-RateLimit-Remaining', String(decision.remaining));
    ctx.set('X-RateLimit-Reset', String(decision.resetAtSeconds));
    if (!decision.allowed) {
      const scope = applied.bucket === 'test' ? 'test keys' : `the ${applied.bucket} area`;
      throw new RateLimitedError(
        `Rate limit of ${decision.limit} requests per ${describeWindow(applied.tier.durationSeconds)} for ${scope} exceeded`,
        decision.retryAfterSeconds,
      );
    }
    await next();
  };
}
