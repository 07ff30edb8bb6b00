import { createMemoryCache } from '../../src/adapters/memory/memoryCache';
import { cacheContract } from './cache.contract';
import { testClock } from './sessionStore.contract';

cacheContract('in-process LRU', () => createMemoryCache());

describe('memory cache: expiry and bounds', () => {
  it('misses once the ttl has passed', async () => {
    const clock = testClock();
    const cache = createMemoryCache<string>({ now: clock.now });
    await cache.set('k', 'v', 10);
    clock.advance(9_999);
    expect(await cache.get('k')).toBe('v');
    clock.advance(1);
    expect(await cache.get('k')).toBeUndefined();
  });

  it('evicts the least recently used entry beyond maxEntries', async () => {
    const cache = createMemoryCache<number>({ maxEntries: 2 });
    await cache.set('a', 1, 60);
    await cache.set('b', 2, 60);
    await cache.get('a');
    await cache.set('c', 3, 60);
    expect(await cache.get('a')).toBe(1);
    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('c')).toBe(3);
  });
});
