// Store contract, profiles: an owner's profiles a page at a time (GET /business/profile; nested under 'profiles').
import type { BusinessProfile } from '../../../src/domain/profile';
import type { ListPosition, Store } from '../../../src/ports/store';
import { aProfile, at, revisionOf } from '../../fixtures/profiles';
import type { StoreSuite } from './storeSuite';

export function profileOwnerPageContract(suite: StoreSuite): void {
  describe('pageByOwner', () => {
    let store: Store;
    beforeEach(() => (store = suite.store()));

    it("pages an owner's live profiles of one environment oldest first, with the total", async () => {
      const ownerId = 'acct_pager';
      const created: BusinessProfile[] = [];
      // Two share a createdAt: the id breaks the tie, so neither is skipped nor repeated at a page edge.
      for (const minute of [3, 1, 2, 2, 5]) created.push(await store.profiles.create(aProfile({ ownerId, createdAt: at(minute), updatedAt: at(minute) })));
      const deleted = await store.profiles.create(aProfile({ ownerId, createdAt: at(0) }));
      await store.profiles.replace(revisionOf(deleted, { deletedAt: at(6) }), 1);
      await store.profiles.create(aProfile({ ownerId, environment: 'test' }));
      await store.profiles.create(aProfile({ ownerId: 'acct_someone_else' }));

      const seen: string[] = [];
      const totals: number[] = [];
      let after: ListPosition | undefined;
      for (let pages = 0; pages < 10; pages++) {
        const page = await store.profiles.pageByOwner('live', ownerId, { after, limit: 2 });
        seen.push(...page.items.map((profile) => profile.id));
        totals.push(page.total);
        after = page.next;
        if (!after) break;
      }

      // Code-unit order, as both engines compare (localeCompare would not).
      const key = (p: BusinessProfile) => `${p.createdAt} ${p.id}`;
      const expected = [...created].sort((a, b) => (key(a) < key(b) ? -1 : 1)).map((p) => p.id);
      expect(seen).toEqual(expected);
      expect(totals).toEqual([5, 5, 5]);
    });

    it('answers an empty page without next for an owner with no profiles', async () => {
      expect(await store.profiles.pageByOwner('live', 'acct_nobody', { limit: 10 })).toEqual({ items: [], total: 0 });
    });

    it('gives no next when the last page is exactly full', async () => {
      const ownerId = 'acct_exact';
      await store.profiles.create(aProfile({ ownerId, createdAt: at(1) }));
      await store.profiles.create(aProfile({ ownerId, createdAt: at(2) }));

      const page = await store.profiles.pageByOwner('live', ownerId, { limit: 2 });

      expect(page.items).toHaveLength(2);
      expect(page.next).toBeUndefined();
    });
  });
}
