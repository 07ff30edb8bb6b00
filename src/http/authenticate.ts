// Establishes who is calling (spec 5.1, 5.5, 5.6) and puts it on ctx.state.principal.
// `Authorization: Bearer <credential>`: `sk_test_`/`sk_live_` keys are looked up by hash,
// anything else must be one of our access JWTs. Key validity is read from the store on
// every request (no cache), so a revocation takes effect on the very next call.
import type { Context, Middleware } from 'koa';
import type { Account } from '../domain/account';
import { verifyAccessToken } from '../domain/accessToken';
import { ForbiddenError, UnauthorizedError } from '../domain/errors';
import type { Principal } from '../domain/principal';
import { sha256Hex } from '../domain/secretHash';
import type { Store } from '../ports/store';
import { createAuthFailureLimiter, limitFailures, type AuthFailureLimiter } from '../core/authFailureLimiter';
import type { OAuthTokenResolver } from '../services/oauth/oauthTokens';

// lastUsedAt is informational: one write per key per minute is plenty, and keeps the
// hot path read-only.
const TOUCH_INTERVAL_MS = 60_000;
const BEARER = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;
const API_KEY = /^sk_(test|live)_[0-9A-Za-z]+$/;

export interface AuthenticateDeps {
  store: Store;
  jwtSecret: string;
  clock?: () => Date;
  /** Failed credentials per client address (issue 24); default: counted in memory. */
  failures?: AuthFailureLimiter;
  /** Resolves OAuth access tokens (services/oauth/oauthTokens.ts); without it only keys and JWTs are accepted. */
  oauthTokens?: OAuthTokenResolver;
  /**
   * RFC 9728 protected-resource metadata URL, named in every 401's challenge (RFC 9728 5.1) when
   * the OAuth server is served: MCP clients discover the authorization server from it.
   */
  resourceMetadataUrl?: string;
}

// Our access JWTs (and anything shaped like a JWT) have dots; OAuth access tokens are opaque base64url (no dots).
const looksLikeJwt = (credential: string) => credential.includes('.');

function unauthorized(ctx: Context, message: string, invalidToken = true, resourceMetadataUrl?: string): UnauthorizedError {
  // RFC 6750 3: tell the client which scheme to use, and whether its token was bad.
  const params = [invalidToken && 'error="invalid_token"', resourceMetadataUrl && `resource_metadata="${resourceMetadataUrl}"`].filter(Boolean);
  ctx.set('WWW-Authenticate', params.length > 0 ? `Bearer ${params.join(', ')}` : 'Bearer');
  return new UnauthorizedError(message);
}

function principalFor(account: Account, fields: Pick<Principal, 'environment' | 'scopes' | 'via' | 'keyId' | 'platform' | 'oauthClientId'>): Principal {
  const principal: Principal = {
    accountId: account.id,
    environment: fields.environment,
    scopes: fields.scopes,
    via: fields.via,
    role: account.role,
    plan: account.plan,
  };
  if (fields.keyId) principal.keyId = fields.keyId;
  if (fields.platform) principal.platform = fields.platform;
  if (fields.oauthClientId) principal.oauthClientId = fields.oauthClientId;
  if (account.customLimits) principal.customLimits = account.customLimits;
  return principal;
}

export function authenticate(deps: AuthenticateDeps): Middleware {
  const { store, jwtSecret } = deps;
  const clock = deps.clock ?? (() => new Date());
  const failures = deps.failures ?? createAuthFailureLimiter();
  const deny = (ctx: Context, message: string, invalidToken = true) => unauthorized(ctx, message, invalidToken, deps.resourceMetadataUrl);

  async function activeAccount(ctx: Context, accountId: string, message: string): Promise<Account> {
    const account = await store.accounts.findById(accountId);
    if (!account) throw deny(ctx, message);
    if (account.suspended) throw new ForbiddenError('Account is suspended');
    return account;
  }

  async function fromApiKey(ctx: Context, credential: string, now: Date): Promise<Principal> {
    if (!API_KEY.test(credential)) throw deny(ctx, 'Invalid API key');
    const key = await store.apiKeys.findByHash(sha256Hex(credential));
    if (!key) throw deny(ctx, 'Invalid API key');
    if (key.revokedAt) throw deny(ctx, 'API key has been revoked');
    const account = await activeAccount(ctx, key.accountId, 'Invalid API key');
    if (!key.lastUsedAt || now.getTime() - Date.parse(key.lastUsedAt) >= TOUCH_INTERVAL_MS) {
      // Best effort: failing to record usage must not fail the caller's request.
      await store.apiKeys.touch(key.id, now.toISOString()).catch(() => undefined);
    }
    return principalFor(account, { environment: key.environment, scopes: [...key.scopes], via: 'api_key', keyId: key.id, platform: key.platform });
  }

  async function fromAccessToken(ctx: Context, credential: string, now: Date): Promise<Principal> {
    let claims;
    try {
      claims = verifyAccessToken(jwtSecret, credential, now);
    } catch (error) {
      throw deny(ctx, (error as Error).message);
    }
    // Role, plan and suspension come from the account as it is now, not as it was at sign-in.
    const account = await activeAccount(ctx, claims.sub, 'Invalid access token');
    return principalFor(account, { environment: 'live', scopes: claims.scopes, via: 'jwt' });
  }

  async function fromOAuthToken(ctx: Context, credential: string, resolver: OAuthTokenResolver): Promise<Principal> {
    const caller = await resolver.resolve(credential);
    if (!caller) throw deny(ctx, 'Invalid, expired or revoked access token');
    const account = await activeAccount(ctx, caller.accountId, 'Invalid access token');
    return principalFor(account, { environment: 'live', scopes: caller.scopes, via: 'oauth', oauthClientId: caller.clientId, platform: caller.platform });
  }

  return async (ctx, next) => {
    const match = BEARER.exec(ctx.get('Authorization'));
    if (!match) throw deny(ctx, 'Missing bearer credential', false);
    const credential = match[1];
    const now = clock();
    // A guessed key or forged token counts against the client address; a missing header does not.
    ctx.state.principal = await limitFailures(failures, { address: ctx.ip }, () => {
      if (credential.startsWith('sk_')) return fromApiKey(ctx, credential, now);
      if (deps.oauthTokens && !looksLikeJwt(credential)) return fromOAuthToken(ctx, credential, deps.oauthTokens);
      return fromAccessToken(ctx, credential, now);
    });
    // An answer for one caller must not be kept by a shared cache or the browser; a route whose
    // answer may be revalidated (a profile's ETag) sets its own value after this.
    ctx.set('Cache-Control', 'no-store');
    await next();
  };
}
