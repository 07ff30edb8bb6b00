// Store contract, checkpoints: the position each change-feed consumer saved.
import type { Store } from '../../../src/ports/store';
import type { StoreSuite } from './storeSuite';

export function checkpointsContract(suite: StoreSuite): void {
  describe('checkpoints', () => {
    let store: Store;
    beforeEach(() => (store = suite.store()));

    it('loads null for a consumer that never saved', async () => {
      expect(await store.checkpoints.load('search-indexer')).toBeNull();
    });

    it('round-trips a saved position per consumer, the latest save winning', async () => {
      await store.checkpoints.save('search-indexer', 'position-1');
      await store.checkpoints.save('search-indexer', 'position-2');
      await store.checkpoints.save('analytics', 'position-9');

      expect(await store.checkpoints.load('search-indexer')).toBe('position-2');
      expect(await store.checkpoints.load('analytics')).toBe('position-9');
    });
  });
}
