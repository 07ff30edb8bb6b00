// The build-time half of http/routeScopes.ts: every route the app serves has an entry, so no
// route is ever served without a decision on who may call it.
import type Router from '@koa/router';
import { type RouteAccess, ROUTE_ACCESS, routeAccessOf, routeKey } from './routeScopes';

/** 'METHOD /path' of every route of the router (HEAD folded into GET), in registration order. */
export function registeredRoutes(router: Router): string[] {
  const keys = new Set<string>();
  for (const layer of router.stack) {
    if (typeof layer.path !== 'string') continue;
    for (const method of layer.methods) keys.add(routeKey(method, layer.path));
  }
  return [...keys];
}

export function routesWithoutAccess(router: Router, table: Readonly<Record<string, RouteAccess>> = ROUTE_ACCESS): string[] {
  return registeredRoutes(router).filter((key) => routeAccessOf(key, table) === undefined);
}

/** Throws, naming each route, when a route has no entry in the table. */
export function assertEveryRouteHasAccess(router: Router, table: Readonly<Record<string, RouteAccess>> = ROUTE_ACCESS): void {
  const missing = routesWithoutAccess(router, table);
  if (missing.length === 0) return;
  throw new Error(
    `These routes have no entry in src/http/routeScopes.ts (ROUTE_ACCESS): ${missing.join(', ')}. ` +
      "Add one line per route, e.g. 'POST /bookings': scope('write:bookings'), or PUBLIC / SIGNED_IN / ADMIN with the reason.",
  );
}
