// The scopes of an authorization request (RFC 6749 section 3.3). oidc-provider passes scope words
// it does not know as OpenID scopes through silently, and a request naming no API scope reached
// the user's sign-in only to end in an access_denied nobody chose. Here, before any page is shown:
// a word that is neither an API scope nor openid / offline_access is invalid_scope (sent back to the
// app's redirect URI), and a request that names no API scope (scope omitted, empty, or OpenID
// scopes only) asks for the scopes the app registered, which the consent page then lists.
import { errors } from 'oidc-provider';
import { SCOPES, type Scope } from '../../domain/account';

export const OPENID_SCOPES = ['openid', 'offline_access'] as const;

const known = new Set<string>([...SCOPES, ...OPENID_SCOPES]);
const api = new Set<string>(SCOPES);

/** The API scopes a client registered (allowed_scopes), in the spec's order; all of them when it registered none. */
export function registeredScopes(metadata: Record<string, unknown>): Scope[] {
  const registered = metadata.allowed_scopes;
  const allowed = typeof registered === 'string' ? registered.split(' ') : [...SCOPES];
  return SCOPES.filter((scope) => allowed.includes(scope));
}

/** Checks `params.scope` of an authorization request and fills in the default; throws InvalidScope. */
export function applyRequestedScopes(params: { scope?: unknown }, registered: Scope[]): void {
  const words = typeof params.scope === 'string' ? params.scope.split(' ').filter((word) => word !== '') : [];
  const unknown = words.find((word) => !known.has(word));
  if (unknown !== undefined) throw new errors.InvalidScope(`unknown scope ${unknown}; the scopes are ${[...known].join(', ')}`);
  if (!words.some((word) => api.has(word))) params.scope = [...words, ...registered].join(' ');
}
