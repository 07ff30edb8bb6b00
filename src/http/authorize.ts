// Koa middleware over the core's access checks (core/access.ts), for the two routes that are not
// declared operations (/mcp, /graphql): which check a route gets is its entry in http/routeScopes.ts.
import type { Context, Middleware } from 'koa';
import { checkAccess } from '../core/access';
import { principalOf } from './principal';
import { ROUTE_ACCESS, routeAccessOf, routeKey, type RouteAccess } from './routeScopes';

export function checkRouteAccess(ctx: Context, access: RouteAccess): void {
  if (access.kind === 'public') return;
  checkAccess(principalOf(ctx), access);
}

/**
 * Applies the matched route's entry of the table. Runs inside the route's own middleware, where
 * the router has set the pattern it matched (`_matchedRoute`). A route without an entry cannot
 * be reached here (createApp refuses to build), but if one were, it is refused, never let through.
 */
export function requireRouteAccess(table: Readonly<Record<string, RouteAccess>> = ROUTE_ACCESS): Middleware {
  return async (ctx, next) => {
    const matched = (ctx as Context & { _matchedRoute?: string })._matchedRoute;
    const key = matched === undefined ? undefined : routeKey(ctx.method, matched);
    const access = key === undefined ? undefined : routeAccessOf(key, table);
    if (!access) throw new Error(`No access entry for ${key ?? `${ctx.method} ${ctx.path}`} in http/routeScopes.ts`);
    checkRouteAccess(ctx, access);
    await next();
  };
}
