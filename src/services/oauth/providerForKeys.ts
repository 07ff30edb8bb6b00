// What the host app needs of the OAuth provider before one exists: the keys both sign cookies
// with, and the provider for the current signing keys, built when first asked for (the first OAuth
// request loads oidc-provider: a server nobody signs in to through OAuth does not hold it).
import { createHmac } from 'node:crypto';
import type Provider from 'oidc-provider';
import type { SigningJwk, SigningKeyRing } from './signingKeyRing';

/** The keys the provider signs its cookies with; the host Koa app signs its own with the same ones. */
export function oauthCookieKeys(cookieSecret: string): string[] {
  return [createHmac('sha256', cookieSecret).update('oauth-cookies').digest('base64url')];
}

/**
 * The provider for the current signing keys. oidc-provider reads its keys once, when built (its
 * author's advice is to restart with the new set), so a changed key set builds a new provider
 * over the same storage; requests already inside the old one finish there.
 */
export function providerForKeys(ring: SigningKeyRing, build: (signingKeys: SigningJwk[]) => Promise<Provider>): () => Promise<Provider> {
  let built: { fingerprint: string; provider: Promise<Provider> } | undefined;
  return async () => {
    const set = await ring.current();
    if (built?.fingerprint !== set.fingerprint) {
      const building = { fingerprint: set.fingerprint, provider: build(set.keys) };
      built = building;
      // A provider that could not be built is built again by the next request, not kept as a failure.
      building.provider.catch(() => {
        if (built === building) built = undefined;
      });
    }
    return built.provider;
  };
}
