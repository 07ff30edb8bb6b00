// OAuth access token -> who is calling: the provider's own AccessToken model reads the opaque
// token from storage (expired, revoked or unknown -> null), and we keep only tokens issued for
// this API (RFC 8707 audience) by an app that still exists.
import type Provider from 'oidc-provider';
import { SCOPES, type Scope } from '../../domain/account';
import type { OAuthStorage } from '../../ports/oauthStorage';

export interface OAuthCaller {
  accountId: string;
  scopes: Scope[];
  clientId: string;
  platform?: string;
}

export interface OAuthTokenResolver {
  resolve(token: string): Promise<OAuthCaller | null>;
}

// oidc-provider's opaque tokens are 43 base64url characters; anything else is not one of them.
const OPAQUE_TOKEN = /^[A-Za-z0-9_-]{20,128}$/;

export function createOAuthTokenResolver(deps: { provider: () => Promise<Provider>; storage: OAuthStorage; resource: string }): OAuthTokenResolver {
  const { provider, storage, resource } = deps;
  return {
    async resolve(value) {
      if (!OPAQUE_TOKEN.test(value)) return null;
      const token = await (await provider()).AccessToken.find(value);
      if (!token || token.isExpired || !token.isValid) return null;
      const audience = Array.isArray(token.aud) ? token.aud : [token.aud];
      if (!audience.includes(resource)) return null;
      const client = await storage.find('Client', token.clientId);
      if (!client) return null;
      const words = (token.scope ?? '').split(' ');
      const caller: OAuthCaller = { accountId: token.accountId, scopes: SCOPES.filter((scope) => words.includes(scope)), clientId: token.clientId };
      if (typeof client.platform === 'string') caller.platform = client.platform;
      return caller;
    },
  };
}
