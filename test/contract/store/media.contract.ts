// Store contract, media records: create, read and soft delete.
import type { Store } from '../../../src/ports/store';
import { aMediaRecord, at } from '../../fixtures/profiles';
import type { StoreSuite } from './storeSuite';

export function mediaContract(suite: StoreSuite): void {
  describe('media records', () => {
    let store: Store;
    beforeEach(() => (store = suite.store()));

    it('stores a record and reads it back; unknown ids are null', async () => {
      const record = aMediaRecord({ type: 'logo', contentType: 'image/png' });

      expect(await store.media.create(record)).toEqual(record);
      expect(await store.media.get(record.id)).toEqual(record);
      expect(await store.media.get('med_unknown')).toBeNull();
    });

    it('marks a record deleted once, after which it is not returned', async () => {
      const record = await store.media.create(aMediaRecord());

      expect(await store.media.markDeleted(record.id, at(3))).toBe(true);
      expect(await store.media.get(record.id)).toBeNull();
      expect(await store.media.markDeleted(record.id, at(4))).toBe(false);
      expect(await store.media.markDeleted('med_unknown', at(4))).toBe(false);
    });
  });
}
