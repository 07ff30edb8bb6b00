import { createSqliteStore, type SqliteStore } from '../../src/adapters/sqlite/store/sqliteStore';
import { NotFoundError, ValidationError } from '../../src/domain/errors';
import { sha256Hex } from '../../src/domain/secretHash';
import { createApiKeyService, type ApiKeyService } from '../../src/services/apiKeyService';
import { anAccount } from '../fixtures/profiles';
import { rejection } from '../support/rejection';

let store: SqliteStore;
let now: Date;
let apiKeys: ApiKeyService;
let accountId: string;

beforeEach(async () => {
  store = createSqliteStore({ file: ':memory:' });
  now = new Date('2025-03-01T12:00:00Z');
  apiKeys = createApiKeyService({ store, clock: () => now });
  accountId = (await store.accounts.create(anAccount())).id;
});

afterEach(async () => {
  await store.close();
});

describe('create', () => {
  it('returns an sk_live_ key of 40 random base62 characters with its public description', async () => {
    const { key, apiKey } = await apiKeys.create(accountId, { name: 'Server', environment: 'live' });
    expect(key).toMatch(/^sk_live_[0-9A-Za-z]{40}$/);
    expect(apiKey).toEqual({
      id: expect.stringMatching(/^key_/),
      name: 'Server',
      environment: 'live',
      scopes: ['read:businesses', 'write:businesses', 'read:bookings', 'write:bookings', 'read:analytics', 'read:reviews', 'write:reviews'],
      last4: key.slice(-4),
      prefix: 'sk_live_',
      createdAt: '2025-03-01T12:00:00.000Z',
    });
  });

  it('makes sk_test_ keys for the test environment', async () => {
    const { key, apiKey } = await apiKeys.create(accountId, { name: 'Sandbox', environment: 'test' });
    expect(key).toMatch(/^sk_test_[0-9A-Za-z]{40}$/);
    expect(apiKey.prefix).toBe('sk_test_');
    expect(apiKey.environment).toBe('test');
  });

  it('stores only the SHA-256 of the key and its last four characters', async () => {
    const { key, apiKey } = await apiKeys.create(accountId, { name: 'Server', environment: 'live' });
    const record = await store.apiKeys.findByHash(sha256Hex(key));
    expect(record).toMatchObject({ id: apiKey.id, accountId, last4: key.slice(-4) });
    expect(JSON.stringify(record)).not.toContain(key.slice(8));
  });

  it('never issues the same key twice', async () => {
    const keys = new Set<string>();
    for (let i = 0; i < 20; i += 1) keys.add((await apiKeys.create(accountId, { name: `k${i}`, environment: 'live' })).key);
    expect(keys.size).toBe(20);
  });

  it('keeps requested scopes, without duplicates', async () => {
    const { apiKey } = await apiKeys.create(accountId, {
      name: 'Reader',
      environment: 'live',
      scopes: ['read:businesses', 'read:businesses', 'read:reviews'],
    });
    expect(apiKey.scopes).toEqual(['read:businesses', 'read:reviews']);
  });

  it('rejects an empty scope list and unknown scopes', async () => {
    const empty = await rejection(apiKeys.create(accountId, { name: 'x', environment: 'live', scopes: [] }));
    expect(empty).toBeInstanceOf(ValidationError);
    expect((empty as ValidationError).details?.field).toBe('scopes');
    const unknown = await rejection(
      apiKeys.create(accountId, { name: 'x', environment: 'live', scopes: ['admin:all' as never] }),
    );
    expect((unknown as ValidationError).details).toEqual({ field: 'scopes', issue: 'unknown scope "admin:all"' });
  });
});

describe('list', () => {
  it("lists the account's keys newest first, without the secret or its hash", async () => {
    const first = await apiKeys.create(accountId, { name: 'First', environment: 'live' });
    now = new Date(now.getTime() + 1000);
    const second = await apiKeys.create(accountId, { name: 'Second', environment: 'test' });
    const listed = await apiKeys.list(accountId);
    expect(listed.map((key) => key.name)).toEqual(['Second', 'First']);
    const text = JSON.stringify(listed);
    for (const { key } of [first, second]) {
      expect(text).not.toContain(key);
      expect(text).not.toContain(sha256Hex(key));
    }
    expect(listed.every((key) => !('hash' in key) && !('accountId' in key))).toBe(true);
  });

  it("does not show other accounts' keys", async () => {
    const other = (await store.accounts.create(anAccount())).id;
    await apiKeys.create(other, { name: 'Theirs', environment: 'live' });
    expect(await apiKeys.list(accountId)).toEqual([]);
  });
});

describe('revoke', () => {
  it('sets revokedAt, and the list shows it', async () => {
    const { apiKey } = await apiKeys.create(accountId, { name: 'Server', environment: 'live' });
    now = new Date('2025-03-02T08:00:00Z');
    const revoked = await apiKeys.revoke(accountId, apiKey.id);
    expect(revoked.revokedAt).toBe('2025-03-02T08:00:00.000Z');
    expect((await apiKeys.list(accountId))[0].revokedAt).toBe('2025-03-02T08:00:00.000Z');
  });

  it('is idempotent: a second revoke keeps the first revokedAt', async () => {
    const { apiKey } = await apiKeys.create(accountId, { name: 'Server', environment: 'live' });
    const first = await apiKeys.revoke(accountId, apiKey.id);
    now = new Date(now.getTime() + 60_000);
    const again = await apiKeys.revoke(accountId, apiKey.id);
    expect(again.revokedAt).toBe(first.revokedAt);
  });

  it("answers 404 NOT_FOUND for an unknown key and for another account's key, leaving that key alone", async () => {
    const other = (await store.accounts.create(anAccount())).id;
    const { key, apiKey } = await apiKeys.create(other, { name: 'Theirs', environment: 'live' });
    for (const keyId of ['key_doesNotExist', apiKey.id]) {
      const error = await rejection(apiKeys.revoke(accountId, keyId));
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as NotFoundError).code).toBe('NOT_FOUND');
    }
    expect((await store.apiKeys.findByHash(sha256Hex(key)))!.revokedAt).toBeUndefined();
  });
});
