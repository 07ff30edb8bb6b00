// Counts a call against the caller's limit for one area (spec 8). The decision goes back with the
// answer (REST sends it as X-RateLimit-Limit / -Remaining / -Reset); over the limit the call is
// refused with RateLimitedError (429, Retry-After). Without a principal the client address is
// counted (the free general limit).
import type { Plan } from '../domain/account';
import { RateLimitedError } from '../domain/errors';
import type { Principal } from '../domain/principal';
import { describeWindow, rateLimitFor, type RateLimitArea } from '../domain/rateLimitTiers';
import type { RateLimitDecision, RateLimiter } from '../ports/rateLimiter';

/** A refusal that still reports the limit it hit, so the 429 carries the same X-RateLimit-* headers. */
export class OverRateLimitError extends RateLimitedError {
  constructor(message: string, readonly decision: RateLimitDecision) {
    super(message, decision.retryAfterSeconds);
  }
}

/** The decision for one call; undefined when nothing was counted (no X-RateLimit-* headers then). */
export type RateLimitCheck = (principal: Principal | undefined, area: RateLimitArea, address: string) => Promise<RateLimitDecision | undefined>;

/** Counts nothing: for tools that drive the API in-process on their own data (seed:demo) and for tests. */
export const countNothing: RateLimitCheck = async () => undefined;

/** `floorPlan`: DEV_RATE_LIMIT_PLAN (config.ts), development only: no caller counts below that plan's limits. */
export function createRateLimitCheck(limiter: RateLimiter, options: { floorPlan?: Plan } = {}): RateLimitCheck {
  return async (principal, area, address) => {
    const applied = rateLimitFor(principal, area, address, options.floorPlan);
    const decision = await limiter.consume(applied.subject, applied.bucket, applied.tier);
    if (!decision.allowed) {
      const scope = applied.bucket === 'test' ? 'test keys' : `the ${applied.bucket} area`;
      throw new OverRateLimitError(`Rate limit of ${decision.limit} requests per ${describeWindow(applied.tier.durationSeconds)} for ${scope} exceeded`, decision);
    }
    return decision;
  };
}

/** The decision as the X-RateLimit-* headers every REST answer carries. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return { 'X-RateLimit-Limit': String(decision.limit), 'X-RateLimit-Remaining': String(decision.remaining), 'X-RateLimit-Reset': String(decision.resetAtSeconds) };
}

/** Counts one public web page request against its client address's budget (never throws over the limit: the page answers 429 itself). */
export type PageRateLimit = (address: string) => Promise<RateLimitDecision>;

export function createPageRateLimit(limiter: RateLimiter, perMinute: number): PageRateLimit {
  const tier = { points: perMinute, durationSeconds: 60 };
  return (address) => limiter.consume(`ip:${address}`, 'pages', tier);
}
