// Store contract, change feed: every profile write in order, resumable from a position, waking
// waiting readers.
import type { ChangeBatch, ProfileChange } from '../../../src/ports/changeFeed';
import type { Store } from '../../../src/ports/store';
import { aProfile, at, revisionOf } from '../../fixtures/profiles';
import { type StoreSuite, when } from './storeSuite';

export function changeFeedContract(suite: StoreSuite): void {
  describe('change feed', () => {
    let store: Store;
    beforeEach(() => (store = suite.store()));

    /** Every change after `position`, following the feed page by page. */
    async function drain(position: string | null, pageSize = 100): Promise<ChangeBatch> {
      const changes: ProfileChange[] = [];
      let current = position;
      for (;;) {
        const batch = await store.changeFeed.read(current, pageSize, 0);
        changes.push(...batch.changes);
        current = batch.position;
        if (batch.changes.length < pageSize) return { changes, position: current };
      }
    }

    it('is empty for a new store', async () => {
      expect(await store.changeFeed.head()).toBeNull();
      expect(await store.changeFeed.read(null, 10, 0)).toEqual({ changes: [], position: null });
    });

    it('records creates, updates and deletes in order with the profile as stored', async () => {
      const profile = await store.profiles.create(aProfile());
      const other = await store.profiles.create(aProfile({ environment: 'test' }));
      const updated = revisionOf(profile, { name: 'Renamed' });
      await store.profiles.replace(updated, 1);
      const deleted = revisionOf(updated, { deletedAt: at(9) });
      await store.profiles.replace(deleted, 2);

      const { changes } = await drain(null);

      expect(changes.map((change) => [change.profileId, change.environment])).toEqual([
        [profile.id, 'live'],
        [other.id, 'test'],
        [profile.id, 'live'],
        [profile.id, 'live'],
      ]);
      expect(changes[1].profile).toEqual(other);
      // The newest change carries the profile as stored now, deletedAt included, so an indexer can remove it.
      expect(changes[3].profile).toEqual(deleted);
      for (const change of changes) expect(typeof change.at).toBe('string');
      expect(new Set(changes.map((change) => change.position)).size).toBe(4);
    });

    it('reports the newest position as head', async () => {
      await store.profiles.create(aProfile());
      await store.profiles.create(aProfile());

      const { position } = await drain(null);

      expect(await store.changeFeed.head()).toBe(position);
    });

    it('resumes from a returned position without repeating or skipping changes', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await store.profiles.create(aProfile())).id);

      const first = await store.changeFeed.read(null, 2, 0);
      const second = await store.changeFeed.read(first.position, 2, 0);
      const third = await store.changeFeed.read(second.position, 2, 0);
      const end = await store.changeFeed.read(third.position, 2, 0);

      expect([first, second, third].map((batch) => batch.changes.length)).toEqual([2, 2, 1]);
      expect([...first.changes, ...second.changes, ...third.changes].map((change) => change.profileId)).toEqual(ids);
      expect(first.position).toBe(first.changes[1].position);
      expect(end).toEqual({ changes: [], position: third.position });
    });

    it('returns writes made after a read when read again from its position', async () => {
      await store.profiles.create(aProfile());
      const { position } = await drain(null);

      const later = await store.profiles.create(aProfile({ environment: 'test' }));
      const batch = await store.changeFeed.read(position, 10, 0);

      expect(batch.changes.map((change) => change.profileId)).toEqual([later.id]);
      expect(batch.changes[0].profile).toEqual(later);
    });

    it('records nothing for writes that failed', async () => {
      const profile = await store.profiles.create(aProfile({ dedupeKeys: ['phone:+441170000001'] }));
      const { position } = await drain(null);

      await store.profiles.create(aProfile({ dedupeKeys: ['phone:+441170000001'] })).catch(() => undefined);
      await store.profiles.replace(revisionOf(profile, { name: 'Stale' }), 7).catch(() => undefined);

      expect(await store.changeFeed.read(position, 10, 0)).toEqual({ changes: [], position });
      expect(await store.changeFeed.head()).toBe(position);
    });

    it('wakes a waiting reader when a profile is written', async () => {
      await store.profiles.create(aProfile());
      const { position } = await drain(null);

      const waiting = store.changeFeed.read(position, 10, 20_000);
      const written = await store.profiles.create(aProfile());
      const batch = await waiting;

      expect(batch.changes.map((change) => change.profileId)).toEqual([written.id]);
    });

    it('returns an empty batch at the same position when nothing is written while waiting', async () => {
      await store.profiles.create(aProfile());
      const { position } = await drain(null);

      expect(await store.changeFeed.read(position, 10, 30)).toEqual({ changes: [], position });
    });

    when(suite, suite.capabilities.exactChangeCount, 'this engine only estimates the number of pending changes')(
      'counts the changes after a position',
      async () => {
        for (let i = 0; i < 3; i++) await store.profiles.create(aProfile());
        const first = await store.changeFeed.read(null, 1, 0);

        expect(await store.changeFeed.countAfter(null)).toBe(3);
        expect(await store.changeFeed.countAfter(first.position)).toBe(2);
        expect(await store.changeFeed.countAfter(await store.changeFeed.head())).toBe(0);
      },
    );

    it('releases a waiting reader when the feed is closed', async () => {
      const waiting = store.changeFeed.read(null, 10, 60_000);

      await store.changeFeed.close();

      await expect(waiting).resolves.toEqual({ changes: [], position: null });
    });
  });
}
