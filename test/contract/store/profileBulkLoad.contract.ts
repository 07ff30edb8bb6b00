// Store contract, bulk load (createMany): every profile stored as create() stores it, each with
// its change-feed entry, and a batch with a taken dedupe key refused whole.
import { ConflictError } from '../../../src/domain/errors';
import type { Store } from '../../../src/ports/store';
import { aProfile } from '../../fixtures/profiles';
import { allChanges as changesOf } from './changedProfiles';
import type { StoreSuite } from './storeSuite';

export function profileBulkLoadContract(suite: StoreSuite): void {
  describe('profiles bulk load (createMany)', () => {
    let store: Store;
    beforeEach(() => (store = suite.store()));

    const allChanges = () => changesOf(store);

    it('stores every profile exactly as given, each with a change-feed entry', async () => {
      const bakery = aProfile({ dedupeKeys: ['corner bakery|bs14dj|gb'] });
      const cafe = aProfile({ name: 'Harbour Cafe', dedupeKeys: ['harbour cafe|bs14dj|gb'] });
      const testOne = aProfile({ environment: 'test', dedupeKeys: ['corner bakery|bs14dj|gb'] });

      await store.profiles.createMany([bakery, cafe, testOne]);

      expect(await store.profiles.get('live', bakery.id)).toEqual(bakery);
      expect(await store.profiles.get('live', cafe.id)).toEqual(cafe);
      expect(await store.profiles.get('test', testOne.id)).toEqual(testOne);
      const changes = await allChanges();
      expect(changes.map((change) => change.profileId).sort()).toEqual([bakery.id, cafe.id, testOne.id].sort());
    });

    it('claims the dedupe keys: a later create with one of them is DUPLICATE_PROFILE', async () => {
      await store.profiles.createMany([aProfile({ dedupeKeys: ['phone:+441179000000'] })]);

      await expect(store.profiles.create(aProfile({ dedupeKeys: ['phone:+441179000000'] }))).rejects.toMatchObject({ code: 'DUPLICATE_PROFILE' });
    });

    it('refuses the whole batch when one profile has a key a stored profile holds, storing none of it', async () => {
      await store.profiles.create(aProfile({ dedupeKeys: ['phone:+441179000000'] }));
      const first = aProfile({ dedupeKeys: ['first|x|gb'] });
      const clash = aProfile({ dedupeKeys: ['clash|x|gb', 'phone:+441179000000'] });

      const error = await store.profiles.createMany([first, clash]).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(ConflictError);
      expect(error).toMatchObject({ code: 'DUPLICATE_PROFILE' });
      expect(await store.profiles.get('live', first.id)).toBeNull();
      expect(await store.profiles.get('live', clash.id)).toBeNull();
      // Nothing of the refused batch holds a key or sits in the feed.
      await expect(store.profiles.createMany([aProfile({ dedupeKeys: ['first|x|gb', 'clash|x|gb'] })])).resolves.toBeUndefined();
      expect(await allChanges()).toHaveLength(2);
    });

    it('refuses a batch whose own profiles share a dedupe key', async () => {
      const one = aProfile({ dedupeKeys: ['same|x|gb'] });
      const two = aProfile({ dedupeKeys: ['same|x|gb'] });

      await expect(store.profiles.createMany([one, two])).rejects.toMatchObject({ code: 'DUPLICATE_PROFILE' });
      expect(await store.profiles.get('live', one.id)).toBeNull();
      expect(await store.profiles.get('live', two.id)).toBeNull();
    });

    it('does nothing for an empty batch', async () => {
      await store.profiles.createMany([]);

      expect(await allChanges()).toEqual([]);
    });
  });
}
