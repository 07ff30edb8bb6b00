// API keys (spec 5.2): created by a signed-in account, shown in full exactly once.
// Only the SHA-256 of the key and its last four characters are stored. A plain hash (not
// scrypt) is right here: the key is 40 random base62 characters (~238 bits), so there is
// nothing to brute-force, and authentication must look it up on every request.
import { SCOPES, type ApiKeyRecord, type Scope } from '../domain/account';
import { resolveAiPlatform } from '../domain/analytics/aiPlatform';
import { NotFoundError, ValidationError } from '../domain/errors';
import { newId, randomBase62 } from '../domain/ids';
import type { Environment } from '../domain/profile';
import { sha256Hex } from '../domain/secretHash';
import type { Store } from '../ports/store';
import type { Static } from 'typebox';
import type { createApiKeyBodySchema } from '../schemas/endpoints/apiKeys';

export const API_KEY_PREFIXES = { test: 'sk_test_', live: 'sk_live_' } as const;
export type ApiKeyPrefix = (typeof API_KEY_PREFIXES)[Environment];
const API_KEY_RANDOM_LENGTH = 40;

/** A key made without `scopes` may do what its account may; name scopes to narrow it. */
export const DEFAULT_API_KEY_SCOPES: readonly Scope[] = SCOPES;

export interface PublicApiKey {
  id: string;
  name: string;
  environment: Environment;
  scopes: Scope[];
  last4: string;
  prefix: ApiKeyPrefix;
  platform?: string;
  createdAt: string;
  revokedAt?: string;
  lastUsedAt?: string;
}

/** A key as its body asks for it; the platform, for analytics, is built in or registered by an admin (case-insensitive). */
export type CreateApiKeyInput = Static<typeof createApiKeyBodySchema>;

export interface ApiKeyService {
  /** `key` is the full secret; it is not retrievable afterwards. */
  create(accountId: string, input: CreateApiKeyInput): Promise<{ key: string; apiKey: PublicApiKey }>;
  /** Newest first, revoked keys included (with revokedAt). */
  list(accountId: string): Promise<PublicApiKey[]>;
  /** Idempotent: revoking a revoked key returns it unchanged. NotFoundError for unknown or others' keys. */
  revoke(accountId: string, keyId: string): Promise<PublicApiKey>;
}

export function toPublicApiKey(record: ApiKeyRecord): PublicApiKey {
  const key: PublicApiKey = {
    id: record.id,
    name: record.name,
    environment: record.environment,
    scopes: [...record.scopes],
    last4: record.last4,
    prefix: API_KEY_PREFIXES[record.environment],
    createdAt: record.createdAt,
  };
  if (record.platform) key.platform = record.platform;
  if (record.revokedAt) key.revokedAt = record.revokedAt;
  if (record.lastUsedAt) key.lastUsedAt = record.lastUsedAt;
  return key;
}

function checkedScopes(scopes: Scope[] | undefined): Scope[] {
  if (scopes === undefined) return [...DEFAULT_API_KEY_SCOPES];
  if (scopes.length === 0) throw new ValidationError('scopes', 'must name at least one scope');
  const unknown = scopes.find((scope) => !(SCOPES as readonly string[]).includes(scope));
  if (unknown !== undefined) throw new ValidationError('scopes', `unknown scope "${unknown}"`);
  return [...new Set(scopes)];
}

export function createApiKeyService(deps: { store: Store; clock?: () => Date }): ApiKeyService {
  const { store } = deps;
  const clock = deps.clock ?? (() => new Date());

  return {
    async create(accountId, { name, environment, scopes, platform }) {
      const declared = platform === undefined ? undefined : await resolveAiPlatform({ relayed: platform }, (candidate) => store.analyticsPlatforms.has(candidate), 'platform');
      const key = API_KEY_PREFIXES[environment] + randomBase62(API_KEY_RANDOM_LENGTH);
      const record = await store.apiKeys.create({
        id: newId('key'),
        accountId,
        name: name.trim(),
        environment,
        scopes: checkedScopes(scopes),
        hash: sha256Hex(key),
        last4: key.slice(-4),
        ...(declared && { platform: declared }),
        createdAt: clock().toISOString(),
      });
      return { key, apiKey: toPublicApiKey(record) };
    },

    async list(accountId) {
      return (await store.apiKeys.listByAccount(accountId)).map(toPublicApiKey);
    },

    async revoke(accountId, keyId) {
      const revoked = await store.apiKeys.revoke(accountId, keyId, clock().toISOString());
      if (revoked) return toPublicApiKey(revoked);
      // The port answers null both for "not yours / unknown" and "already revoked".
      const existing = (await store.apiKeys.listByAccount(accountId)).find((key) => key.id === keyId);
      if (existing?.revokedAt) return toPublicApiKey(existing);
      throw new NotFoundError('API key not found');
    },
  };
}
