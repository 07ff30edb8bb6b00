import { parseIntentByRules } from '../../src/domain/search/intent';
import { CANDIDATE_POOL, planConsumerSearch, WHOLE_EARTH_KM } from '../../src/services/search/searchPlan';

const NOW = new Date('2026-11-22T15:30:00Z');
const plan = (query: string, extra: Record<string, unknown> = {}) =>
  planConsumerSearch('live', { query, limit: 10, offset: 0, ...extra }, parseIntentByRules(query), NOW).indexQuery;

it('searches around the request location with the default 50 km radius', () => {
  expect(plan('vegan lunch', { location: { lat: 30.27, lon: -97.74 } }).near).toEqual({ lat: 30.27, lon: -97.74, radiusKm: 50 });
  expect(plan('vegan lunch', { location: { lat: 30.27, lon: -97.74, distance: '5mi' } }).near?.radiusKm).toBeCloseTo(8.047, 2);
});

it('turns "in Austin, TX" into city and state filters when no coordinates are given', () => {
  expect(plan('tacos in Austin, TX')).toMatchObject({ city: 'Austin', state: 'TX' });
});

it('turns a ZIP code into a postal code filter', () => {
  expect(plan('dentist in 10001')).toMatchObject({ postalCode: '10001' });
  expect(plan('dentist in 10001')).not.toHaveProperty('city');
});

it('searches around the city centre for "near downtown Denver"', () => {
  const query = plan('brunch near downtown Denver');
  expect(query.near).toMatchObject({ radiusKm: 25 });
  expect(query.near?.lat).toBeCloseTo(39.74, 1);
  expect(query.city).toBeUndefined();
});

describe('a place named in the sentence and a request location', () => {
  const austin = { lat: 30.27, lon: -97.74, distance: '10km' };
  const full = (query: string) => planConsumerSearch('live', { query, limit: 10, offset: 0, location: austin }, parseIntentByRules(query), NOW);

  it('filters by the named place and measures distances from the caller without a radius', () => {
    const seattle = full('dentist in Seattle');
    expect(seattle.indexQuery).toMatchObject({ city: 'Seattle', state: 'WA', near: { lat: 30.27, lon: -97.74, radiusKm: WHOLE_EARTH_KM } });
    // No circle was searched (nothing to widen); ranking keeps the request's radius as its distance scale.
    expect(seattle.radiusKm).toBeUndefined();
    expect(seattle.rankingRadiusKm).toBe(10);
    expect(full('dentist in 10001').indexQuery).toMatchObject({ postalCode: '10001', near: { radiusKm: WHOLE_EARTH_KM } });
  });

  it('searches around a city centre named with "near", not around the caller', () => {
    const denver = full('brunch near downtown Denver');
    expect(denver.indexQuery.near).toMatchObject({ radiusKm: 25 });
    expect(denver.indexQuery.near?.lat).toBeCloseTo(39.74, 1);
    expect(denver).toMatchObject({ radiusKm: 25, rankingRadiusKm: 25 });
  });

  it('keeps the caller\'s circle when the place names nowhere (a model\'s {near: "the mall"})', () => {
    const intent = { ...parseIntentByRules('coffee'), place: { near: 'the mall' } };
    const unresolved = planConsumerSearch('live', { query: 'coffee near the mall', limit: 10, offset: 0, location: austin }, intent, NOW);
    expect(unresolved.indexQuery.near).toEqual({ lat: 30.27, lon: -97.74, radiusKm: 10 });
    expect(unresolved.radiusKm).toBe(10);
  });

  it('searches around the caller when the sentence names no place', () => {
    expect(full('brunch')).toMatchObject({ indexQuery: { near: { lat: 30.27, lon: -97.74, radiusKm: 10 } }, radiusKm: 10, rankingRadiusKm: 10 });
  });
});

it('maps price and quality words to filters', () => {
  expect(plan('lunch under $20')).toMatchObject({ maxPrice: 20 });
  expect(plan('verified plumber').verificationLevels).toEqual(['verified', 'premium', 'certified']);
  expect(plan('dentist with more than 100 reviews')).toMatchObject({ minReviewCount: 101 });
});

it('sorts by relevance with text and nearest first without', () => {
  expect(plan('pizza', { location: { lat: 1, lon: 1 } })).toMatchObject({ sort: 'relevance', order: 'desc' });
  expect(plan('open now', { location: { lat: 1, lon: 1 } })).toMatchObject({ sort: 'distance', order: 'asc' });
});

it('asks the index for the candidate pool, or for every result up to the page when that is deeper', () => {
  expect(plan('pizza', { limit: 10, offset: 0 }).limit).toBe(CANDIDATE_POOL);
  expect(plan('pizza', { limit: 10, offset: 0 }).offset).toBe(0);
  expect(plan('pizza', { limit: 50, offset: CANDIDATE_POOL }).limit).toBe(CANDIDATE_POOL + 50);
});

it('asks the index for the time conditions, at the moment of the search', () => {
  expect(plan('tacos open now').opening).toEqual({ at: '2026-11-22T15:30:00.000Z', openNow: true });
  expect(plan('dentist open late on Saturday').opening).toEqual({ at: '2026-11-22T15:30:00.000Z', day: 'saturday', late: true });
  expect(plan('tacos').opening).toBeUndefined();
});

describe('the category filter', () => {
  it('filters to the kinds the sentence names, with their related kinds', () => {
    expect(plan('dentist near me')).toMatchObject({ categoryKeys: ['amenity/dentist'] });
    expect(plan('dentist near me')).not.toHaveProperty('categories');
    expect(plan('bakery or cafe').categoryKeys).toEqual(['shop/bakery', 'amenity/cafe', 'shop/coffee']);
    expect(plan('coffee shop').categoryKeys).toEqual(['amenity/cafe/coffee_shop', 'amenity/cafe', 'shop/coffee']);
  });

  it('leaves nothing to match as text when the sentence asks only for kinds it named: the nearest come first', () => {
    const dentists = plan('dentist near me', { location: { lat: 30.27, lon: -97.74 } });
    expect(dentists).not.toHaveProperty('text');
    expect(dentists).not.toHaveProperty('categoryPhrases');
    expect(dentists.sort).toBe('distance');
    expect(plan('bakery or cafe')).not.toHaveProperty('text');
    // Other words are still matched, the kind's name with them (it ranks the kind first).
    expect(plan('vegan restaurant in Austin')).toMatchObject({ text: 'vegan restaurant', categoryPhrases: ['restaurant'], categoryKeys: ['amenity/restaurant'] });
    expect(plan('breakfast at a diner')).toMatchObject({ text: 'breakfast diner', categoryPhrases: ['restaurant', 'cafe'] });
    // With the request's category the sentence's kind is only text again.
    expect(plan('dentist near me', { category: 'veterinary' })).toMatchObject({
      text: 'dentist dentistry dental tooth toothache filling crown cavity', categoryPhrases: ['dentist'], categoryKeys: ['amenity/veterinary'],
    });
  });

  it('does not filter to a kind only implied by a search term, but searches its category text', () => {
    expect(plan('breakfast near me')).not.toHaveProperty('categoryKeys');
    // The broader kind too: the other restaurants are found, marked as not a match unless they mention pizza.
    expect(plan('pizza')).toMatchObject({ text: 'pizza', categoryPhrases: ['italian restaurant', 'restaurant', 'pizza restaurant'] });
    expect(plan('pizza')).not.toHaveProperty('categoryKeys');
  });

  it("lets the request's category win over the one the sentence names, as kinds or, unknown to the taxonomy, as a label", () => {
    expect(plan('dentist near me', { category: 'veterinary' }).categoryKeys).toEqual(['amenity/veterinary']);
    expect(plan('breakfast near me', { category: 'restaurants' }).categoryKeys).toEqual(['amenity/restaurant']);
    expect(plan('plumber', { category: 'home-services' })).toMatchObject({ categories: ['home-services'] });
  });
});
