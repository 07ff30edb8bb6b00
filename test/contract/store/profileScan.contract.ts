// Store contract, profiles: paging through every profile for a reindex (nested under 'profiles').
import type { BusinessProfile } from '../../../src/domain/profile';
import type { Store } from '../../../src/ports/store';
import { aProfile, at, revisionOf } from '../../fixtures/profiles';
import type { StoreSuite } from './storeSuite';

export function profileScanContract(suite: StoreSuite): void {
  describe('scan', () => {
    let store: Store;
    beforeEach(() => (store = suite.store()));

    it('pages through every non-deleted profile of both environments in a stable order', async () => {
      const created: BusinessProfile[] = [];
      for (let i = 0; i < 5; i++) {
        created.push(await store.profiles.create(aProfile({ environment: i % 2 === 0 ? 'live' : 'test' })));
      }
      const deleted = await store.profiles.create(aProfile());
      await store.profiles.replace(revisionOf(deleted, { deletedAt: at(1) }), 1);

      const seen: string[] = [];
      let after: string | undefined;
      let pages = 0;
      do {
        const page = await store.profiles.scan({ after, limit: 2 });
        seen.push(...page.profiles.map((profile) => profile.id));
        after = page.next;
        pages += 1;
      } while (after !== undefined && pages < 10);

      expect(seen).toHaveLength(5);
      expect(new Set(seen)).toEqual(new Set(created.map((profile) => profile.id)));
      const again = await store.profiles.scan({ limit: 10 });
      expect(again.profiles.map((profile) => profile.id)).toEqual(seen);
      expect(again.next).toBeUndefined();
      expect(await store.profiles.countScannable()).toBe(5);
    });

    it('returns an empty page for an empty store', async () => {
      const page = await store.profiles.scan({ limit: 10 });

      expect(page.profiles).toEqual([]);
      expect(page.next).toBeUndefined();
      expect(await store.profiles.countScannable()).toBe(0);
    });
  });
}
