// The OAuth server's HTTP side, mounted by app.ts over the parts the composition root built
// (runtime/composeOAuth.ts): the provider's endpoints and metadata documents, and the sign-in and
// consent pages.
import type { Middleware } from 'koa';
import type Provider from 'oidc-provider';
import type { RotationPolicy } from '../domain/oauth/signingKeyRotation';
import type { AuthFailureLimiter } from '../ports/authFailureLimiter';
import type { OAuthStorage } from '../ports/oauthStorage';
import type { Store } from '../ports/store';
import type { AuthService } from '../services/authService';
import type { OAuthTokenResolver } from '../services/oauth/oauthTokens';
import { interactionRoutes } from './interactions';
import { mountProvider } from './mountProvider';

export interface OAuthSettings {
  storage: OAuthStorage;
  /** AUTH_URL: this service's public origin, the issuer. The API's resource indicator is `${issuer}/v1`. */
  issuer: string;
  /** When ID-token signing keys rotate (OAUTH_KEY_ROTATION_DAYS); default every 30 days. */
  keyRotation?: RotationPolicy;
  /** The signing keys' clock (tests move it to rotate keys); default Date.now. */
  now?: () => number;
  /** OAUTH_INTROSPECTION_CLIENT_IDS: resource servers' clients, which may introspect any token. */
  introspectionClientIds?: string[];
}

/** The OAuth server as the composition root builds it. */
export interface OAuthServer {
  /** The provider for the current signing keys (a new one after each key change: providerForKeys.ts). */
  provider: () => Promise<Provider>;
  issuer: string;
  resource: string;
  /** RFC 9728 metadata of this API; every 401 names it (MCP authorization: clients discover the flow from it). */
  resourceMetadataUrl: string;
  tokens: OAuthTokenResolver;
  /** The keys the provider signs its cookies with; the host Koa app must use them too. */
  cookieKeys: string[];
}

export interface OAuthPagesDeps {
  store: Store;
  auth: AuthService;
  /** Failed sign-ins on the sign-in page count with the API's other credential failures. */
  failures: AuthFailureLimiter;
}

/** Provider endpoints, metadata documents and sign-in/consent pages: mounted before the /v1 router. */
export function oauthMiddleware(server: OAuthServer, deps: OAuthPagesDeps): Middleware[] {
  const { provider, issuer, resource } = server;
  const pages = interactionRoutes({ provider, store: deps.store, auth: deps.auth, resource, failures: deps.failures });
  // @koa/router types these for the context it builds itself (params, router); mounted, they get Koa's.
  return [mountProvider({ provider, issuer, resource }), pages.routes() as Middleware, pages.allowedMethods() as Middleware];
}
