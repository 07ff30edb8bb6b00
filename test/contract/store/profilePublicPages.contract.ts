// Store contract, profiles: what the public pages read (nested under 'profiles'): a profile by any
// of its public page slugs, the slugs held like dedupe keys (one business per address), and the
// published live profiles as light listing rows, a page at a time.
import { SLUG_KEY_PREFIX } from '../../../src/domain/publicPage/publicSlug';
import type { BusinessProfile } from '../../../src/domain/profile';
import type { Store } from '../../../src/ports/store';
import { aProfile, at, revisionOf } from '../../fixtures/profiles';
import type { StoreSuite } from './storeSuite';

/** A profile holding these slugs, as withDerivedFields stores them (slug keys among the dedupe keys). */
function withSlugs(profile: BusinessProfile, slugs: string[]): BusinessProfile {
  return { ...profile, publicSlugs: slugs, dedupeKeys: [`name:${profile.id}`, ...slugs.map((slug) => `${SLUG_KEY_PREFIX}${slug}`)] };
}

export function profilePublicPagesContract(suite: StoreSuite): void {
  describe('public pages', () => {
    let store: Store;
    beforeEach(() => (store = suite.store()));

    it('finds a profile by its current and its older slugs, in its own environment only', async () => {
      const profile = await store.profiles.create(withSlugs(aProfile({ status: 'published' }), ['corner-bakery-bristol', 'old-bakery-bristol']));
      expect((await store.profiles.findBySlug('live', 'corner-bakery-bristol'))?.id).toBe(profile.id);
      expect((await store.profiles.findBySlug('live', 'old-bakery-bristol'))?.id).toBe(profile.id);
      expect(await store.profiles.findBySlug('test', 'corner-bakery-bristol')).toBeNull();
      expect(await store.profiles.findBySlug('live', 'nobody-here')).toBeNull();
    });

    it('refuses a slug another profile holds with the slug race error, and forgets a deleted profile\'s', async () => {
      const first = await store.profiles.create(withSlugs(aProfile({ status: 'published' }), ['corner-bakery-bristol']));
      await expect(store.profiles.create(withSlugs(aProfile({ status: 'published' }), ['corner-bakery-bristol']))).rejects.toMatchObject({
        code: 'CONFLICT',
        slug: 'corner-bakery-bristol',
      });
      // The same slug in the other environment is another address.
      await store.profiles.create(withSlugs(aProfile({ environment: 'test', status: 'published' }), ['corner-bakery-bristol']));
      await store.profiles.replace(revisionOf(first, { deletedAt: at(5), dedupeKeys: [] }), 1);
      expect(await store.profiles.findBySlug('live', 'corner-bakery-bristol')).toBeNull();
    });

    it('pages through published live profiles as listing rows, by id', async () => {
      const ids = ['biz_00000000000000000001', 'biz_00000000000000000002', 'biz_00000000000000000003', 'biz_00000000000000000004'];
      await store.profiles.create(withSlugs(aProfile({ id: ids[0], status: 'published', categoryKeys: ['shop/bakery'], updatedAt: at(3) }), ['a-bristol']));
      await store.profiles.create(aProfile({ id: ids[1], status: 'draft' }));
      await store.profiles.create(aProfile({ id: ids[2], status: 'published', environment: 'test' }));
      await store.profiles.create(aProfile({ id: ids[3], status: 'published', publicPage: 'noindex', ownerSuspended: true }));
      const deleted = await store.profiles.create(aProfile({ id: 'biz_00000000000000000005', status: 'published' }));
      await store.profiles.replace(revisionOf(deleted, { deletedAt: at(1) }), 1);

      const first = await store.profiles.pagePublished({ limit: 1 });
      expect(first.listings).toEqual([{
        id: ids[0], environment: 'live', status: 'published', name: 'Corner Bakery', category: 'bakery', categoryKeys: ['shop/bakery'],
        publicSlugs: ['a-bristol'], updatedAt: at(3), location: { address: { city: 'Bristol', country: 'GB' } },
      }]);
      const second = await store.profiles.pagePublished({ limit: 1, after: first.next });
      // Listed with what the visibility rule needs to leave it out (suspended owner, noindex).
      expect(second.listings.map(({ id, publicPage, ownerSuspended }) => ({ id, publicPage, ownerSuspended }))).toEqual([{ id: ids[3], publicPage: 'noindex', ownerSuspended: true }]);
      expect(second.next).toBeUndefined();
    });
  });
}
