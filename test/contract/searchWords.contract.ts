// Consumer search in the words and languages people use, over a real index: every adapter's test
// file (SQLite, Elasticsearch) runs this suite once. Kinds named in another language, sentences with
// nothing to look for, trades found by the services they describe, query syntax read as text, and
// kind phrases that share a word with other kinds. Fixtures are written by hand, on the lines of
// the seed:demo sandbox.
import { createLruSessionStore } from '../../src/adapters/memory/lruSessionStore';
import { createMemoryCache } from '../../src/adapters/memory/memoryCache';
import type { Principal } from '../../src/domain/principal';
import type { WeeklyHours } from '../../src/domain/profile';
import { createLogger } from '../../src/logger';
import type { SearchDocument, SearchIndex } from '../../src/ports/searchIndex';
import { createConsumerSearch, type ConsumerSearchResult } from '../../src/services/search/consumerSearch';
import type { ConsumerSearchInput } from '../../src/services/search/searchPlan';
import { searchDocument } from '../fixtures/searchDocument';

const principal: Principal = { accountId: 'acct_words', environment: 'live', scopes: ['read:businesses'], via: 'api_key', role: 'user', plan: 'free' };
/** Wednesday 25 November 2026, noon in Chicago: every business below is open. */
const NOW = new Date('2026-11-25T18:00:00Z');
const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const OPEN: WeeklyHours = Object.fromEntries(WEEK.map((day) => [day, { open: '07:00', close: '22:00' }]));

const CITIES = {
  denver: { address: { street: '1 Main St', city: 'Denver', state: 'CO', postalCode: '80202', country: 'US' }, centre: { lat: 39.7392, lon: -104.9903 }, timeZone: 'America/Denver' },
  chicago: { address: { street: '1 Main St', city: 'Chicago', state: 'IL', postalCode: '60601', country: 'US' }, centre: { lat: 41.8781, lon: -87.6298 }, timeZone: 'America/Chicago' },
};
type City = keyof typeof CITIES;

const business = (city: City, km: number, fields: Partial<SearchDocument> & { id: string; name: string; category: string }): SearchDocument => {
  const { address, centre, timeZone } = CITIES[city];
  return searchDocument({ address, timeZone, hours: OPEN, coordinates: { lat: centre.lat + km * 0.009, lon: centre.lon }, ...fields });
};

export const WORDS_FIXTURE: SearchDocument[] = [
  business('denver', 1, { id: 'biz_w_grind', name: 'Grind House Denver', category: 'coffee', description: 'Espresso, pour-over and oat milk lattes.' }),
  business('denver', 2, { id: 'biz_w_bean', name: 'Bean Counter Denver', category: 'Coffee Shop', description: 'Drip coffee, cold brew and pastries.' }),
  business('denver', 3, { id: 'biz_w_smile', name: 'Smile Studio Denver', category: 'dental clinic', description: 'Cleanings, fillings and crowns.' }),
  business('denver', 1.5, { id: 'biz_w_canteen', name: 'Civic Canteen', category: 'Cafeteria', description: 'Trays of hot lunch for office workers.' }),
  business('chicago', 1, { id: 'biz_w_rooter', name: 'Drain Kings', category: 'Plumbing', description: 'Drain cleaning, sewer camera inspections and emergency plumbing.' }),
  // Filed under a label the taxonomy does not know; its own words describe a plumber's work.
  business('chicago', 2, { id: 'biz_w_copper', name: 'Brass Tap Services', category: 'home-services', description: 'Water heater repair, leaking pipes, fixtures and small home repairs.' }),
  business('chicago', 3, { id: 'biz_w_clinic', name: 'Lakeside Pet Clinic', category: 'Veterinary', description: 'Checkups and vaccines for pets.' }),
  business('chicago', 4, { id: 'biz_w_scoops', name: 'Scoop Shack', category: 'Ice Cream', description: 'Gelato and soft serve.' }),
  business('chicago', 5, { id: 'biz_w_latte', name: 'Creamy Cup', category: 'Coffee Shop', description: 'Lattes with sweet cream foam.' }),
  business('chicago', 2.5, { id: 'biz_w_hair', name: 'Loop Cuts', category: 'Hair Salon', description: 'Cuts and color.' }),
  business('chicago', 3.5, { id: 'biz_w_nails', name: 'Loop Nails', category: 'Nail Salon', description: 'Manicures and pedicures.' }),
  business('chicago', 4.5, { id: 'biz_w_vegan', name: 'Sprout Table', category: 'Vegan Restaurant', description: 'Plant-based bowls and vegan desserts.' }),
];

export function searchWordsContract(name: string, create: () => Promise<SearchIndex>, dispose: (index: SearchIndex) => Promise<void> = (index) => index.close()): void {
  describe(`consumer search in the words and languages people use: ${name}`, () => {
    let index: SearchIndex;
    beforeAll(async () => {
      index = await create();
      expect(await index.apply(WORDS_FIXTURE.map((document) => ({ type: 'upsert' as const, document })))).toEqual({ failures: [] });
    });
    afterAll(() => dispose(index));

    const search = (input: Partial<ConsumerSearchInput> & { query: string }): Promise<ConsumerSearchResult> =>
      createConsumerSearch({ index, sessions: createLruSessionStore(), summaryCache: createMemoryCache<string>(), logger: createLogger('silent'), clock: () => NOW })(principal, {
        limit: 10,
        offset: 0,
        ...input,
      });
    const near = (city: City) => ({ location: { ...CITIES[city].centre, distance: '25km' } });
    const matching = (result: ConsumerSearchResult) => result.results.filter((r) => r.matchesQuery !== false).map((r) => r.document.id).sort();

    describe('kinds named in another language', () => {
      it('"cafetería en Denver" is the coffee shops (a café in Spanish), not the canteen (a cafeteria in English)', async () => {
        const result = await search({ query: 'cafetería en Denver' });
        expect(matching(result)).toEqual(['biz_w_bean', 'biz_w_grind']);
        expect(result.results.map((r) => r.document.id)).not.toContain('biz_w_canteen');
        // Answered in the question's language, reasons included.
        expect(result.response).toMatch(/^Encontré 2 lugares para "cafetería en Denver"\. Las mejores opciones: (Grind House|Bean Counter) Denver \(valoración 4\.0 con 50 reseñas, abierto ahora\); /);
      });

      it('a language the template does not speak is answered in English, with the businesses\' own words', async () => {
        const result = await search({ query: 'Zahnarzt in Denver' });
        expect(result.response).toMatch(/^Found 1 place for "Zahnarzt in Denver"\. Top pick: Smile Studio Denver/);
      });

      it.each([['Zahnarzt in Denver'], ['dentiste à Denver'], ['dentistas en Denver']])('"%s" is the dentist', async (query) => {
        expect(matching(await search({ query }))).toEqual(['biz_w_smile']);
      });

      it("the caller's language decides a word both languages have: \"cafeteria\" with Accept-Language es", async () => {
        expect(matching(await search({ query: 'cafeteria', ...near('denver') }))).toEqual(['biz_w_canteen']);
        expect(matching(await search({ query: 'cafeteria', language: 'es', ...near('denver') }))).toEqual(['biz_w_bean', 'biz_w_grind']);
      });

      it("takes another language's name as the request's category, the caller's language first", async () => {
        const dentists = await search({ query: 'crowns', category: 'dentistas', ...near('denver') });
        expect(dentists.results.map((r) => r.document.id)).toEqual(['biz_w_smile']);
        const cafes = await search({ query: 'lattes', category: 'cafeterías', language: 'es', ...near('denver') });
        expect(cafes.results.map((r) => r.document.id).sort()).toEqual(['biz_w_bean', 'biz_w_grind']);
      });
    });

    describe('a sentence with nothing to look for', () => {
      it.each([['🍔'], ['**'], ['a'], ['?!'], ['near me']])('"%s" matches nothing and asks what the caller is looking for', async (query) => {
        const result = await search({ query, ...near('chicago') });
        expect(result.total).toBe(0);
        expect(result.results).toEqual([]);
        expect(result.response).toMatch(/has no word to search for\. What are you looking for\?/);
      });
    });

    describe('trades found by the services they describe', () => {
      it('"plumber" finds the plumber and the business whose own words describe a plumber\'s work', async () => {
        const result = await search({ query: 'plumbers near me', ...near('chicago') });
        expect(matching(result)).toEqual(['biz_w_copper', 'biz_w_rooter']);
        expect(result.total).toBe(2);
      });

      it('"handyman" finds the business that does small home repairs, and says it is not listed as one', async () => {
        const result = await search({ query: 'a handyman', ...near('chicago') });
        expect(matching(result)).toEqual(['biz_w_copper']);
        expect(result.response).toMatch(/^No business within 25 km is listed as a repair shop\. /);
      });
    });

    describe('query syntax read as text', () => {
      it('"name:vegan" is never rewritten and finds the vegan restaurant', async () => {
        const result = await search({ query: 'name:vegan', ...near('chicago') });
        expect(result.correctedQuery).toBeUndefined();
        expect(matching(result)).toEqual(['biz_w_vegan']);
      });
    });

    describe('a kind phrase is one term', () => {
      it('"hair salon" is the hair salon, not the nail salon', async () => {
        const result = await search({ query: 'hair salon', ...near('chicago') });
        expect(result.results.map((r) => r.document.id)).toEqual(['biz_w_hair']);
      });

      it('"pet store": the clinic that shares the word "pet" is not a match', async () => {
        const result = await search({ query: 'pet store', ...near('chicago') });
        expect(matching(result)).toEqual([]);
        expect(result.results.every((r) => r.matchesQuery === false)).toBe(true);
      });

      it('"ice cream" is the ice cream shop, not the coffee shop whose lattes have cream', async () => {
        const result = await search({ query: 'ice cream', ...near('chicago') });
        expect(matching(result)).toEqual(['biz_w_scoops']);
        expect(result.results.find((r) => r.document.id === 'biz_w_latte')?.matchesQuery ?? false).toBe(false);
      });
    });
  });
}
