// Store contract, API keys: lookup by hash, listing per account, revocation, last use.
import type { Store } from '../../../src/ports/store';
import { anApiKey, at } from '../../fixtures/profiles';
import type { StoreSuite } from './storeSuite';

export function apiKeysContract(suite: StoreSuite): void {
  describe('api keys', () => {
    let store: Store;
    beforeEach(() => (store = suite.store()));

    it('finds a key by its hash and returns null for an unknown hash', async () => {
      const key = anApiKey({ environment: 'test', scopes: ['read:businesses'] });

      expect(await store.apiKeys.create(key)).toEqual(key);

      expect(await store.apiKeys.findByHash(key.hash)).toEqual(key);
      expect(await store.apiKeys.findByHash('sha256-of-nothing')).toBeNull();
    });

    it("lists only the account's keys, newest first, revoked ones included", async () => {
      const accountId = 'acct_owner';
      const older = await store.apiKeys.create(anApiKey({ accountId, createdAt: at(1) }));
      const newer = await store.apiKeys.create(anApiKey({ accountId, createdAt: at(2) }));
      await store.apiKeys.create(anApiKey({ accountId: 'acct_other', createdAt: at(3) }));
      await store.apiKeys.revoke(accountId, older.id, at(4));

      const keys = await store.apiKeys.listByAccount(accountId);

      expect(keys.map((key) => key.id)).toEqual([newer.id, older.id]);
      expect(keys[1].revokedAt).toBe(at(4));
      expect(await store.apiKeys.listByAccount('acct_nobody')).toEqual([]);
    });

    it('keeps the AI platform declared on a key (issue 18)', async () => {
      const key = anApiKey({ platform: 'perplexity' });

      await store.apiKeys.create(key);

      expect(await store.apiKeys.findByHash(key.hash)).toEqual(key);
      expect((await store.apiKeys.listByAccount(key.accountId))[0].platform).toBe('perplexity');
    });

    it('revokes a key of the account, visible to later hash lookups', async () => {
      const key = await store.apiKeys.create(anApiKey());

      const revoked = await store.apiKeys.revoke(key.accountId, key.id, at(7));

      expect(revoked).toEqual({ ...key, revokedAt: at(7) });
      expect((await store.apiKeys.findByHash(key.hash))?.revokedAt).toBe(at(7));
    });

    it('keeps the first revocation time when a key is revoked again', async () => {
      const key = await store.apiKeys.create(anApiKey());
      await store.apiKeys.revoke(key.accountId, key.id, at(7));

      const again = await store.apiKeys.revoke(key.accountId, key.id, at(9));

      expect(again?.revokedAt).toBe(at(7));
    });

    it("refuses to revoke another account's key or an unknown key", async () => {
      const key = await store.apiKeys.create(anApiKey({ accountId: 'acct_owner' }));

      expect(await store.apiKeys.revoke('acct_intruder', key.id, at(1))).toBeNull();
      expect(await store.apiKeys.revoke('acct_owner', 'key_unknown', at(1))).toBeNull();
      expect((await store.apiKeys.findByHash(key.hash))?.revokedAt).toBeUndefined();
    });

    it('records when a key was last used', async () => {
      const key = await store.apiKeys.create(anApiKey());

      await store.apiKeys.touch(key.id, at(3));
      await store.apiKeys.touch(key.id, at(4));

      expect(await store.apiKeys.findByHash(key.hash)).toEqual({ ...key, lastUsedAt: at(4) });
    });
  });
}
