// Who may call an operation (spec 5.6), checked after authentication: each refusal is 403 FORBIDDEN.
// Ownership of a resource is the service's own check when it loads it, not this one.
import type { Scope } from '../domain/account';
import { ForbiddenError } from '../domain/errors';
import type { Principal } from '../domain/principal';
import type { Access } from './operation';

/**
 * A missing scope names the scope in the error's details and, as RFC 6750 3.1 asks of a bearer
 * resource server, in the challenge (WWW-Authenticate: insufficient_scope) REST sends with it.
 */
export class MissingScopeError extends ForbiddenError {
  constructor(readonly scope: Scope) {
    super(`This credential lacks the ${scope} scope this endpoint requires`, { field: 'scope', issue: `requires the ${scope} scope`, requiredScope: scope });
    this.challenge = `Bearer error="insufficient_scope", scope="${scope}"`;
  }
}

export function checkScope(principal: Pick<Principal, 'scopes'>, scope: Scope): void {
  if (!principal.scopes.includes(scope)) throw new MissingScopeError(scope);
}

/** Account settings (API keys, OAuth clients) are managed by a person signed in, never by a key or an app (spec 5.2). */
export function checkSignedIn(principal: Principal): void {
  if (principal.via !== 'jwt') throw new ForbiddenError('This endpoint requires a signed-in account (JWT)');
}

/** The admin's own credential: an OAuth token an admin granted to an app carries no admin rights. */
export function checkAdmin(principal: Principal): void {
  if (principal.role !== 'admin' || principal.via === 'oauth') throw new ForbiddenError('This endpoint requires an admin account');
}

export function checkAccess(principal: Principal, access: Access): void {
  if (access.kind === 'public') return;
  if (access.kind === 'scope') checkScope(principal, access.scope);
  else if (access.kind === 'signedIn') checkSignedIn(principal);
  else checkAdmin(principal);
}
