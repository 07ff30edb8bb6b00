// The behaviour every Cache adapter shares (ports/cache.ts). Expiry mechanics are tested beside
// each adapter.
import type { Cache } from '../../src/ports/cache';

interface Summary {
  text: string;
  ids: string[];
}

/** `makeCache` returns an empty cache (its own namespace). */
export function cacheContract(adapterName: string, makeCache: () => Cache<Summary> | Promise<Cache<Summary>>): void {
  describe(`Cache contract: ${adapterName}`, () => {
    let cache: Cache<Summary>;
    beforeEach(async () => {
      cache = await makeCache();
    });

    it('misses a key that was never set', async () => {
      expect(await cache.get('nothing')).toBeUndefined();
    });

    it('returns what was set', async () => {
      await cache.set('q:pizza', { text: 'Try Luigi', ids: ['biz_1', 'biz_2'] }, 60);
      expect(await cache.get('q:pizza')).toEqual({ text: 'Try Luigi', ids: ['biz_1', 'biz_2'] });
    });

    it('hands out copies, never the stored object', async () => {
      const value = { text: 'original', ids: ['biz_1'] };
      await cache.set('k', value, 60);
      value.ids.push('mutated-after-set');
      const first = await cache.get('k');
      first!.ids.push('mutated-after-get');
      expect(await cache.get('k')).toEqual({ text: 'original', ids: ['biz_1'] });
    });

    it('replaces a value set again under the same key', async () => {
      await cache.set('k', { text: 'old', ids: [] }, 60);
      await cache.set('k', { text: 'new', ids: [] }, 60);
      expect((await cache.get('k'))?.text).toBe('new');
    });

    it('drops a key set with a ttl of zero', async () => {
      await cache.set('k', { text: 'kept', ids: [] }, 60);
      await cache.set('k', { text: 'gone', ids: [] }, 0);
      expect(await cache.get('k')).toBeUndefined();
    });
  });
}
