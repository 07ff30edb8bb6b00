// Koa middleware over the core's rate-limit check (core/rateLimitCheck.ts), for the routes that are
// not declared operations (/mcp): counts the request, sets X-RateLimit-* on every response (429
// included), and lets the refusal reach the error handler (which adds Retry-After). Mount it after
// authentication so ctx.state.principal is known; without a principal the client address is limited.
import type { Middleware } from 'koa';
import type { Principal } from '../domain/principal';
import type { RateLimitArea } from '../domain/rateLimitTiers';
import { OverRateLimitError, rateLimitHeaders, type RateLimitCheck } from '../core/rateLimitCheck';

export function rateLimitWith(check: RateLimitCheck, area: RateLimitArea): Middleware {
  return async (ctx, next) => {
    try {
      const decision = await check(ctx.state.principal as Principal | undefined, area, ctx.ip);
      if (decision) ctx.set(rateLimitHeaders(decision));
    } catch (error) {
      if (error instanceof OverRateLimitError) ctx.set(rateLimitHeaders(error.decision));
      throw error;
    }
    await next();
  };
}
