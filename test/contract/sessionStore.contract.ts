// The behaviour every SessionStore adapter shares (ports/sessionStore.ts). Each adapter's test
// file calls sessionStoreContract once with a factory; expiry mechanics are engine-specific and
// tested beside each adapter.
import { SESSION_LIMITS, SESSION_WEIGHTS } from '../../src/domain/sessionProfile';
import type { SessionStore } from '../../src/ports/sessionStore';

export interface TestClock {
  now(): number;
  advance(ms: number): void;
}

export function testClock(start = Date.parse('2026-03-01T12:00:00.000Z')): TestClock {
  let current = start;
  return { now: () => current, advance: (ms) => void (current += ms) };
}

/** `makeStore` returns a store with no sessions in it that reads time from `now`. */
export type SessionStoreFactory = (now: () => number) => SessionStore | Promise<SessionStore>;

export function sessionStoreContract(adapterName: string, makeStore: SessionStoreFactory): void {
  describe(`SessionStore contract: ${adapterName}`, () => {
    let clock: TestClock;
    let store: SessionStore;

    beforeEach(async () => {
      clock = testClock();
      store = await makeStore(clock.now);
    });

    it('returns null for an unknown session and does not create it by reading', async () => {
      expect(await store.get('sess-unknown')).toBeNull();
      expect(await store.get('sess-unknown')).toBeNull();
    });

    it('remembers the categories and terms of a search', async () => {
      await store.recordSearch('s1', { categories: ['restaurants'], terms: ['vegan', 'lunch'] });
      expect(await store.get('s1')).toEqual({
        categories: { restaurants: SESSION_WEIGHTS.searchedCategory },
        terms: { vegan: 1, lunch: 1 },
        viewed: [],
      });
    });

    it('accumulates over searches and counts a label once per search', async () => {
      await store.recordSearch('s1', { categories: ['cafes', 'cafes'], terms: ['vegan', 'Vegan ', 'vegan'] });
      await store.recordSearch('s1', { categories: ['Cafes'], terms: ['vegan'] });
      await store.recordSearch('s1', { categories: [], terms: ['vegan', '  '] });
      const profile = await store.get('s1');
      expect(profile?.categories).toEqual({ cafes: 2 * SESSION_WEIGHTS.searchedCategory });
      expect(profile?.terms).toEqual({ vegan: 3 });
    });

    it('keeps a session that searched without any signal', async () => {
      await store.recordSearch('s-empty', { categories: [], terms: [] });
      expect(await store.get('s-empty')).toEqual({ categories: {}, terms: {}, viewed: [] });
    });

    it('remembers viewed businesses newest first, once each, and weighs their category', async () => {
      await store.recordView('s1', 'biz_a', 'Restaurants');
      clock.advance(1_000);
      await store.recordView('s1', 'biz_b', 'cafes');
      clock.advance(1_000);
      await store.recordView('s1', 'biz_a', 'restaurants');
      const profile = await store.get('s1');
      expect(profile?.viewed).toEqual([
        { businessId: 'biz_a', category: 'restaurants', viewedAt: new Date(clock.now()).toISOString() },
        { businessId: 'biz_b', category: 'cafes', viewedAt: new Date(clock.now() - 1_000).toISOString() },
      ]);
      expect(profile?.categories).toEqual({
        restaurants: 2 * SESSION_WEIGHTS.viewedCategory,
        cafes: SESSION_WEIGHTS.viewedCategory,
      });
    });

    it('adds search and view weights for the same category', async () => {
      await store.recordSearch('s1', { categories: ['bakeries'], terms: [] });
      await store.recordView('s1', 'biz_1', 'bakeries');
      expect((await store.get('s1'))?.categories.bakeries).toBe(SESSION_WEIGHTS.searchedCategory + SESSION_WEIGHTS.viewedCategory);
    });

    it('keeps sessions apart', async () => {
      await store.recordSearch('alice', { categories: ['gyms'], terms: ['yoga'] });
      await store.recordView('bob', 'biz_9', 'plumbers');
      expect((await store.get('alice'))?.viewed).toEqual([]);
      expect((await store.get('bob'))?.terms).toEqual({});
      expect((await store.get('bob'))?.categories).toEqual({ plumbers: SESSION_WEIGHTS.viewedCategory });
    });

    it('counts every one of many concurrent updates', async () => {
      await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          i % 5 === 0 ? store.recordView('busy', `biz_${i}`, 'salons') : store.recordSearch('busy', { categories: ['salons'], terms: ['nails'] }),
        ),
      );
      const profile = await store.get('busy');
      expect(profile?.terms.nails).toBe(20);
      expect(profile?.categories.salons).toBe(20 * SESSION_WEIGHTS.searchedCategory + 5 * SESSION_WEIGHTS.viewedCategory);
      expect(profile?.viewed).toHaveLength(5);
    });

    it('bounds categories and terms, keeping the heaviest', async () => {
      await store.recordSearch('big', { categories: ['favourite'], terms: ['favourite'] });
      await store.recordSearch('big', { categories: ['favourite'], terms: ['favourite'] });
      for (let i = 0; i < SESSION_LIMITS.terms + 10; i++) {
        await store.recordSearch('big', { categories: [`category-${i}`], terms: [`term-${i}`] });
      }
      const profile = await store.get('big');
      expect(Object.keys(profile!.categories)).toHaveLength(SESSION_LIMITS.categories);
      expect(Object.keys(profile!.terms)).toHaveLength(SESSION_LIMITS.terms);
      expect(profile!.categories.favourite).toBe(2);
      expect(profile!.terms.favourite).toBe(2);
    });

    it('bounds viewed businesses, keeping the most recent', async () => {
      const total = SESSION_LIMITS.viewed + 5;
      for (let i = 0; i < total; i++) {
        clock.advance(10);
        await store.recordView('viewer', `biz_${i}`, 'florists');
      }
      const viewed = (await store.get('viewer'))!.viewed;
      expect(viewed).toHaveLength(SESSION_LIMITS.viewed);
      expect(viewed[0].businessId).toBe(`biz_${total - 1}`);
      expect(viewed.at(-1)!.businessId).toBe(`biz_${total - SESSION_LIMITS.viewed}`);
    });
  });
}
