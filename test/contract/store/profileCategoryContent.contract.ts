// Store contract, profiles: other businesses' exclusive content in a category (nested under 'profiles').
import type { Store } from '../../../src/ports/store';
import { aProfile, at, revisionOf } from '../../fixtures/profiles';
import type { StoreSuite } from './storeSuite';

export function profileCategoryContentContract(suite: StoreSuite): void {
  describe('exclusiveContentInCategory', () => {
    let store: Store;
    beforeEach(() => (store = suite.store()));

    it("returns other live profiles' exclusive content of the category, newest first, the fields joined by newlines", async () => {
      const self = await store.profiles.create(
        aProfile({ category: 'bakery', exclusiveContent: { insiderTips: 'Mine' }, updatedAt: at(9) }),
      );
      const older = await store.profiles.create(
        aProfile({ category: 'Bakery', exclusiveContent: { localSecrets: 'Old secret' }, updatedAt: at(1) }),
      );
      const newer = await store.profiles.create(
        aProfile({
          category: 'BAKERY',
          updatedAt: at(2),
          exclusiveContent: {
            insiderTips: 'Tip',
            localSecrets: 'Secret',
            behindTheScenes: 'Ovens at 3am',
            sustainabilityPractices: 'Flour from a local mill',
          },
        }),
      );
      await store.profiles.create(aProfile({ category: 'bakery', exclusiveContent: {}, updatedAt: at(3) }));
      await store.profiles.create(aProfile({ category: 'florist', exclusiveContent: { insiderTips: 'Other' } }));
      const gone = await store.profiles.create(aProfile({ category: 'bakery', exclusiveContent: { insiderTips: 'Gone' } }));
      await store.profiles.replace(revisionOf(gone, { deletedAt: at(4) }), 1);

      const content = await store.profiles.exclusiveContentInCategory('live', 'bakery', self.id, 10);

      expect(content).toEqual([
        { id: newer.id, text: 'Tip\nSecret\nOvens at 3am\nFlour from a local mill' },
        { id: older.id, text: 'Old secret' },
      ]);
    });

    it('returns at most `limit` entries', async () => {
      for (let i = 0; i < 4; i++) {
        await store.profiles.create(aProfile({ exclusiveContent: { insiderTips: `Tip ${i}` }, updatedAt: at(i) }));
      }

      const content = await store.profiles.exclusiveContentInCategory('live', 'bakery', 'biz_none', 2);

      expect(content.map((entry) => entry.text)).toEqual(['Tip 3', 'Tip 2']);
    });

    it('only looks inside the environment asked for, both ways', async () => {
      const live = await store.profiles.create(aProfile({ environment: 'live', exclusiveContent: { insiderTips: 'Live' } }));
      const sandbox = await store.profiles.create(
        aProfile({ environment: 'test', exclusiveContent: { insiderTips: 'Sandbox' } }),
      );

      expect(await store.profiles.exclusiveContentInCategory('live', 'bakery', 'biz_none', 10)).toEqual([
        { id: live.id, text: 'Live' },
      ]);
      expect(await store.profiles.exclusiveContentInCategory('test', 'bakery', 'biz_none', 10)).toEqual([
        { id: sandbox.id, text: 'Sandbox' },
      ]);
    });
  });
}
