// Permission checks that run after authenticate (spec 5.6): each failure is 403 FORBIDDEN.
// Which check a route gets is decided by its entry in http/routeScopes.ts (requireRouteAccess);
// ownership of a resource is checked by the service that loads it, not here.
import type { Context, Middleware } from 'koa';
import type { Scope } from '../domain/account';
import { ForbiddenError } from '../domain/errors';
import type { Principal } from '../domain/principal';
import { principalOf } from './principal';
import { type RouteAccess, ROUTE_ACCESS, routeAccessOf, routeKey } from './routeScopes';

/**
 * 403 naming the scope, in the envelope (details.field 'scope', details.requiredScope) and, as
 * RFC 6750 3.1 asks of a bearer resource server, in WWW-Authenticate (insufficient_scope).
 */
function missingScope(ctx: Context, scope: Scope): ForbiddenError {
  ctx.set('WWW-Authenticate', `Bearer error="insufficient_scope", scope="${scope}"`);
  return missingScopeError(scope);
}

function missingScopeError(scope: Scope): ForbiddenError {
  return new ForbiddenError(`This credential lacks the ${scope} scope this endpoint requires`, {
    field: 'scope',
    issue: `requires the ${scope} scope`,
    requiredScope: scope,
  });
}

/** The same check for callers that are not HTTP routes (MCP tools, GraphQL fields): the same 403 FORBIDDEN and details. */
export function checkPrincipalScope(principal: Pick<Principal, 'scopes'>, scope: Scope): void {
  if (!principal.scopes.includes(scope)) throw missingScopeError(scope);
}

function checkScope(ctx: Context, principal: Principal, scope: Scope): void {
  if (!principal.scopes.includes(scope)) throw missingScope(ctx, scope);
}

/** Account settings (API keys, OAuth clients) are managed by a person signed in, never by a key or an app (spec 5.2). */
function checkSignedIn(principal: Principal): void {
  if (principal.via !== 'jwt') throw new ForbiddenError('This endpoint requires a signed-in account (JWT)');
}

/** The admin's own credential: an OAuth token an admin granted to an app carries no admin rights. */
function checkAdmin(principal: Principal): void {
  if (principal.role !== 'admin' || principal.via === 'oauth') throw new ForbiddenError('This endpoint requires an admin account');
}

export function checkRouteAccess(ctx: Context, access: RouteAccess): void {
  if (access.kind === 'public') return;
  const principal = principalOf(ctx);
  if (access.kind === 'scope') checkScope(ctx, principal, access.scope);
  else if (access.kind === 'signedIn') checkSignedIn(principal);
  else checkAdmin(principal);
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

export function requireScope(scope: Scope): Middleware {
  return async (ctx, next) => {
    checkScope(ctx, principalOf(ctx), scope);
    await next();
  };
}

export function requireSignedIn(): Middleware {
  return async (ctx, next) => {
    checkSignedIn(principalOf(ctx));
    await next();
  };
}

export function requireAdmin(): Middleware {
  return async (ctx, next) => {
    checkAdmin(principalOf(ctx));
    await next();
  };
}
