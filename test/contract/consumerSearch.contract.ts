// Consumer search over a real index: every adapter's test file (SQLite, Elasticsearch) runs this
// suite once, so what the answer says depends on the engine only through the candidates it
// returns. Fixtures are written by hand; each test names the order or the words it expects.
import { createLruSessionStore } from '../../src/adapters/memory/lruSessionStore';
import { createMemoryCache } from '../../src/adapters/memory/memoryCache';
import type { WeeklyHours } from '../../src/domain/profile';
import type { Principal } from '../../src/domain/principal';
import { createLogger } from '../../src/logger';
import type { SearchDocument, SearchIndex } from '../../src/ports/searchIndex';
import { presentConsumerResult } from '../../src/presenters/searchResultPresenter';
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
  place({ id: 'biz_tie_a_closed', name: 'Nonna Alpha', description: 'Handmade gnocchi and fresh pasta every day.', hours: CLOSED_ON_WEDNESDAY }),
  place({ id: 'biz_tie_b_open', name: 'Nonna Bravo', description: 'Handmade gnocchi and fresh pasta every day.' }),
  // Same text, hours, rating: only the distance from the caller differs (5 km and 1 km).
  place({ id: 'biz_tie_c_far', name: 'Udon Charlie', description: 'Thick udon in hot broth.', coordinates: north(5) }),
  place({ id: 'biz_tie_d_near', name: 'Udon Delta', description: 'Thick udon in hot broth.', coordinates: north(1) }),
];

const EARLY_BIRD: WeeklyHours = Object.fromEntries(WEEK.map((day) => [day, { open: '07:00', close: '15:00' }]));
/** Not a restaurant, but its menu says breakfast: what "breakfast near me" must find. */
export const BAKERY = place({
  id: 'biz_bakery', name: 'Early Loaf', category: 'Bakeries', description: 'Sourdough loaves, and a breakfast menu from 7am.', hours: EARLY_BIRD, coordinates: north(2),
});
/** Neither a restaurant nor anything a meal or dish would find. */
export const PLUMBER = place({ id: 'biz_plumber', name: 'Pipe Pros', category: 'Plumbing', description: 'Leaks and drains fixed the same day.' });
/** A dentist filed under a word for the kind ("Dentist"), not the canonical "dental". */
export const DENTIST = place({ id: 'biz_dentist', name: 'Bright Smile Studio', category: 'Dentist', description: 'Cleanings, fillings and crowns.', coordinates: north(3) });
/** Not a dentist, though its profile says dental: what "dentist near me" must not return. */
export const VET = place({
  id: 'biz_vet', name: 'Paws and Claws', category: 'Veterinary', description: 'Vaccinations, surgery and dental care for cats and dogs.', coordinates: north(1),
});
const RESTAURANT_IDS = ['biz_tie_a_closed', 'biz_tie_b_open', 'biz_tie_c_far', 'biz_tie_d_near'];

export function consumerSearchContract(name: string, create: () => Promise<SearchIndex>, dispose: (index: SearchIndex) => Promise<void> = (index) => index.close()): void {
  describe(`consumer search contract: ${name}`, () => {
    let index: SearchIndex;
    beforeAll(async () => {
      index = await create();
      const documents = [...RANKING_FIXTURE, BAKERY, PLUMBER, DENTIST, VET];
      expect(await index.apply(documents.map((document) => ({ type: 'upsert' as const, document })))).toEqual({ failures: [] });
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
        // "gnocchi" implies Italian restaurants, and so restaurants: the udon bars follow, marked as not a match.
        expect(ids(result).slice(0, 2)).toEqual(['biz_tie_b_open', 'biz_tie_a_closed']);
        expect(result.results.slice(0, 2).map((r) => r.openNow)).toEqual([true, false]);
        expect(result.results.slice(2).map((r) => r.matchesQuery)).toEqual([false, false]);
      });

      it('puts the open business first without a location too', async () => {
        expect(ids(await search({ query: 'gnocchi' })).slice(0, 2)).toEqual(['biz_tie_b_open', 'biz_tie_a_closed']);
      });

      it('puts the nearer business ahead of the farther one', async () => {
        const result = await search({ query: 'udon near me', location: { ...AUSTIN, distance: '25km' } });
        expect(ids(result)).toEqual(['biz_tie_d_near', 'biz_tie_c_far']);
        expect(result.results.map((r) => Math.round(r.distanceKm ?? -1))).toEqual([1, 5]);
      });
    });

    // Phrases a summary must not use about a business: what it is not, or does not offer.
    const NEGATIVE_CLAIM = /\b(?:not listed|is not a|does not|do not|doesn't|don't|isn't|no longer)\b/i;
    const matchFlags = (result: ConsumerSearchResult) => Object.fromEntries(result.results.map((r) => [r.document.id, r.matchesQuery]));

    describe('a request nothing in reach matches', () => {
      it('says so first, then shows the restaurants the dish implied, each marked as not matching', async () => {
        const result = await search({ query: 'ramen near me', location: { ...AUSTIN, distance: '25km' } });
        expect(ids(result).sort()).toEqual(RESTAURANT_IDS);
        expect(result.results.map((r) => r.matchesQuery)).toEqual([false, false, false, false]);
        expect(result.response).toMatch(/^No business within 25 km offers "ramen"\. Other places found: /);
        expect(result.response.slice(result.response.indexOf('.') + 1)).not.toMatch(NEGATIVE_CLAIM);
      });

      it('names the place the sentence gave', async () => {
        const result = await search({ query: 'ramen near Austin' });
        expect(result.results.map((r) => r.matchesQuery)).toEqual([false, false, false, false]);
        expect(result.response).toMatch(/^No business near Austin offers "ramen"\. /);
      });

      it('puts the matches first and says how many others the page shows', async () => {
        const result = await search({ query: 'pasta near me', location: { ...AUSTIN, distance: '25km' } });
        expect(ids(result)).toEqual(['biz_tie_b_open', 'biz_tie_a_closed', 'biz_tie_d_near', 'biz_tie_c_far']);
        expect(result.results.map((r) => r.matchesQuery)).toEqual([true, true, false, false]);
        expect(result.response).toBe(
          'Found 4 places for "pasta near me". Top picks: ' +
            'Nonna Bravo (listed under Restaurants, matches "pasta", 0.1 km away, rated 4.5 from 40 reviews); ' +
            'Nonna Alpha (listed under Restaurants, matches "pasta", 0.1 km away, rated 4.5 from 40 reviews). ' +
            '2 other results on this page are not a match for "pasta".',
        );
      });
    });

    describe('a category inferred from words', () => {
      it('widens the search: "breakfast near me" finds the bakery whose menu says breakfast, beside the restaurants', async () => {
        const result = await search({ query: 'breakfast near me', location: { ...AUSTIN, distance: '25km' } });
        expect(ids(result).sort()).toEqual(['biz_bakery', ...RESTAURANT_IDS]);
        expect(matchFlags(result)).toEqual({
          biz_bakery: true, biz_tie_a_closed: true, biz_tie_b_open: true, biz_tie_c_far: true, biz_tie_d_near: true,
        });
        expect(result.response).toMatch(/^Found 5 places for "breakfast near me"\. Top picks: /);
        expect(result.response).not.toMatch(NEGATIVE_CLAIM);
      });

      it('tells what a pick is listed under, never what it is not', async () => {
        // Searched from the bakery's door, 500 m around: it is the only business there.
        const result = await search({ query: 'breakfast near me', location: { ...north(2), distance: '0.5km' } });
        expect(ids(result)).toEqual(['biz_bakery']);
        expect(result.response).toBe('Found 1 place for "breakfast near me". Top pick: Early Loaf (listed under Bakeries, matches "breakfast", 0.1 km away, rated 4.5 from 40 reviews).');
      });

      it('still filters when the caller sends the category', async () => {
        const result = await search({ query: 'breakfast near me', category: 'restaurants', location: { ...AUSTIN, distance: '25km' } });
        expect(ids(result).sort()).toEqual(RESTAURANT_IDS);
      });
    });

    describe('a category the sentence names', () => {
      it('filters: "dentist near me" returns the dentist, not the vet whose profile mentions dental care', async () => {
        const result = await search({ query: 'dentist near me', location: { ...AUSTIN, distance: '25km' } });
        expect(ids(result)).toEqual(['biz_dentist']);
        expect(result.total).toBe(1);
        expect(result.results[0].matchesQuery).toBe(true);
        expect(result.response).toMatch(/^Found 1 place for "dentist near me"\. Top pick: Bright Smile Studio /);
      });

      it('filters to either of two named kinds ("bakery or dentist")', async () => {
        const result = await search({ query: 'bakery or dentist', location: { ...AUSTIN, distance: '25km' } });
        expect(ids(result).sort()).toEqual(['biz_bakery', 'biz_dentist']);
      });

      it("gives way to the request's category", async () => {
        const result = await search({ query: 'dentist near me', category: 'veterinary', location: { ...AUSTIN, distance: '25km' } });
        expect(ids(result)).toEqual(['biz_vet']);
      });
    });
  });

  // Free-text kinds, on businesses whose owners named their kind in their own words.
  describe(`consumer search finds a business however its owner named it: ${name}`, () => {
    let index: SearchIndex;
    const DENVER = { lat: 39.7392, lon: -104.9903 };
    const denver = (km: number) => ({ lat: DENVER.lat + km * 0.009, lon: DENVER.lon });
    const inDenver = { street: '1 Main St', city: 'Denver', state: 'CO', postalCode: '80202', country: 'US' };
    const owned: SearchDocument[] = [
      place({ id: 'biz_own_dentist', name: 'Smile Works', category: 'Dentists', description: 'Cleanings and crowns for the whole family.', coordinates: north(2) }),
      place({ id: 'biz_own_vet', name: 'Barton Pet Hospital', category: 'veterinarians', description: 'Checkups and surgery for cats and dogs.', coordinates: north(3) }),
      // One plumber's word in its profile: not enough to say it is a plumber (describedKinds.ts).
      place({ id: 'biz_own_handy', name: 'Austin Fix-It Crew', category: 'home-services', description: 'Leaks fixed the same day, doors rehung and shelves put up.', coordinates: north(4) }),
      place({ id: 'biz_own_steak', name: 'Prime Cut', category: 'Steakhouse', description: 'Dry-aged steaks.', coordinates: north(1) }),
      ...[1, 2, 3].map((n) => place({
        id: `biz_own_coffee_${n}`, name: `Mile High Coffee ${n}`, category: 'coffee', description: n === 1 ? 'Espresso bar with free wifi.' : 'Drip coffee and pastries.',
        coordinates: denver(n), address: inDenver, timeZone: 'America/Denver',
      })),
      place({ id: 'biz_own_bakery', name: 'Denver Dough', category: 'Bakery', description: 'Bread and coffee from 6am.', coordinates: denver(1.5), address: inDenver, timeZone: 'America/Denver' }),
    ];
    beforeAll(async () => {
      index = await create();
      expect(await index.apply(owned.map((document) => ({ type: 'upsert' as const, document })))).toEqual({ failures: [] });
    });
    afterAll(() => dispose(index));
    const search = (input: Partial<ConsumerSearchInput> & { query: string }) =>
      createConsumerSearch({
        index, sessions: createLruSessionStore(), summaryCache: createMemoryCache<string>(), logger: createLogger('silent'), clock: () => NOW,
      })(principal, { limit: 10, offset: 0, ...input });
    const coffee = ['biz_own_coffee_1', 'biz_own_coffee_2', 'biz_own_coffee_3'];
    const ids = (result: ConsumerSearchResult): string[] => result.results.map((r) => r.document.id);

    it('"my tooth hurts, I need a dentist" finds the business filed as "Dentists"', async () => {
      const result = await search({ query: 'my tooth hurts, I need a dentist', location: { ...AUSTIN, distance: '25km' } });
      expect(ids(result)).toEqual(['biz_own_dentist']);
    });

    it('"vet for my dog" finds the business filed as "veterinarians"', async () => {
      const result = await search({ query: 'vet for my dog', location: { ...AUSTIN, distance: '25km' } });
      expect(ids(result)).toEqual(['biz_own_vet']);
    });

    it('"emergency plumber": no plumber, so the home-services business that fixes leaks, said plainly', async () => {
      const result = await search({ query: 'emergency plumber', location: { ...AUSTIN, distance: '25km' } });
      expect(ids(result)).toEqual(['biz_own_handy']);
      expect(result.response).toMatch(/^No business within 25 km is listed as a plumber\. Found 1 place whose profiles mention it or a related word\. Top pick: Austin Fix-It Crew/);
      expect(result.response).not.toMatch(/spelling/);
    });

    it.each([
      ['coffee shop in Denver', undefined],
      ['cafe in Denver', undefined],
      ['coffee in Denver', undefined],
      ['coffee shop', DENVER],
    ])('"%s" finds the three businesses filed as "coffee"', async (query, location) => {
      const result = await search({ query, ...(location && { location: { ...location, distance: '25km' } }) });
      expect(ids(result).filter((id) => id.startsWith('biz_own_coffee')).sort()).toEqual(coffee);
      expect(result.results.filter((r) => r.matchesQuery !== false).map((r) => r.document.id)).toEqual(expect.arrayContaining(coffee));
    });

    it('"coffee shop with wifi" near Denver puts the one with wifi first', async () => {
      const result = await search({ query: 'coffee shop with wifi', location: { ...DENVER, distance: '25km' } });
      expect(ids(result)[0]).toBe('biz_own_coffee_1');
      expect(ids(result).sort()).toEqual(coffee);
    });
  });

  // The freshness signals: a temporarily closed business is indexed without hours and marked
  // (indexer/toSearchDocument.ts; a permanently closed one is not indexed at all).
  describe(`consumer search says when a business is closed for now: ${name}`, () => {
    let index: SearchIndex;
    const documents = [
      place({
        id: 'biz_barber_closed', name: 'Fade Factory', category: 'Barbers', description: 'Skin fades and beard trims.', coordinates: north(1),
        hours: {}, operatingStatus: 'temporarily_closed', reopensOn: '2026-12-07', lastVerifiedAt: '2026-11-20T09:00:00.000Z',
      }),
      place({ id: 'biz_barber_open', name: 'Clip Joint', category: 'Barbers', description: 'Skin fades and beard trims.', coordinates: north(2) }),
    ];
    beforeAll(async () => {
      index = await create();
      expect(await index.apply(documents.map((document) => ({ type: 'upsert' as const, document })))).toEqual({ failures: [] });
    });
    afterAll(() => dispose(index));
    const search = (input: Partial<ConsumerSearchInput> & { query: string }) =>
      createConsumerSearch({
        index, sessions: createLruSessionStore(), summaryCache: createMemoryCache<string>(), logger: createLogger('silent'), clock: () => NOW,
      })(principal, { limit: 10, offset: 0, ...input });

    it('still finds it, and its item and the summary say it is closed and when it expects to reopen', async () => {
      const result = await search({ query: 'barber near me', location: { ...AUSTIN, distance: '25km' } });
      expect(result.results.map((r) => r.document.id).sort()).toEqual(['biz_barber_closed', 'biz_barber_open']);
      const items = Object.fromEntries(result.results.map((r) => [r.document.id, presentConsumerResult(r)]));
      expect(items.biz_barber_closed).toMatchObject({ operatingStatus: 'temporarily_closed', reopensOn: '2026-12-07', lastVerifiedAt: '2026-11-20T09:00:00.000Z' });
      expect(items.biz_barber_open).toMatchObject({ operatingStatus: 'open', reopensOn: null, lastVerifiedAt: null });
      expect(result.response).toContain('Fade Factory (temporarily closed, expected to reopen on 2026-12-07, ');
      expect(result.response).not.toContain('Clip Joint (temporarily closed');
    });

    it('leaves it out of a search for what is open now', async () => {
      const result = await search({ query: 'barber open now', location: { ...AUSTIN, distance: '25km' } });
      expect(result.results.map((r) => r.document.id)).toEqual(['biz_barber_open']);
    });
  });
}
