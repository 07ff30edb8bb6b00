// The OAuth 2.0 authorization server: oidc-provider (OpenID Certified) configured for this
// API. We configure it and give it our storage, accounts and pages; the protocol (codes, PKCE,
// refresh rotation, revocation, introspection, resource indicators, metadata) is the library's.
// Loaded with the library by the first OAuth request (providerForKeys.ts).
import { timingSafeEqual } from 'node:crypto';
import Provider, { errors } from 'oidc-provider';
import { sha256Hex } from '../../domain/secretHash';
import type { OAuthStorage } from '../../ports/oauthStorage';
import type { Store } from '../../ports/store';
import { answerMissingClientAuthenticationAsInvalidClient } from './clientAuthenticationRequired';
import { providerAdapterClass } from './providerAdapter';
import { applyRequestedScopes, OPENID_SCOPES, registeredScopes } from './requestedScopes';
import { INTERACTION_PATH, OAUTH_ROUTES } from './oauthPaths';
import { oauthCookieKeys } from './providerForKeys';
import { SIGNING_ALG, type SigningJwk } from './signingKeyRing';

/** How registered clients authenticate: confidential ones with their secret, public ones with their client_id alone. */
const CLIENT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'none'] as const;

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
const DAY = 24 * 3600;

export interface OAuthProviderDeps {
  storage: OAuthStorage;
  store: Store;
  /** AUTH_URL: the authorization server's origin (issuer). */
  issuer: string;
  /** The API's resource indicator (RFC 8707): tokens are issued for it only. */
  resource: string;
  /** Signs the provider's cookies (derived from JWT_SECRET by the caller). */
  cookieSecret: string;
  /**
   * ID-token signing keys from the shared key ring (signingKeyRing.ts), the signing one first. Our
   * access tokens are opaque records in storage, so these keys sign ID tokens only.
   */
  signingKeys: SigningJwk[];
  /** Same as Koa's app.proxy: believe X-Forwarded-* from trusted proxies. */
  proxy?: boolean;
  /** Clients of resource servers the operator named: they may introspect any token. */
  introspectionClientIds: string[];
  renderError: (ctx: import('koa').Context, error: { error: string; error_description?: string }) => void;
}

/** A client's secret is stored as its SHA-256 (high-entropy random, as API keys: see domain/secretHash.ts). */
export function clientSecretMatches(storedHash: string | undefined, presented: string): boolean {
  if (!storedHash) return false;
  const expected = Buffer.from(storedHash, 'utf8');
  const actual = Buffer.from(sha256Hex(presented), 'utf8');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export function createOAuthProvider(deps: OAuthProviderDeps): Provider {
  const { store, resource } = deps;
  const introspectors = new Set(deps.introspectionClientIds);
  const provider = new Provider(deps.issuer, {
    adapter: providerAdapterClass(deps.storage),
    clients: [],
    jwks: { keys: deps.signingKeys },
    cookies: { keys: oauthCookieKeys(deps.cookieSecret) },
    routes: OAUTH_ROUTES,
    scopes: [...OPENID_SCOPES],
    // The code flow only (RFC 9700): no implicit or hybrid response types in the metadata or accepted.
    responseTypes: ['code'],
    // What registered clients can use: confidential ones their secret (registered as Basic, which
    // oidc-provider also takes in the form body), public ones their client_id alone.
    clientAuthMethods: [...CLIENT_AUTH_METHODS],
    // RFC 8414 reads an absent list as client_secret_basic only; the other two work there too.
    discovery: { revocation_endpoint_auth_methods_supported: [...CLIENT_AUTH_METHODS], introspection_endpoint_auth_methods_supported: [...CLIENT_AUTH_METHODS] },
    // RFC 6749 section 4.1.3 requires redirect_uri at the token endpoint when the authorization
    // request had one; requiring it in both (as OAuth 2.0 does for a client with several) keeps the
    // rule simple: no omitting it even for an app with a single registered redirect URI.
    allowOmittingSingleRegisteredRedirectUri: false,
    claims: { openid: ['sub'] },
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: SIGNING_ALG,
    },
    // allowed_scopes: the API scopes the app may ask for (the library's own `scope` is for OpenID scopes only).
    extraClientMetadata: { properties: ['owner_account_id', 'platform', 'created_at', 'allowed_scopes'] },
    async findAccount(_ctx: unknown, id: string) {
      const account = await store.accounts.findById(id);
      if (!account || account.suspended) return undefined;
      return { accountId: account.id, claims: async () => ({ sub: account.id }) };
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${INTERACTION_PATH}/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      introspection: {
        enabled: true,
        // RFC 7662 section 4: a token is described only to the client it was issued to and to the
        // operator's resource servers; anyone else learns `active: false`, as for an unknown token.
        allowedPolicy: async (_ctx: unknown, client: { clientId: string }, token: { clientId?: string }) =>
          token.clientId === client.clientId || introspectors.has(client.clientId),
      },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (ctx: { oidc: { route: string; params: { scope?: unknown } } }, indicator: string, client: { metadata(): Record<string, unknown> }) => {
          if (indicator !== resource) throw new errors.InvalidTarget(`the only resource served here is ${resource}`);
          // A client asks for at most the scopes it registered.
          const registered = registeredScopes(client.metadata());
          if (ctx.oidc.route === 'authorization') applyRequestedScopes(ctx.oidc.params, registered);
          return { scope: registered.join(' '), audience: resource, accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS, accessTokenFormat: 'opaque' };
        },
      },
    },
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 600,
      RefreshToken: 30 * DAY,
      Grant: 90 * DAY,
      Session: DAY,
      Interaction: 3600,
      IdToken: 3600,
    },
    // Browser apps (public clients) may call the token endpoint from their redirect URIs' origins.
    clientBasedCORS: (_ctx: unknown, origin: string, client: { redirectUris: string[] }) =>
      client.redirectUris.some((uri) => new URL(uri).origin === origin),
    renderError: async (ctx: import('koa').Context, out: { error: string; error_description?: string }) => deps.renderError(ctx, out),
  });
  provider.proxy = deps.proxy ?? false;
  answerMissingClientAuthenticationAsInvalidClient(provider);
  // Secrets are stored hashed: compare the presented one by its hash, never in plain text.
  provider.Client.prototype.compareClientSecret = function compareClientSecret(this: { clientSecret?: string }, actual: string) {
    return clientSecretMatches(this.clientSecret, actual);
  };
  return provider;
}
