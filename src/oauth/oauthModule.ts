// Everything OAuth, assembled once for app.ts: the provider over our storage, the resolver
// authenticate() uses for OAuth bearer tokens, the pages, and the client routes.
import type { Middleware } from 'koa';
import type Provider from 'oidc-provider';
import { rotationPolicy, type RotationPolicy } from '../domain/oauth/signingKeyRotation';
import { createSecretBox } from '../domain/webhooks/secretBox';
import type { AuthFailureLimiter } from '../ports/authFailureLimiter';
import type { Logger } from '../logger';
import type { OAuthStorage } from '../ports/oauthStorage';
import type { Store } from '../ports/store';
import type { AuthService } from '../services/authService';
import { createOAuthClientService, type OAuthClientService } from '../services/oauth/clientService';
import { oauthCookieKeys, providerForKeys } from '../services/oauth/providerForKeys';
import { createSigningKeyRing } from '../services/oauth/signingKeyRing';
import { createOAuthTokenResolver, type OAuthTokenResolver } from '../services/oauth/oauthTokens';
import { interactionRoutes } from './interactions';
import { mountProvider, PROTECTED_RESOURCE_METADATA_PATH } from './mountProvider';
import { errorPage } from './pages';

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

/** Signing keys are sealed with their own key derived from this material (WEBHOOK_SECRET_KEY, else JWT_SECRET). */
const KEY_PURPOSE = 'oauth signing keys v1';
export const DEFAULT_KEY_ROTATION_DAYS = 30;

export interface OAuthModule {
  /** The provider for the current signing keys (a new one after each key change: oauthProvider.ts). */
  provider: () => Promise<Provider>;
  resource: string;
  /** RFC 9728 metadata of this API; every 401 names it (MCP authorization: clients discover the flow from it). */
  resourceMetadataUrl: string;
  tokens: OAuthTokenResolver;
  /** The keys the provider signs its cookies with; the host Koa app must use them too. */
  cookieKeys: string[];
  clients: OAuthClientService;
  /** Provider endpoints, metadata documents and sign-in/consent pages: before the /v1 router. */
  middleware: Middleware[];
}

export interface OAuthModuleDeps {
  settings: OAuthSettings;
  store: Store;
  auth: AuthService;
  cookieSecret: string;
  /** Seals the signing keys at rest. */
  keySecret: string;
  /** Failed sign-ins on the sign-in page count with the API's other credential failures. */
  failures: AuthFailureLimiter;
  proxy: boolean;
  logger?: Logger;
}

export function createOAuthModule(deps: OAuthModuleDeps): OAuthModule {
  const issuer = deps.settings.issuer.replace(/\/+$/, '');
  const resource = `${issuer}/v1`;
  const { storage } = deps.settings;
  const ring = createSigningKeyRing({
    store: storage.signingKeys,
    secrets: createSecretBox(deps.keySecret, KEY_PURPOSE),
    policy: deps.settings.keyRotation ?? rotationPolicy(DEFAULT_KEY_ROTATION_DAYS),
    now: deps.settings.now,
    logger: deps.logger?.child({ component: 'oauth-keys' }),
  });
  const provider = providerForKeys(ring, async (signingKeys) =>
    (await import('../services/oauth/oauthProvider')).createOAuthProvider({
      storage,
      store: deps.store,
      issuer,
      resource,
      cookieSecret: deps.cookieSecret,
      signingKeys,
      proxy: deps.proxy,
      introspectionClientIds: deps.settings.introspectionClientIds ?? [],
      renderError: (ctx, out) => errorPage(ctx, ctx.status >= 400 ? ctx.status : 400, out.error, out.error_description),
    }),
  );
  const clients = createOAuthClientService({ storage });
  const pages = interactionRoutes({ provider, store: deps.store, auth: deps.auth, resource, failures: deps.failures });
  return {
    provider,
    resource,
    cookieKeys: oauthCookieKeys(deps.cookieSecret),
    resourceMetadataUrl: `${issuer}${PROTECTED_RESOURCE_METADATA_PATH}`,
    tokens: createOAuthTokenResolver({ provider, storage, resource }),
    clients,
    middleware: [mountProvider({ provider, issuer, resource }), pages.routes() as unknown as Middleware, pages.allowedMethods() as unknown as Middleware],
  };
}
