// The middleware in front of the two endpoints that are transports of their own rather than
// declared operations (/mcp and /graphql): the caller's credential, a rate-limit area, and the
// route's entry in http/routeScopes.ts. Each call they carry then runs through invoke, which checks
// the operation's own access and counts its own area. Built once in app.ts.
import type { Middleware } from 'koa';
import type { RateLimitArea } from '../domain/rateLimitTiers';

export interface Guards {
  authenticate: Middleware;
  rateLimit: (area: RateLimitArea) => Middleware;
  /** The matched route's entry of http/routeScopes.ts. */
  routeAccess: Middleware;
}
