// The middleware chains that stand in front of route handlers: credential, rate-limit area,
// and who may call the route (its entry in http/routeScopes.ts). Built once in app.ts and
// handed to each route file.
import type { Middleware } from 'koa';
import compose from 'koa-compose';
import type { Scope } from '../domain/account';

export type RateLimitArea = 'general' | 'search' | 'analytics';

export interface RouteGuards {
  authenticate: Middleware;
  rateLimit: (area: RateLimitArea) => Middleware;
  /** The matched route's entry of http/routeScopes.ts: its scope, signed-in person or admin. */
  routeAccess: Middleware;
  requireScope: (scope: Scope) => Middleware;
  requireSignedIn: () => Middleware;
  requireAdmin: () => Middleware;
  jsonBody: Middleware;
}

/**
 * authenticate -> rate limit for the area -> the route's access rule. The scope (or admin,
 * signed-in person) a route needs is not written here but in http/routeScopes.ts: one line there.
 */
export function protect(guards: RouteGuards, area: RateLimitArea): Middleware {
  return compose([guards.authenticate, guards.rateLimit(area), guards.routeAccess]);
}
