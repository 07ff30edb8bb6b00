// Store contract, bulk import (importMany, getMany): each write stored as create() or replace()
// would, with its change-feed entry, or refused alone with the reason (a dedupe key another live
// profile holds, named with its holder; an id taken; a version that moved), nothing of a refused
// write left behind.
import type { Store } from '../../../src/ports/store';
import { aProfile, revisionOf } from '../../fixtures/profiles';
import { allChanges } from './changedProfiles';
import type { StoreSuite } from './storeSuite';

export function profileImportContract(suite: StoreSuite): void {
  describe('profiles bulk import (importMany, getMany)', () => {
    let store: Store;
    beforeEach(() => (store = suite.store()));

    const changedIds = async () => (await allChanges(store)).map((change) => change.profileId);

    it('stores new profiles exactly as given, each with one change-feed entry, and reads them back by id', async () => {
      const bakery = aProfile({ dedupeKeys: ['ph:+441179000001'] });
      const cafe = aProfile({ name: 'Harbour Cafe', dedupeKeys: ['ph:+441179000002'] });
      const sandbox = aProfile({ environment: 'test', dedupeKeys: ['ph:+441179000001'] });

      expect(await store.profiles.importMany([{ profile: bakery }, { profile: cafe }, { profile: sandbox }])).toEqual([{ stored: true }, { stored: true }, { stored: true }]);

      const live = await store.profiles.getMany('live', [bakery.id, cafe.id, sandbox.id, 'biz_unknown000000000000']);
      expect(live.sort((a, b) => a.id.localeCompare(b.id))).toEqual([bakery, cafe].sort((a, b) => a.id.localeCompare(b.id)));
      expect(await store.profiles.getMany('test', [sandbox.id])).toEqual([sandbox]);
      expect((await changedIds()).sort()).toEqual([bakery.id, cafe.id, sandbox.id].sort());
    });

    it('replaces a stored profile at its version, freeing the keys it dropped', async () => {
      const bakery = aProfile({ dedupeKeys: ['ph:+441179000001'] });
      await store.profiles.importMany([{ profile: bakery }]);
      const moved = revisionOf(bakery, { name: 'Corner Bakery & Cafe', dedupeKeys: ['ph:+441179000009'] });

      expect(await store.profiles.importMany([{ profile: moved, replaces: 1 }])).toEqual([{ stored: true }]);

      expect(await store.profiles.get('live', bakery.id)).toEqual(moved);
      const other = aProfile({ dedupeKeys: ['ph:+441179000001'] });
      expect(await store.profiles.importMany([{ profile: other }])).toEqual([{ stored: true }]);
      expect(await changedIds()).toEqual([bakery.id, bakery.id, other.id]);
    });

    it('refuses a replace whose version moved and a new profile whose id is taken, storing nothing of them', async () => {
      const bakery = aProfile();
      await store.profiles.importMany([{ profile: bakery }]);

      const outcomes = await store.profiles.importMany([
        { profile: revisionOf(bakery, { name: 'Stale Write' }), replaces: 7 },
        { profile: { ...bakery, name: 'Second Create' } },
      ]);

      expect(outcomes).toEqual([{ stored: false, reason: 'stale' }, { stored: false, reason: 'stale' }]);
      expect(await store.profiles.get('live', bakery.id)).toEqual(bakery);
      expect(await changedIds()).toEqual([bakery.id]);
    });

    it('refuses a write whose key a stored live profile holds, naming both, and stores the others', async () => {
      const holder = aProfile({ dedupeKeys: ['ph:+441179000001'] });
      await store.profiles.create(holder);
      const clash = aProfile({ dedupeKeys: ['np:clash|bs14dj|GB', 'ph:+441179000001'] });
      const fine = aProfile({ dedupeKeys: ['ph:+441179000002'] });

      const outcomes = await store.profiles.importMany([{ profile: clash }, { profile: fine }]);

      expect(outcomes).toEqual([{ stored: false, reason: 'duplicate', key: 'ph:+441179000001', heldBy: holder.id }, { stored: true }]);
      expect(await store.profiles.getMany('live', [clash.id])).toEqual([]);
      // Nothing of the refused write holds a key: its other key is free.
      expect(await store.profiles.importMany([{ profile: aProfile({ dedupeKeys: ['np:clash|bs14dj|GB'] }) }])).toEqual([{ stored: true }]);
    });

    it('lets the earlier of two writes sharing a key win', async () => {
      const first = aProfile({ dedupeKeys: ['ph:+441179000001'] });
      const second = aProfile({ dedupeKeys: ['ph:+441179000001'] });

      expect(await store.profiles.importMany([{ profile: first }, { profile: second }])).toEqual([
        { stored: true },
        { stored: false, reason: 'duplicate', key: 'ph:+441179000001', heldBy: first.id },
      ]);
      expect(await changedIds()).toEqual([first.id]);
    });

    it('removes a profile by a replace with deletedAt: its keys are free and getMany still reads it', async () => {
      const gone = aProfile({ dedupeKeys: ['ph:+441179000001'] });
      await store.profiles.importMany([{ profile: gone }]);
      const deleted = revisionOf(gone, { deletedAt: '2026-11-28T12:00:00.000Z' });

      expect(await store.profiles.importMany([{ profile: deleted, replaces: 1 }])).toEqual([{ stored: true }]);

      expect(await store.profiles.get('live', gone.id)).toBeNull();
      expect(await store.profiles.getMany('live', [gone.id])).toEqual([deleted]);
      expect(await store.profiles.importMany([{ profile: aProfile({ dedupeKeys: ['ph:+441179000001'] }) }])).toEqual([{ stored: true }]);
    });

    it('says which profile holds each of a list of keys, in one environment', async () => {
      const bakery = aProfile({ dedupeKeys: ['ph:+441179000001', 'sl:corner-bakery-bristol'] });
      await store.profiles.importMany([{ profile: bakery }, { profile: aProfile({ environment: 'test', dedupeKeys: ['sl:harbour-cafe-bristol'] }) }]);

      const held = await store.profiles.keyHolders('live', ['sl:corner-bakery-bristol', 'sl:harbour-cafe-bristol', 'ph:+441179000001', 'sl:nobody']);

      expect([...held].sort()).toEqual([['ph:+441179000001', bakery.id], ['sl:corner-bakery-bristol', bakery.id]]);
      expect(await store.profiles.keyHolders('live', [])).toEqual(new Map());
    });

    it('does nothing for an empty call', async () => {
      expect(await store.profiles.importMany([])).toEqual([]);
      expect(await store.profiles.getMany('live', [])).toEqual([]);
      expect(await changedIds()).toEqual([]);
    });
  });
}
