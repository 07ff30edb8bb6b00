// The OAuth server's parts, built once by the composition root where the API serves it: the
// signing-key ring (its keys sealed at rest), the provider over our storage, and the resolver
// authenticate() reads OAuth bearer tokens with. The HTTP side (oauth/oauthModule.ts) only mounts
// what is built here.
import { rotationPolicy } from '../domain/oauth/signingKeyRotation';
import { createSecretBox } from '../domain/webhooks/secretBox';
import type { Logger } from '../logger';
import { PROTECTED_RESOURCE_METADATA_PATH } from '../oauth/mountProvider';
import type { OAuthServer, OAuthSettings } from '../oauth/oauthModule';
import { errorPage } from '../oauth/pages';
import type { Store } from '../ports/store';
import { oauthCookieKeys, providerForKeys } from '../services/oauth/providerForKeys';
import { createOAuthTokenResolver } from '../services/oauth/oauthTokens';
import { createSigningKeyRing } from '../services/oauth/signingKeyRing';

/** Signing keys are sealed with their own key derived from this material (WEBHOOK_SECRET_KEY, else JWT_SECRET). */
const KEY_PURPOSE = 'oauth signing keys v1';
export const DEFAULT_KEY_ROTATION_DAYS = 30;

export interface OAuthServerDeps {
  settings: OAuthSettings;
  store: Store;
  cookieSecret: string;
  /** Seals the signing keys at rest. */
  keySecret: string;
  /** Behind trusted proxies: the provider reads the client's scheme and host from X-Forwarded-*. */
  proxy: boolean;
  logger?: Logger;
}

export function composeOAuthServer(deps: OAuthServerDeps): OAuthServer {
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
  // oidc-provider (and its jose) load on the first OAuth request, not at start.
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
  return {
    provider,
    issuer,
    resource,
    cookieKeys: oauthCookieKeys(deps.cookieSecret),
    resourceMetadataUrl: `${issuer}${PROTECTED_RESOURCE_METADATA_PATH}`,
    tokens: createOAuthTokenResolver({ provider, storage, resource }),
  };
}
