// Permission checks that run after authenticate (spec 5.6): each failure is 403 FORBIDDEN.
// Ownership of a resource is checked by the service that loads it, not here.
import type { Middleware } from 'koa';
import type { Scope } from '../domain/account';
import { ForbiddenError } from '../domain/errors';
import { principalOf } from './principal';

export function requireScope(scope: Scope): Middleware {
  return async (ctx, next) => {
    if (!principalOf(ctx).scopes.includes(scope)) throw new ForbiddenError(`Missing required scope ${scope}`);
    await next();
  };
}

/** Account settings (API keys...) are managed by a person signed in, never by a key (spec 5.2). */
export function requireSignedIn(): Middleware {
  return async (ctx, next) => {
    if (principalOf(ctx).via !== 'jwt') {
      throw new ForbiddenError('This endpoint requires a signed-in account (JWT)');
    }
    await next();
  };
}

/** Role check only; combine with requireSignedIn() when the action must not be done with a key. */
export function requireAdmin(): Middleware {
  return async (ctx, next) => {
    if (principalOf(ctx).role !== 'admin') throw new ForbiddenError('This endpoint requires an admin account');
    await next();
  };
}
