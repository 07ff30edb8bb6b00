import { SESSION_TTL_SECONDS } from '../../src/domain/sessionProfile';
import { createLruSessionStore } from '../../src/adapters/memory/lruSessionStore';
import { sessionStoreContract, testClock } from './sessionStore.contract';

sessionStoreContract('in-process LRU', (now) => createLruSessionStore({ now }));

describe('LRU session store: expiry and eviction', () => {
  const minute = 60_000;

  it('forgets a session 30 minutes after its last touch', async () => {
    const clock = testClock();
    const store = createLruSessionStore({ now: clock.now });
    await store.recordSearch('s', { categories: ['gyms'], terms: [] });
    clock.advance(SESSION_TTL_SECONDS * 1000 - 1);
    expect(await store.get('s')).not.toBeNull();
    clock.advance(SESSION_TTL_SECONDS * 1000);
    expect(await store.get('s')).toBeNull();
  });

  it('slides the expiry on every read and write', async () => {
    const clock = testClock();
    const store = createLruSessionStore({ now: clock.now });
    await store.recordView('s', 'biz_1', 'gyms');
    for (let i = 0; i < 4; i++) {
      clock.advance(25 * minute);
      expect(await store.get('s')).not.toBeNull(); // 100 minutes in all, never 30 idle
    }
    clock.advance(25 * minute);
    await store.recordSearch('s', { categories: [], terms: ['late'] });
    clock.advance(25 * minute);
    expect((await store.get('s'))?.terms).toEqual({ late: 1 });
  });

  it('starts a new, empty session after expiry', async () => {
    const clock = testClock();
    const store = createLruSessionStore({ now: clock.now });
    await store.recordSearch('s', { categories: ['gyms'], terms: ['yoga'] });
    clock.advance(31 * minute);
    await store.recordSearch('s', { categories: [], terms: ['pilates'] });
    expect(await store.get('s')).toEqual({ categories: {}, terms: { pilates: 1 }, viewed: [] });
  });

  it('evicts the least recently used session beyond maxEntries', async () => {
    const store = createLruSessionStore({ maxEntries: 2 });
    await store.recordSearch('a', { categories: ['x'], terms: [] });
    await store.recordSearch('b', { categories: ['x'], terms: [] });
    await store.get('a'); // a is now more recent than b
    await store.recordSearch('c', { categories: ['x'], terms: [] });
    expect(await store.get('a')).not.toBeNull();
    expect(await store.get('b')).toBeNull();
    expect(await store.get('c')).not.toBeNull();
  });
});
