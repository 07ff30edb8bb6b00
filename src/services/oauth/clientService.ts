// OAuth apps registered by accounts, and the apps an account has authorised. Registrations are
// oidc-provider Client records in OAuthStorage (secret stored as its SHA-256, shown once);
// deleting an app or revoking an authorisation removes its grants, codes and tokens.
import { NotFoundError, ValidationError } from '../../domain/errors';
import { randomBase62 } from '../../domain/ids';
import { sha256Hex } from '../../domain/secretHash';
import { SCOPES, type Scope } from '../../domain/account';
import type { OAuthPayload, OAuthStorage } from '../../ports/oauthStorage';
import type { AiPlatform, CreateOAuthClientBody } from '../../schemas/endpoints/oauthClients';
import { indexOf } from './providerAdapter';

export interface OAuthClientView {
  clientId: string;
  name: string;
  type: 'confidential' | 'public';
  redirectUris: string[];
  scopes: Scope[];
  platform?: AiPlatform;
  createdAt: string;
}

export interface OAuthAuthorizationView {
  clientId: string;
  name: string;
  platform?: AiPlatform;
  scopes: Scope[];
  authorizedAt: string;
}

export interface OAuthClientService {
  register(accountId: string, input: CreateOAuthClientBody): Promise<OAuthClientView & { clientSecret?: string }>;
  list(accountId: string): Promise<OAuthClientView[]>;
  get(accountId: string, clientId: string): Promise<OAuthClientView>;
  rotateSecret(accountId: string, clientId: string): Promise<OAuthClientView & { clientSecret: string }>;
  remove(accountId: string, clientId: string): Promise<void>;
  authorizations(accountId: string): Promise<OAuthAuthorizationView[]>;
  revokeAuthorization(accountId: string, clientId: string): Promise<void>;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Exact https URIs; http only on loopback (RFC 8252 7.3); no fragment (RFC 6749 3.1.2). */
export function checkRedirectUri(raw: string, index: number): void {
  const field = `redirectUris[${index}]`;
  let uri: URL;
  try {
    uri = new URL(raw);
  } catch {
    throw new ValidationError(field, 'must be an absolute URI');
  }
  if (uri.hash || raw.includes('#')) throw new ValidationError(field, 'must not contain a fragment');
  if (uri.username || uri.password) throw new ValidationError(field, 'must not contain credentials');
  if (uri.protocol === 'http:' && !LOOPBACK_HOSTS.has(uri.hostname)) throw new ValidationError(field, 'must use https (http only for localhost and 127.0.0.1)');
  if (uri.protocol !== 'https:' && uri.protocol !== 'http:') throw new ValidationError(field, 'must use https');
}

function newSecret(): string {
  return `cs_${randomBase62(43)}`;
}

function scopesOf(value: unknown): Scope[] {
  const words = typeof value === 'string' ? value.split(' ') : [];
  return SCOPES.filter((scope) => words.includes(scope));
}

function viewOf(payload: OAuthPayload): OAuthClientView {
  const view: OAuthClientView = {
    clientId: payload.client_id as string,
    name: payload.client_name as string,
    type: payload.token_endpoint_auth_method === 'none' ? 'public' : 'confidential',
    redirectUris: payload.redirect_uris as string[],
    scopes: scopesOf(payload.allowed_scopes),
    createdAt: payload.created_at as string,
  };
  if (payload.platform) view.platform = payload.platform as AiPlatform;
  return view;
}

export function createOAuthClientService(deps: { storage: OAuthStorage; clock?: () => Date }): OAuthClientService {
  const { storage } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function owned(accountId: string, clientId: string): Promise<OAuthPayload> {
    const payload = await storage.find('Client', clientId);
    // Another account's app is as unknown as a missing one.
    if (!payload || payload.owner_account_id !== accountId) throw new NotFoundError(`No OAuth client ${clientId}`);
    return payload;
  }

  const save = (payload: OAuthPayload) => storage.upsert('Client', payload.client_id as string, payload, indexOf('Client', payload));

  return {
    async register(accountId, input) {
      input.redirectUris.forEach(checkRedirectUri);
      const clientId = `client_${randomBase62(24)}`;
      const secret = input.type === 'confidential' ? newSecret() : undefined;
      const payload: OAuthPayload = {
        client_id: clientId,
        client_name: input.name.trim(),
        redirect_uris: input.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: secret ? 'client_secret_basic' : 'none',
        allowed_scopes: (input.scopes ?? [...SCOPES]).join(' '),
        owner_account_id: accountId,
        created_at: clock().toISOString(),
      };
      if (secret) payload.client_secret = sha256Hex(secret);
      if (input.platform) payload.platform = input.platform;
      await save(payload);
      return secret ? { ...viewOf(payload), clientSecret: secret } : viewOf(payload);
    },
    async list(accountId) {
      return (await storage.list('Client', { accountId })).map(viewOf);
    },
    async get(accountId, clientId) {
      return viewOf(await owned(accountId, clientId));
    },
    async rotateSecret(accountId, clientId) {
      const payload = await owned(accountId, clientId);
      if (payload.token_endpoint_auth_method === 'none') throw new ValidationError('clientId', 'a public client has no secret');
      const secret = newSecret();
      await save({ ...payload, client_secret: sha256Hex(secret) });
      return { ...viewOf(payload), clientSecret: secret };
    },
    async remove(accountId, clientId) {
      await owned(accountId, clientId);
      // Grants, codes, tokens and sessions' links of the app go with it (the Client record too).
      await storage.removeWhere({ clientId });
      await storage.destroy('Client', clientId);
    },
    async authorizations(accountId) {
      const grants = await storage.list('Grant', { accountId });
      const byClient = new Map<string, OAuthAuthorizationView>();
      for (const grant of grants) {
        const clientId = grant.clientId as string;
        const client = await storage.find('Client', clientId);
        if (!client) continue;
        const resources = (grant.resources ?? {}) as Record<string, string>;
        const scopes = new Set([...(byClient.get(clientId)?.scopes ?? []), ...Object.values(resources).flatMap((value) => scopesOf(value))]);
        const view: OAuthAuthorizationView = {
          clientId,
          name: client.client_name as string,
          scopes: SCOPES.filter((scope) => scopes.has(scope)),
          authorizedAt: byClient.get(clientId)?.authorizedAt ?? new Date((grant.iat as number) * 1000).toISOString(),
        };
        if (client.platform) view.platform = client.platform as AiPlatform;
        byClient.set(clientId, view);
      }
      return [...byClient.values()];
    },
    async revokeAuthorization(accountId, clientId) {
      const grants = (await storage.list('Grant', { accountId, clientId }));
      if (grants.length === 0) throw new NotFoundError(`No authorisation of ${clientId} by this account`);
      for (const grant of grants) {
        await storage.removeWhere({ grantId: grant.jti as string });
        await storage.destroy('Grant', grant.jti as string);
      }
    },
  };
}
