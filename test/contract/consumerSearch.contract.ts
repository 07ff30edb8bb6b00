// Consumer search over a real index: every adapter's test file (SQLite, Elasticsearch) runs this
// suite once, so what the answer says depends on the engine only through the candidates it
// returns. Fixtures are written by hand; each test names the order or the words it expects.
import { createLruSessionStore } from '../../src/adapters/memory/lruSessionStore';
import { createMemoryCache } from '../../src/adapters/memory/memoryCache';
import type { WeeklyHours } from '../../src/domain/profile';
import type { Principal } from '../../src/domain/principal';
import { createLogger } from '../../src/logger';
import type { SearchDocument, SearchIndex } from '../../src/ports/searchIndex';
import { createConsumerSearch, type ConsumerSearchResult } from '../../src/services/search/consumerSearch';
import type { ConsumerSearchInput } from '../../src/services/search/searchPlan';
import { searchDocument } from '../fixtures/searchDocument';

const principal: Principal = {
  accountId: 'acct_contract', environment: 'live', scopes: ['read:businesses'], via: 'api_key', role: 'user', plan: 'free',
};

/** Wednesday 25 November 2026, 12:00 in Austin (UTC-6). */
const NOW = new Date('2026-11-25T18:00:00Z');
const AUSTIN = { lat: 30.2672, lon: -97.7431 };
/** Points due north of downtown Austin: 0.009 degrees of latitude is about 1 km. */
const north = (km: number) => ({ lat: AUSTIN.lat + km * 0.009, lon: AUSTIN.lon });

const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const LUNCH_AND_DINNER: WeeklyHours = Object.fromEntries(WEEK.map((day) => [day, { open: '11:00', close: '22:00' }]));
const CLOSED_ON_WEDNESDAY: WeeklyHours = { ...LUNCH_AND_DINNER, wednesday: { closed: true } };

const place = (overrides: Partial<SearchDocument> & { id: string; name: string }): SearchDocument =>
  searchDocument({ category: 'Restaurants', timeZone: 'America/Chicago', hours: LUNCH_AND_DINNER, averageRating: 4.5, reviewCount: 40, ...overrides });

/**
 * Pairs equal in everything but one thing. The ids put the business expected second first in id
 * order, so the id tie-break alone would get each pair wrong.
 */
export const RANKING_FIXTURE: SearchDocument[] = [
  // Same text, place, rating: only the hours differ (closed on the Wednesday of NOW).
  place({ id: 'biz_tie_a_closed', name: 'Nonna Alpha', description: 'Handmade gnocchi every day.', hours: CLOSED_ON_WEDNESDAY }),
  place({ id: 'biz_tie_b_open', name: 'Nonna Bravo', description: 'Handmade gnocchi every day.' }),
  // Same text, hours, rating: only the distance from the caller differs (5 km and 1 km).
  place({ id: 'biz_tie_c_far', name: 'Udon Charlie', description: 'Thick udon in hot broth.', coordinates: north(5) }),
  place({ id: 'biz_tie_d_near', name: 'Udon Delta', description: 'Thick udon in hot broth.', coordinates: north(1) }),
];

export function consumerSearchContract(name: string, create: () => Promise<SearchIndex>, dispose: (index: SearchIndex) => Promise<void> = (index) => index.close()): void {
  describe(`consumer search contract: ${name}`, () => {
    let index: SearchIndex;
    beforeAll(async () => {
      index = await create();
      expect(await index.apply(RANKING_FIXTURE.map((document) => ({ type: 'upsert' as const, document })))).toEqual({ failures: [] });
    });
    afterAll(() => dispose(index));

    const search = (input: Partial<ConsumerSearchInput> & { query: string }): Promise<ConsumerSearchResult> =>
      createConsumerSearch({
        index,
        sessions: createLruSessionStore(),
        summaryCache: createMemoryCache<string>(),
        logger: createLogger('silent'),
        clock: () => NOW,
      })(principal, { limit: 10, offset: 0, ...input });
    const ids = (result: ConsumerSearchResult): string[] => result.results.map((r) => r.document.id);

    describe('ranking with an equal text match', () => {
      it('puts the business open at search time ahead of the closed one', async () => {
        const result = await search({ query: 'gnocchi', location: { ...AUSTIN, distance: '25km' } });
        expect(ids(result)).toEqual(['biz_tie_b_open', 'biz_tie_a_closed']);
        expect(result.results.map((r) => r.openNow)).toEqual([true, false]);
      });

      it('puts the open business first without a location too', async () => {
        expect(ids(await search({ query: 'gnocchi' }))).toEqual(['biz_tie_b_open', 'biz_tie_a_closed']);
      });

      it('puts the nearer business ahead of the farther one', async () => {
        const result = await search({ query: 'udon near me', location: { ...AUSTIN, distance: '25km' } });
        expect(ids(result)).toEqual(['biz_tie_d_near', 'biz_tie_c_far']);
        expect(result.results.map((r) => Math.round(r.distanceKm ?? -1))).toEqual([1, 5]);
      });
    });
  });
}
