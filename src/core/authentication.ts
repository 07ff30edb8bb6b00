// Who is calling (spec 5.1, 5.5, 5.6), from an `Authorization: Bearer <credential>` value: sk_test_ /
// sk_live_ keys are looked up by hash, opaque tokens are OAuth access tokens, anything else must be
// one of our access JWTs. Key validity is read from the store on every call (no cache), so a
// revocation takes effect on the very next one. Every refusal is a 401 with its challenge (RFC 6750 3).
import type { Account } from '../domain/account';
import { verifyAccessToken } from '../domain/accessToken';
import { ForbiddenError, UnauthorizedError } from '../domain/errors';
import type { Principal } from '../domain/principal';
import { sha256Hex } from '../domain/secretHash';
import type { Store } from '../ports/store';
import type { OAuthTokenResolver } from '../services/oauth/oauthTokens';
import type { AuthFailureLimiter } from '../ports/authFailureLimiter';
import { limitFailures } from './limitFailures';

// lastUsedAt is informational: one write per key per minute is plenty, and keeps the hot path read-only.
const TOUCH_INTERVAL_MS = 60_000;
const BEARER = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;
const API_KEY = /^sk_(test|live)_[0-9A-Za-z]+$/;

export interface AuthenticationDeps {
  store: Store;
  jwtSecret: string;
  clock?: () => Date;
  /** Counts failed credentials per client address, shared with the sign-in route so failures add up across them. */
  failures: AuthFailureLimiter;
  /** Resolves OAuth access tokens; without it only keys and JWTs are accepted. */
  oauthTokens?: OAuthTokenResolver;
  /**
   * RFC 9728 protected-resource metadata URL, named in every 401's challenge (RFC 9728 5.1) when
   * the OAuth server is served: MCP clients discover the authorization server from it.
   */
  resourceMetadataUrl?: string;
}

/** The credential of one call: the Authorization header's value and the client address it came from. */
export interface Credential {
  authorization: string | undefined;
  address: string;
}

export type Authenticate = (credential: Credential) => Promise<Principal>;

// Our access JWTs (and anything shaped like a JWT) have dots; OAuth access tokens are opaque base64url (no dots).
const looksLikeJwt = (credential: string) => credential.includes('.');

function principalFor(account: Account, fields: Pick<Principal, 'environment' | 'scopes' | 'via' | 'keyId' | 'platform' | 'oauthClientId'>): Principal {
  const principal: Principal = { accountId: account.id, environment: fields.environment, scopes: fields.scopes, via: fields.via, role: account.role, plan: account.plan };
  if (fields.keyId) principal.keyId = fields.keyId;
  if (fields.platform) principal.platform = fields.platform;
  if (fields.oauthClientId) principal.oauthClientId = fields.oauthClientId;
  if (account.customLimits) principal.customLimits = account.customLimits;
  return principal;
}

export function createAuthentication(deps: AuthenticationDeps): Authenticate {
  const { store, jwtSecret } = deps;
  const clock = deps.clock ?? (() => new Date());
  const { failures } = deps;

  function deny(message: string, invalidToken = true): UnauthorizedError {
    const params = [invalidToken && 'error="invalid_token"', deps.resourceMetadataUrl && `resource_metadata="${deps.resourceMetadataUrl}"`].filter(Boolean);
    return new UnauthorizedError(message, params.length > 0 ? `Bearer ${params.join(', ')}` : 'Bearer');
  }

  async function activeAccount(accountId: string, message: string): Promise<Account> {
    const account = await store.accounts.findById(accountId);
    if (!account) throw deny(message);
    if (account.suspended) throw new ForbiddenError('Account is suspended');
    return account;
  }

  async function fromApiKey(credential: string, now: Date): Promise<Principal> {
    if (!API_KEY.test(credential)) throw deny('Invalid API key');
    const key = await store.apiKeys.findByHash(sha256Hex(credential));
    if (!key) throw deny('Invalid API key');
    if (key.revokedAt) throw deny('API key has been revoked');
    const account = await activeAccount(key.accountId, 'Invalid API key');
    if (!key.lastUsedAt || now.getTime() - Date.parse(key.lastUsedAt) >= TOUCH_INTERVAL_MS) {
      // Best effort: failing to record usage must not fail the caller's request.
      await store.apiKeys.touch(key.id, now.toISOString()).catch(() => undefined);
    }
    return principalFor(account, { environment: key.environment, scopes: [...key.scopes], via: 'api_key', keyId: key.id, platform: key.platform });
  }

  async function fromAccessToken(credential: string, now: Date): Promise<Principal> {
    let claims;
    try {
      claims = verifyAccessToken(jwtSecret, credential, now);
    } catch (error) {
      throw deny((error as Error).message);
    }
    // Role, plan and suspension come from the account as it is now, not as it was at sign-in.
    const account = await activeAccount(claims.sub, 'Invalid access token');
    return principalFor(account, { environment: 'live', scopes: claims.scopes, via: 'jwt' });
  }

  async function fromOAuthToken(credential: string, resolver: OAuthTokenResolver): Promise<Principal> {
    const caller = await resolver.resolve(credential);
    if (!caller) throw deny('Invalid, expired or revoked access token');
    const account = await activeAccount(caller.accountId, 'Invalid access token');
    return principalFor(account, { environment: 'live', scopes: caller.scopes, via: 'oauth', oauthClientId: caller.clientId, platform: caller.platform });
  }

  return async ({ authorization, address }) => {
    const match = BEARER.exec(authorization ?? '');
    if (!match) throw deny('Missing bearer credential', false);
    const credential = match[1];
    const now = clock();
    // A guessed key or forged token counts against the client address; a missing header does not.
    return limitFailures(failures, { address }, () => {
      if (credential.startsWith('sk_')) return fromApiKey(credential, now);
      if (deps.oauthTokens && !looksLikeJwt(credential)) return fromOAuthToken(credential, deps.oauthTokens);
      return fromAccessToken(credential, now);
    });
  };
}
