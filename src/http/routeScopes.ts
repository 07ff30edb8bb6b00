// Who may call each route, in one table: the access each declared operation states (src/operations,
// accessTable) and the entries of the two endpoints that are transports of their own (/mcp,
// /graphql). The table is enforced on those two by http/authorize.ts (declared operations are
// checked by invoke), written into each OpenAPI operation's `security` (openapi/routeSecurity.ts),
// and createApp refuses to build an app with a route missing here, naming the route.
// Path parameters are written {name}; HEAD follows GET.
import { scope, type Access } from '../core/operation';
import { accessTable } from '../operations/registry';

export type RouteAccess = Access;
export { scope };

/** The endpoints that carry calls of their own protocol; each call inside checks its operation's access too. */
const UNDECLARED_ROUTES: Readonly<Record<string, RouteAccess>> = {
  // MCP: every tool reads businesses; a tool that needs more (bookings) checks its own scope too.
  'POST /mcp': scope('read:businesses'),
  'DELETE /mcp': scope('read:businesses'),
  // GraphQL: read only; each field also checks its own scope (analytics fields read:analytics).
  'POST /graphql': scope('read:businesses'),
  // Stripe's notifications: Stripe proves itself with the Stripe-Signature over the body, not a credential.
  'POST /payments/stripe/webhook': { kind: 'public' },
};

export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = { ...accessTable(), ...UNDECLARED_ROUTES };

/** The table's key for a router path ('/v1/business/profile/:businessId') and method. */
export function routeKey(method: string, routerPath: string): string {
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const path = routerPath
    .replace(/^\/v1(?=\/|$)/, '')
    .replace(/:(\w+)(\([^)]*\))?\??/g, '{$1}')
    .replace(/(.)\/$/, '$1');
  return `${verb} ${path || '/'}`;
}

export function routeAccessOf(key: string, table: Readonly<Record<string, RouteAccess>> = ROUTE_ACCESS): RouteAccess | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}
