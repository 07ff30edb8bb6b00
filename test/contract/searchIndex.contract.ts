// The SearchIndex contract: every adapter (embedded SQLite, Elasticsearch) runs this suite once
// from its own *.test.ts. Same fixture, same query -> same ids in the same order in every engine;
// assertions never look at raw scores. Rules the suite pins down beyond the port's comments:
// - text: stemmed, any word may match, the last word also as a prefix, category synonyms from
//   domain/search/categorySynonyms.ts ("pizza" -> restaurants), accents ignored, query syntax in
//   user text is plain text; text with no letters or digits behaves like no text;
// - every sort key, including the id tie-break, follows the requested order (equal text scores
//   are the exception: engines order them their own way); relevance without text and distance
//   without `near` fall back to aiVisibilityScore (or text relevance);
// - maxPrice never matches a document without minPrice; `near` never matches one without coordinates.
import { EXACT_TOTAL_BOUND, rankingFieldsOf, type IndexAction, type SearchDocument, type SearchIndex, type SearchQuery, type SearchResult } from '../../src/ports/searchIndex';
import { searchDocument } from '../fixtures/searchDocument';
import { DOWNTOWN_AUSTIN, fixtureDocument, liveDocuments, searchDocuments, testDocuments } from '../fixtures/searchDocuments';
import { openingFilterContract } from './openingFilter.contract';

export interface SearchIndexContractOptions {
  /** Releases an index the suite is done with; defaults to `index.close()`. */
  dispose?: (index: SearchIndex) => Promise<void>;
  /**
   * How the adapter counts more than EXACT_TOTAL_BOUND matches, for text ranked by relevance and for
   * pages sorted by a field or distance: `exact` (every match counted, totalIsEstimate false; the
   * default) or `estimate` (a lower bound from the bound up, totalIsEstimate true).
   */
  totalsBeyondBound?: { ranked: TotalCounting; sorted: TotalCounting };
}

type TotalCounting = 'exact' | 'estimate';

const upserts = (docs: SearchDocument[]): IndexAction[] => docs.map((document) => ({ type: 'upsert', document }));
const query = (fields: Partial<SearchQuery> = {}): SearchQuery => ({
  environment: 'live', sort: 'relevance', order: 'desc', limit: 50, offset: 0, ...fields,
});
const ids = (result: SearchResult): string[] => result.hits.map((hit) => hit.document.id);
const idSet = (result: SearchResult): string[] => ids(result).sort();
const idsOf = (docs: SearchDocument[]): string[] => docs.map((doc) => doc.id);
const sortedIds = (docs: SearchDocument[]): string[] => idsOf(docs).sort();
const live = (predicate: (doc: SearchDocument) => boolean): SearchDocument[] => liveDocuments.filter(predicate);

/** Expected order by `keys`, all in `order`, then id in `order`: the suite's one sorting rule. */
function ordered(docs: SearchDocument[], order: 'asc' | 'desc', ...keys: ((doc: SearchDocument) => number | string)[]): string[] {
  const sign = order === 'asc' ? 1 : -1;
  const compare = (a: number | string, b: number | string): number => (a < b ? -1 : a > b ? 1 : 0);
  return [...docs]
    .sort((a, b) => {
      for (const key of [...keys, (doc: SearchDocument) => doc.id]) {
        const difference = compare(key(a), key(b));
        if (difference !== 0) return sign * difference;
      }
      return 0;
    })
    .map((doc) => doc.id);
}

function haversineKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = (degrees: number): number => (degrees * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

export function searchIndexContract(
  name: string,
  create: () => Promise<SearchIndex>,
  options: SearchIndexContractOptions = {},
): void {
  const dispose = options.dispose ?? ((index: SearchIndex) => index.close());
  const loaded = async (): Promise<SearchIndex> => {
    const index = await create();
    const { failures } = await index.apply(upserts(searchDocuments));
    expect(failures).toEqual([]);
    return index;
  };

  describe(`SearchIndex contract: ${name}`, () => {
    describe('reading the fixture', () => {
      let index: SearchIndex;
      beforeAll(async () => {
        index = await loaded();
      });
      afterAll(() => dispose(index));

      it('matches inflected forms through stemming: "emergencies" finds the emergency services', async () => {
        expect(idSet(await index.search(query({ text: 'emergencies' })))).toEqual(['biz_aus_dental', 'biz_aus_plumb', 'biz_den_plumb']);
      });

      it('"plumbers" finds every plumbing business, by stemmed text or by category', async () => {
        const result = await index.search(query({ text: 'plumbers' }));
        expect(idSet(result)).toEqual(sortedIds(live((doc) => doc.category === 'Plumbing')));
      });

      it('matches the last word as a prefix: "dent" finds the dental practices', async () => {
        expect(idSet(await index.search(query({ text: 'dent' })))).toEqual(['biz_aus_dental', 'biz_chi_dental', 'biz_den_dental']);
      });

      it('matches complete text (textComplete) by whole words only: "dent" then finds nothing', async () => {
        expect((await index.search(query({ text: 'dent', textComplete: true }))).total).toBe(0);
        expect(idSet(await index.search(query({ text: 'dental', textComplete: true })))).toEqual(['biz_aus_dental', 'biz_chi_dental', 'biz_den_dental']);
      });

      it('ranks the business matching every word first when the last one is still being typed', async () => {
        expect(ids(await index.search(query({ text: 'coffee roas' })))[0]).toBe('biz_den_cafe');
      });

      it('matches the kinds the caller says the words imply in the category text: "pizza" in Austin also finds the taco place, the pizzeria first', async () => {
        const result = await index.search(query({ text: 'pizza', categoryPhrases: ['restaurant'], city: 'Austin' }));
        expect(idSet(result)).toEqual(['biz_aus_pizza', 'biz_aus_taco']);
        expect(ids(result)[0]).toBe('biz_aus_pizza');
      });

      it('searches exclusive content and ignores accents', async () => {
        expect(ids(await index.search(query({ text: 'speakeasy' })))).toEqual(['biz_chi_pizza']);
        expect(ids(await index.search(query({ text: 'jalapeno honey' })))).toEqual(['biz_aus_pizza']);
      });

      it('tells in one lookup which words some business of the environment holds, stemmed and accents folded (typo correction)', async () => {
        expect(index.heldWords).toBeDefined();
        // "speakeasy" is only in a live business, "sandbox" only in test ones; "piza" in none.
        const live = await index.heldWords!('live', ['speakeasy', 'jalapeno', 'pizzas', 'sandbox', 'piza']);
        expect([...live].sort()).toEqual(['jalapeno', 'pizzas', 'speakeasy']);
        expect([...(await index.heldWords!('test', ['speakeasy', 'sandbox']))]).toEqual(['sandbox']);
        expect([...(await index.heldWords!('live', []))]).toEqual([]);
      });

      it('treats query syntax in user text as plain words', async () => {
        const result = await index.search(query({ text: 'plumbing" OR NEAR(* ^ -"' }));
        expect(idSet(result)).toEqual(sortedIds(live((doc) => doc.category === 'Plumbing')));
      });

      it('treats text without letters or digits like no text', async () => {
        const result = await index.search(query({ text: ' "*:() ' }));
        expect(result.total).toBe(liveDocuments.length);
        expect(result.hits.every((hit) => hit.textScore === 0)).toBe(true);
      });

      it('gives every hit its ranking fields, equal to its document\'s (a price only where the document has one)', async () => {
        const { hits } = await index.search(query({ limit: 50 }));
        expect(hits.length).toBeGreaterThan(3);
        for (const hit of hits) expect(hit.fields).toEqual(rankingFieldsOf(hit.document));
        expect(hits.some((hit) => hit.fields.minPrice === undefined)).toBe(true);
        expect(hits.some((hit) => hit.fields.minPrice !== undefined)).toBe(true);
      });

      it('scores text 1 for the best hit, within (0, 1] for the others, 0 without text', async () => {
        const withText = await index.search(query({ text: 'espresso' }));
        expect(withText.hits[0].textScore).toBe(1);
        for (const hit of withText.hits) expect(hit.textScore > 0 && hit.textScore <= 1).toBe(true);
        const withoutText = await index.search(query({ categories: ['Cafes'] }));
        expect(withoutText.hits.map((hit) => hit.textScore)).toEqual(withoutText.hits.map(() => 0));
      });

      it('lets text only filter, with no scores, when the query sorts by a field', async () => {
        const scored = await index.search(query({ text: 'espresso' }));
        const byRating = await index.search(query({ text: 'espresso', sort: 'rating', order: 'desc' }));
        expect(idSet(byRating)).toEqual(idSet(scored));
        expect(byRating.total).toBe(scored.total);
        expect(byRating.hits.length).toBeGreaterThan(0);
        expect(byRating.hits.map((hit) => hit.textScore)).toEqual(byRating.hits.map(() => 0));
        // Without a point a distance sort is relevance order, scores included.
        const distanceWithoutPoint = await index.search(query({ text: 'espresso', sort: 'distance', order: 'desc' }));
        expect(distanceWithoutPoint.hits[0].textScore).toBe(1);
        for (const hit of distanceWithoutPoint.hits) expect(hit.textScore > 0 && hit.textScore <= 1).toBe(true);
      });

      it('filters categories as an any-of list, ignoring case', async () => {
        const result = await index.search(query({ categories: ['DENTAL', 'cafes'] }));
        expect(idSet(result)).toEqual(sortedIds(live((doc) => ['Dental', 'Cafes'].includes(doc.category))));
      });

      it('filters city, state and country ignoring case', async () => {
        expect(idSet(await index.search(query({ city: 'AUSTIN' })))).toEqual(sortedIds(live((doc) => doc.address.city === 'Austin')));
        expect(idSet(await index.search(query({ state: 'co' })))).toEqual(['biz_bou_salon', 'biz_den_cafe', 'biz_den_dental', 'biz_den_pizza', 'biz_den_plumb']);
        expect(ids(await index.search(query({ country: 'ca' })))).toEqual(['biz_tor_cafe']);
        expect(ids(await index.search(query({ city: 'austin', categories: ['hair salons'] })))).toEqual(['biz_aus_salon']);
      });

      it('filters a postal code: case and spaces ignored, a ZIP+4 found by its ZIP', async () => {
        const inZip = (code: string) => live((doc) => doc.address.postalCode.replace(/-\d{4}$/, '') === code);
        expect(inZip('78701').length).toBeGreaterThan(1);
        expect(idSet(await index.search(query({ postalCode: '78701' })))).toEqual(sortedIds(inZip('78701')));
        expect(idSet(await index.search(query({ postalCode: '78701-0001' })))).toEqual(sortedIds(inZip('78701')));
        expect(ids(await index.search(query({ postalCode: 'm5v2t6' })))).toEqual(['biz_tor_cafe']);
        // Combined with text, with a category, and with a point.
        const pizza = new Set(idSet(await index.search(query({ text: 'pizza', limit: 100 }))));
        const pizzaInZip = sortedIds(inZip('78701').filter((doc) => pizza.has(doc.id)));
        expect(pizzaInZip.length).toBeGreaterThan(0);
        expect(idSet(await index.search(query({ postalCode: '78701', text: 'pizza' })))).toEqual(pizzaInZip);
        expect(ids(await index.search(query({ postalCode: '78701', categories: ['hair salons'] })))).toEqual(['biz_aus_salon']);
        expect((await index.search(query({ postalCode: '80202', city: 'Austin' }))).total).toBe(0);
      });

      it('filters verification levels', async () => {
        const result = await index.search(query({ verificationLevels: ['premium', 'certified'] }));
        expect(idSet(result)).toEqual(sortedIds(live((doc) => ['premium', 'certified'].includes(doc.verificationLevel))));
      });

      it('filters maxPrice (documents without a price never match) and minRating', async () => {
        expect(idSet(await index.search(query({ maxPrice: 4 })))).toEqual(
          sortedIds(live((doc) => doc.minPrice !== undefined && doc.minPrice <= 4)),
        );
        expect(idSet(await index.search(query({ minRating: 4.7 })))).toEqual(sortedIds(live((doc) => doc.averageRating >= 4.7)));
      });

      it('filters minReviewCount, alone and with minRating', async () => {
        const counts = [...new Set(liveDocuments.map((doc) => doc.reviewCount))].sort((a, b) => a - b);
        const middle = counts[Math.floor(counts.length / 2)];
        expect(middle).toBeGreaterThan(0);
        const many = live((doc) => doc.reviewCount >= middle);
        expect(many.length).toBeGreaterThan(0);
        expect(many.length).toBeLessThan(liveDocuments.length);
        expect(idSet(await index.search(query({ minReviewCount: middle })))).toEqual(sortedIds(many));
        expect(idSet(await index.search(query({ minReviewCount: middle, minRating: 4.5 })))).toEqual(
          sortedIds(live((doc) => doc.reviewCount >= middle && doc.averageRating >= 4.5)),
        );
      });

      it('keeps environments apart in search, get and count', async () => {
        expect((await index.search(query({ text: 'sandbox' }))).total).toBe(0);
        expect(idSet(await index.search(query({ environment: 'test', text: 'sandbox' })))).toEqual(sortedIds(testDocuments));
        expect((await index.search(query({ environment: 'test', text: 'lone star' }))).total).toBe(0);
        expect((await index.get('test', 'biz_aus_pizza'))?.name).toBe('Slice of Austin Sandbox');
        expect((await index.get('live', 'biz_aus_pizza'))?.name).toBe('Slice of Austin');
        expect(await index.get('test', 'biz_aus_plumb')).toBeNull();
        expect(await index.count('live')).toBe(liveDocuments.length);
        expect(await index.count('test')).toBe(testDocuments.length);
        expect(await index.count()).toBe(searchDocuments.length);
      });

      it('get returns the document as written', async () => {
        expect(await index.get('live', 'biz_chi_pizza')).toEqual(fixtureDocument('biz_chi_pizza'));
        expect(await index.get('live', 'biz_missing')).toBeNull();
      });

      it('keeps only documents within the radius and reports their distance', async () => {
        const result = await index.search(query({ near: { ...DOWNTOWN_AUSTIN, radiusKm: 10 } }));
        expect(idSet(result)).toEqual(['biz_aus_cafe', 'biz_aus_dental', 'biz_aus_pizza', 'biz_aus_plumb', 'biz_aus_taco']);
        for (const hit of result.hits) {
          const exact = haversineKm(DOWNTOWN_AUSTIN, hit.document.coordinates!);
          expect(Math.abs(hit.distanceKm! - exact)).toBeLessThanOrEqual(exact * 0.005 + 0.001);
        }
        const wider = await index.search(query({ near: { ...DOWNTOWN_AUSTIN, radiusKm: 40 } }));
        expect(idSet(wider)).toEqual(sortedIds(live((doc) => ['Austin', 'Round Rock'].includes(doc.address.city) && !!doc.coordinates)));
        expect((await index.search(query({ city: 'Austin' }))).hits.every((hit) => hit.distanceKm === undefined)).toBe(true);
      });

      it('measures every located document with a radius wider than the Earth, beside other filters', async () => {
        // Consumer search does this when the sentence names a place far from the caller.
        const everywhere = { ...DOWNTOWN_AUSTIN, radiusKm: 20_040 };
        expect(idSet(await index.search(query({ near: everywhere })))).toEqual(sortedIds(live((doc) => !!doc.coordinates)));
        const denver = await index.search(query({ near: everywhere, city: 'Denver', text: 'pizza' }));
        expect(ids(denver)).toEqual(['biz_den_pizza']);
        const exact = haversineKm(DOWNTOWN_AUSTIN, denver.hits[0].document.coordinates!);
        expect(exact).toBeGreaterThan(1000);
        expect(Math.abs(denver.hits[0].distanceKm! - exact)).toBeLessThanOrEqual(exact * 0.005);
      });

      it('sorts by distance in both orders', async () => {
        const near = { ...DOWNTOWN_AUSTIN, radiusKm: 40 };
        const expected = ['biz_aus_pizza', 'biz_aus_taco', 'biz_aus_cafe', 'biz_aus_plumb', 'biz_aus_dental', 'biz_aus_salon', 'biz_rr_plumb'];
        expect(ids(await index.search(query({ near, sort: 'distance', order: 'asc' })))).toEqual(expected);
        expect(ids(await index.search(query({ near, sort: 'distance', order: 'desc' })))).toEqual([...expected].reverse());
      });

      it('sorts by text relevance in both orders', async () => {
        const desc = ids(await index.search(query({ text: 'espresso', categoryPhrases: ['cafe'], order: 'desc' })));
        const asc = ids(await index.search(query({ text: 'espresso', categoryPhrases: ['cafe'], order: 'asc' })));
        expect(desc[0]).toBe('biz_chi_cafe');
        expect(asc[asc.length - 1]).toBe('biz_chi_cafe');
        expect([...desc].sort()).toEqual(sortedIds(live((doc) => doc.category === 'Cafes')));
      });

      it.each(['asc', 'desc'] as const)('sorts by aiVisibilityScore %s, and relevance without text does the same', async (order) => {
        const expected = ordered(liveDocuments, order, (doc) => doc.aiVisibilityScore);
        expect(ids(await index.search(query({ sort: 'aiVisibilityScore', order })))).toEqual(expected);
        expect(ids(await index.search(query({ sort: 'relevance', order })))).toEqual(expected);
        expect(ids(await index.search(query({ sort: 'distance', order })))).toEqual(expected);
      });

      it.each(['asc', 'desc'] as const)('sorts by rating %s: average, then review count', async (order) => {
        const expected = ordered(liveDocuments, order, (doc) => doc.averageRating, (doc) => doc.reviewCount);
        expect(ids(await index.search(query({ sort: 'rating', order })))).toEqual(expected);
        const tied = expected.filter((id) => ['biz_aus_pizza', 'biz_chi_salon', 'biz_den_plumb'].includes(id));
        expect(tied).toEqual(order === 'desc' ? ['biz_aus_pizza', 'biz_chi_salon', 'biz_den_plumb'] : ['biz_den_plumb', 'biz_chi_salon', 'biz_aus_pizza']);
      });

      it.each(['asc', 'desc'] as const)('sorts by name %s, ignoring case', async (order) => {
        const result = ids(await index.search(query({ sort: 'name', order })));
        expect(result).toEqual(ordered(liveDocuments, order, (doc) => doc.name.toLowerCase()));
        const around = order === 'asc' ? ['biz_den_pizza', 'biz_tor_cafe', 'biz_den_dental'] : ['biz_den_dental', 'biz_tor_cafe', 'biz_den_pizza'];
        const at = result.indexOf('biz_tor_cafe');
        expect(result.slice(at - 1, at + 2)).toEqual(around);
      });

      it('breaks ties by id in the requested order', async () => {
        const test = (order: 'asc' | 'desc') => index.search(query({ environment: 'test', sort: 'aiVisibilityScore', order }));
        expect(ids(await test('desc'))).toEqual(['biz_test_b', 'biz_test_a', 'biz_aus_pizza']);
        expect(ids(await test('asc'))).toEqual(['biz_aus_pizza', 'biz_test_a', 'biz_test_b']);
      });

      it('pages with limit and offset and reports the total of all matches', async () => {
        const all = ids(await index.search(query({ sort: 'name', order: 'asc' })));
        const page = await index.search(query({ sort: 'name', order: 'asc', limit: 5, offset: 5 }));
        expect(ids(page)).toEqual(all.slice(5, 10));
        expect(page.total).toBe(liveDocuments.length);
        const last = await index.search(query({ sort: 'name', order: 'asc', limit: 5, offset: 15 }));
        expect(ids(last)).toEqual(all.slice(15));
        expect(last.total).toBe(liveDocuments.length);
        const past = await index.search(query({ sort: 'name', order: 'asc', limit: 5, offset: 100 }));
        expect(past).toEqual({ hits: [], total: liveDocuments.length, totalIsEstimate: false });
        const text = await index.search(query({ text: 'plumbing', limit: 2 }));
        expect(text.hits).toHaveLength(2);
        expect(text.total).toBe(live((doc) => doc.category === 'Plumbing').length);
      });

      it('counts the matches of a page of none (how consumer search asks whether a word is held anywhere)', async () => {
        const plumbing = live((doc) => doc.category === 'Plumbing').length;
        for (const sort of ['name', 'relevance'] as const) {
          const none = await index.search(query({ text: 'plumbing', textComplete: true, sort, order: sort === 'name' ? 'asc' : 'desc', limit: 0 }));
          expect(none).toEqual({ hits: [], total: plumbing, totalIsEstimate: false });
        }
        expect(await index.search(query({ text: 'zzyzxnotaword', textComplete: true, sort: 'name', order: 'asc', limit: 0 }))).toEqual({ hits: [], total: 0, totalIsEstimate: false });
      });
    });

    describe('kind filters (categoryKeys) without words', () => {
      // Beside the fixture: a restaurant that is a cafe too, and a cafe at the pizzeria's spot
      // (the same distance: ties go by id).
      const extra = [
        searchDocument({ id: 'biz_aus_bistro', name: 'Bistro Uno', category: 'Restaurants', categoryKeys: ['amenity/restaurant', 'amenity/cafe'], coordinates: { lat: 30.27, lon: -97.745 }, aiVisibilityScore: 76, averageRating: 4.6, reviewCount: 210, verificationLevel: 'verified', minPrice: 9 }),
        searchDocument({ id: 'biz_aus_annex', name: 'Annex Cafe', category: 'Cafes', categoryKeys: ['amenity/cafe'], coordinates: { lat: 30.2669, lon: -97.7428 }, aiVisibilityScore: 82, averageRating: 4.0, reviewCount: 20, verificationLevel: 'none' }),
      ];
      const withExtra = [...liveDocuments, ...extra];
      const ofKinds = (kinds: string[]) => withExtra.filter((doc) => doc.categoryKeys?.some((key) => kinds.includes(key)));
      let index: SearchIndex;
      beforeAll(async () => {
        index = await loaded();
        expect((await index.apply(upserts(extra))).failures).toEqual([]);
      });
      afterAll(() => dispose(index));

      it('lists any of the kinds in a field order, a business of two of them once, with the total', async () => {
        const kinds = ['amenity/cafe', 'amenity/restaurant'];
        const matching = ofKinds(['amenity/cafe', 'amenity/restaurant']);
        for (const order of ['asc', 'desc'] as const) {
          const result = await index.search(query({ categoryKeys: kinds, sort: 'aiVisibilityScore', order }));
          expect(ids(result)).toEqual(ordered(matching, order, (doc) => doc.aiVisibilityScore));
          expect(result.total).toBe(matching.length);
        }
        const page = await index.search(query({ categoryKeys: kinds, sort: 'rating', order: 'desc', limit: 3, offset: 2 }));
        expect(ids(page)).toEqual(ordered(matching, 'desc', (doc) => doc.averageRating, (doc) => doc.reviewCount).slice(2, 5));
        expect(page.total).toBe(matching.length);
      });

      it('with a city and a verification filter, by name', async () => {
        const result = await index.search(query({ categoryKeys: ['amenity/cafe', 'amenity/restaurant'], city: 'Austin', verificationLevels: ['verified'], sort: 'name', order: 'asc' }));
        expect(ids(result)).toEqual(['biz_aus_bistro', 'biz_aus_cafe', 'biz_aus_pizza']);
        expect(result.total).toBe(3);
      });

      it('nearest first around a point, ties by id, paged, with price and verification filters', async () => {
        const near = { ...DOWNTOWN_AUSTIN, radiusKm: 10 };
        const nearest = (fields: Partial<SearchQuery>) => index.search(query({ categoryKeys: ['amenity/cafe', 'amenity/restaurant'], near, sort: 'distance', order: 'asc', ...fields }));
        const all = await nearest({});
        expect(ids(all)).toEqual(['biz_aus_annex', 'biz_aus_pizza', 'biz_aus_bistro', 'biz_aus_taco', 'biz_aus_cafe']);
        expect(all.total).toBe(5);
        const page = await nearest({ limit: 2, offset: 1 });
        expect(ids(page)).toEqual(['biz_aus_pizza', 'biz_aus_bistro']);
        expect(page.total).toBe(5);
        expect(ids(await nearest({ maxPrice: 10 }))).toEqual(['biz_aus_bistro', 'biz_aus_taco', 'biz_aus_cafe']);
        expect(ids(await nearest({ verificationLevels: ['verified', 'premium'] }))).toEqual(['biz_aus_pizza', 'biz_aus_bistro', 'biz_aus_cafe']);
        expect(ids(await nearest({ categoryKeys: ['amenity/dentist'], near: { ...DOWNTOWN_AUSTIN, radiusKm: 1 } }))).toEqual([]);
      });
    });

    openingFilterContract(create, dispose);

    describe('writing', () => {
      let index: SearchIndex;
      beforeEach(async () => {
        index = await loaded();
      });
      afterEach(() => dispose(index));

      it('upsert replaces a document', async () => {
        const renamed = { ...fixtureDocument('biz_aus_taco'), name: 'Nopal Kitchen', servicesText: 'Tamales', tagline: '' };
        expect(await index.apply(upserts([renamed]))).toEqual({ failures: [] });
        expect(ids(await index.search(query({ text: 'tamales' })))).toEqual(['biz_aus_taco']);
        expect((await index.search(query({ text: 'migas' }))).total).toBe(0);
        expect((await index.get('live', 'biz_aus_taco'))?.name).toBe('Nopal Kitchen');
        expect(await index.count('live')).toBe(liveDocuments.length);
      });

      it('matches a US state by name or abbreviation, however the address spells it', async () => {
        const spelledOut = { ...fixtureDocument('biz_den_cafe'), id: 'biz_new_colorado', address: { ...fixtureDocument('biz_den_cafe').address, state: 'Colorado' } };
        expect(await index.apply(upserts([spelledOut]))).toEqual({ failures: [] });
        const colorado = ['biz_bou_salon', 'biz_den_cafe', 'biz_den_dental', 'biz_den_pizza', 'biz_den_plumb', 'biz_new_colorado'];
        for (const state of ['CO', 'co', 'Colorado', 'COLORADO']) {
          expect(idSet(await index.search(query({ state })))).toEqual(colorado);
          expect(idSet(await index.search(query({ state, text: 'coffee' })))).toEqual(['biz_den_cafe', 'biz_new_colorado']);
        }
        // A region outside the US list matches only as written.
        expect(ids(await index.search(query({ state: 'Ontario' })))).toEqual([]);
        expect(ids(await index.search(query({ state: 'on' })))).toEqual(['biz_tor_cafe']);
      });

      it('delete removes a document, and deleting a missing one is no failure', async () => {
        const result = await index.apply([
          { type: 'delete', environment: 'live', id: 'biz_chi_pizza' },
          { type: 'delete', environment: 'live', id: 'biz_never_indexed' },
        ]);
        expect(result).toEqual({ failures: [] });
        expect(await index.get('live', 'biz_chi_pizza')).toBeNull();
        expect((await index.search(query({ text: 'speakeasy' }))).total).toBe(0);
        expect(await index.count('live')).toBe(liveDocuments.length - 1);
        expect(await index.get('test', 'biz_aus_pizza')).not.toBeNull();
      });

      it('reports a malformed document as a failure and still applies the rest of the batch', async () => {
        const good = { ...fixtureDocument('biz_aus_taco'), id: 'biz_new_good', name: 'Good Tamales' };
        const bad = { ...fixtureDocument('biz_aus_taco'), id: 'biz_new_bad', coordinates: { lat: 123, lon: -97.7 } };
        const deleted: IndexAction = { type: 'delete', environment: 'live', id: 'biz_aus_salon' };
        const { failures } = await index.apply([...upserts([good, bad]), deleted]);
        expect(failures.map((failure) => failure.id)).toEqual(['biz_new_bad']);
        expect(failures[0].reason).toEqual(expect.any(String));
        expect(await index.get('live', 'biz_new_good')).toEqual(good);
        expect(await index.get('live', 'biz_new_bad')).toBeNull();
        expect(await index.get('live', 'biz_aus_salon')).toBeNull();
      });

      it('rebuild swaps in the new content while searches keep answering from the old', async () => {
        const replacement = [
          { ...fixtureDocument('biz_aus_taco'), id: 'biz_new_1', name: 'Fresh Tortilleria' },
          { ...fixtureDocument('biz_den_cafe'), id: 'biz_new_2', name: 'Fresh Roastery' },
        ];
        const during: number[] = [];
        await index.rebuild(async (write) => {
          const pizza = query({ text: 'pizza', categoryPhrases: ['restaurant'] });
          during.push((await index.search(pizza)).total);
          const concurrent = index.search(pizza);
          expect(await write(upserts(replacement))).toEqual({ failures: [] });
          during.push((await concurrent).total, (await index.search(pizza)).total);
          expect((await index.search(query({ text: 'fresh' }))).total).toBe(0);
        });
        const before = live((doc) => doc.category === 'Restaurants').length;
        expect(during).toEqual([before, before, before]);
        expect(idSet(await index.search(query({ text: 'fresh' })))).toEqual(['biz_new_1', 'biz_new_2']);
        expect(await index.count()).toBe(2);
        expect(await index.get('live', 'biz_chi_pizza')).toBeNull();
      });

      it('a rebuild that fails leaves the old index in place', async () => {
        const failing = index.rebuild(async (write) => {
          await write(upserts([{ ...fixtureDocument('biz_aus_taco'), id: 'biz_half_built' }]));
          throw new Error('store went away');
        });
        await expect(failing).rejects.toThrow('store went away');
        expect(await index.count()).toBe(searchDocuments.length);
        expect(await index.get('live', 'biz_half_built')).toBeNull();
        expect((await index.search(query({ text: 'speakeasy' }))).total).toBe(1);
      });

      it('live writes made during a rebuild survive the swap and win over the rebuild copies', async () => {
        const stale = fixtureDocument('biz_aus_taco');
        const fresh = { ...stale, name: 'Taco Lab Reloaded', updatedAt: '2025-04-01T00:00:00.000Z' };
        await index.rebuild(async (write) => {
          await index.apply(upserts([fresh]));
          await index.apply([{ type: 'delete', environment: 'live', id: 'biz_chi_pizza' }]);
          // The rebuild read the store before those writes: its copies are older.
          await write(upserts([stale, fixtureDocument('biz_chi_pizza'), fixtureDocument('biz_den_cafe')]));
        });
        expect((await index.get('live', 'biz_aus_taco'))?.name).toBe('Taco Lab Reloaded');
        expect(await index.get('live', 'biz_chi_pizza')).toBeNull();
        expect(await index.count()).toBe(2);
      });
    });

    describe('counting beyond EXACT_TOTAL_BOUND matches', () => {
      // More bakeries than the bound, plus three dentists: a count below the bound is always exact.
      const extra = 25;
      const bakeries = Array.from({ length: EXACT_TOTAL_BOUND + extra }, (_, i) => {
        const n = String(i).padStart(5, '0');
        return searchDocument({ id: `bulk_${n}`, name: `Bulk Bakery ${n}`, category: 'Bakeries', description: 'Sourdough loaves baked daily.' });
      });
      const dentists = ['bulk_dent_1', 'bulk_dent_2', 'bulk_dent_3'].map((id) => searchDocument({ id, name: `Dentist ${id}`, category: 'Dental' }));
      let index: SearchIndex;
      beforeAll(async () => {
        index = await create();
        const { failures } = await index.apply(upserts([...bakeries, ...dentists]));
        expect(failures).toEqual([]);
      }, 120_000);
      afterAll(() => dispose(index));

      const expectTotalBeyondBound = (result: SearchResult, kind: 'ranked' | 'sorted'): void => {
        if ((options.totalsBeyondBound?.[kind] ?? 'exact') === 'exact') {
          expect(result).toMatchObject({ total: EXACT_TOTAL_BOUND + extra, totalIsEstimate: false });
        } else {
          expect(result.totalIsEstimate).toBe(true);
          expect(result.total).toBeGreaterThanOrEqual(EXACT_TOTAL_BOUND);
          expect(result.total).toBeLessThanOrEqual(EXACT_TOTAL_BOUND + extra);
        }
      };

      it('counts a small result exactly, saying so', async () => {
        expect(await index.search(query({ categories: ['dental'] }))).toMatchObject({ total: 3, totalIsEstimate: false });
        expect(await index.search(query({ text: 'sourdough', categories: ['dental'] }))).toMatchObject({ total: 0, totalIsEstimate: false });
      });

      it('reports a large result as the adapter counts it, with the page still in order', async () => {
        const byName = await index.search(query({ categories: ['bakeries'], sort: 'name', order: 'asc', limit: 3 }));
        expectTotalBeyondBound(byName, 'sorted');
        expect(ids(byName)).toEqual(['bulk_00000', 'bulk_00001', 'bulk_00002']);
        const lastByName = await index.search(query({ categories: ['bakeries'], sort: 'name', order: 'desc', limit: 2 }));
        expect(ids(lastByName)).toEqual([`bulk_${EXACT_TOTAL_BOUND + extra - 1}`, `bulk_${EXACT_TOTAL_BOUND + extra - 2}`]);
        const byText = await index.search(query({ text: 'sourdough', limit: 5 }));
        expectTotalBeyondBound(byText, 'ranked');
        expect(byText.hits).toHaveLength(5);
        const near = await index.search(query({ categories: ['bakeries'], near: { ...DOWNTOWN_AUSTIN, radiusKm: 5 }, sort: 'distance', order: 'asc', limit: 2 }));
        expectTotalBeyondBound(near, 'sorted');
        expect(near.hits).toHaveLength(2);
      });
    });
  });
}
