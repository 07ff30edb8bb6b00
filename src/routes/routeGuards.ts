// The middleware chains that stand in front of route handlers: credential, rate-limit area,
// scope. Built once in app.ts and handed to each route file.
import type { Middleware } from 'koa';
import compose from 'koa-compose';
import type { Scope } from '../domain/account';

export type RateLimitArea = 'general' | 'search' | 'analytics';

export interface RouteGuards {
  authenticate: Middleware;
  rateLimit: (area: RateLimitArea) => Middleware;
  requireScope: (scope: Scope) => Middleware;
  requireSignedIn: () => Middleware;
  requireAdmin: () => Middleware;
  jsonBody: Middleware;
}

/** authenticate -> rate limit for the area -> scope check. */
export function protect(guards: RouteGuards, area: RateLimitArea, scope?: Scope): Middleware {
  const chain = [guards.authenticate, guards.rateLimit(area)];
  if (scope) chain.push(guards.requireScope(scope));
  return compose(chain);
}
