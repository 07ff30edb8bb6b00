// Store contract, lifecycle: ping, and close being safe to repeat.
import type { Store } from '../../../src/ports/store';
import type { StoreSuite } from './storeSuite';

export function lifecycleContract(suite: StoreSuite): void {
  describe('lifecycle', () => {
    let store: Store;
    beforeEach(() => (store = suite.store()));

    it('answers ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });

    it('closes, and closing again is harmless', async () => {
      await expect(store.close()).resolves.toBeUndefined();
      await expect(store.close()).resolves.toBeUndefined();
    });
  });
}
