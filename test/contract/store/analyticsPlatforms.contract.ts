// Store contract, admin-registered AI platform names: add, refuse a second add, list, has.
import type { Store } from '../../../src/ports/store';
import { at } from '../../fixtures/profiles';
import type { StoreSuite } from './storeSuite';

export function analyticsPlatformsContract(suite: StoreSuite): void {
  describe('analytics platforms', () => {
    let store: Store;
    beforeEach(() => (store = suite.store()));

    it('stores a platform name and answers has() for it and only for it', async () => {
      const record = { name: 'mistral', displayName: 'Le Chat', createdBy: 'acct_admin', createdAt: at(1) };

      expect(await store.analyticsPlatforms.add(record)).toEqual(record);

      expect(await store.analyticsPlatforms.has('mistral')).toBe(true);
      expect(await store.analyticsPlatforms.has('mistra')).toBe(false);
      expect(await store.analyticsPlatforms.has('MISTRAL')).toBe(false);
    });

    it('refuses a name registered already, keeping the first record', async () => {
      await store.analyticsPlatforms.add({ name: 'you_com', displayName: 'You.com', createdBy: 'acct_a', createdAt: at(1) });

      await expect(
        store.analyticsPlatforms.add({ name: 'you_com', displayName: 'Other', createdBy: 'acct_b', createdAt: at(2) }),
      ).rejects.toMatchObject({ code: 'DUPLICATE_PLATFORM', status: 409 });
      expect(await store.analyticsPlatforms.list()).toEqual([{ name: 'you_com', displayName: 'You.com', createdBy: 'acct_a', createdAt: at(1) }]);
    });

    it('lists every registered name alphabetically', async () => {
      for (const [i, name] of ['poe', 'deepseek', 'mistral'].entries()) {
        await store.analyticsPlatforms.add({ name, displayName: name, createdBy: 'acct_admin', createdAt: at(i + 1) });
      }

      expect((await store.analyticsPlatforms.list()).map((record) => record.name)).toEqual(['deepseek', 'mistral', 'poe']);
    });
  });
}
