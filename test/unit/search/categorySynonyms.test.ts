import {
  CANONICAL_CATEGORIES,
  CATEGORY_SYNONYMS,
  canonicalCategory,
  categoryFilterValues,
  categorySynonymRules,
  matchSynonym,
  namedCategoryFilterValues,
} from '../../../src/domain/search/categorySynonyms';

describe('category filter values', () => {
  it('adds the category another word stands for and every word for it, and keeps the value as written', () => {
    expect(categoryFilterValues('Dentists')).toEqual(['Dentists', 'dental', 'dentist', 'orthodontist']);
    // The category's own name stays a single value (the embedded index's fast path).
    expect(categoryFilterValues('dental')).toEqual(['dental']);
    expect(categoryFilterValues('Restaurants')).toEqual(['Restaurants']);
    // A dish is not a category name: category=pizza stays a literal category.
    expect(categoryFilterValues('pizza')).toEqual(['pizza']);
    expect(categoryFilterValues('Quilting')).toEqual(['Quilting']);
  });
});

describe('named category filter values', () => {
  it('lists each named category with every word for its kind, dishes and services left out', () => {
    expect(namedCategoryFilterValues(['dental'])).toEqual(['dental', 'dentist', 'orthodontist']);
    expect(namedCategoryFilterValues(['bakeries', 'cafes'])).toEqual([
      'bakeries', 'bakery', 'patisserie', 'bakeshop', 'cafes', 'cafe', 'café', 'coffee shop', 'coffeehouse', 'coffee house', 'tea house', 'tea room',
    ]);
  });

  it('a purpose sent as the request\'s category still filters to its category', () => {
    expect(categoryFilterValues('breakfast')).toEqual(expect.arrayContaining(['breakfast', 'restaurants', 'restaurant', 'diner']));
  });

  it('tells names from purposes and services', () => {
    expect(matchSynonym('dentists')).toEqual({ category: 'dental', kind: 'category' });
    expect(matchSynonym('breakfast')).toEqual({ category: 'restaurants', kind: 'purpose' });
    expect(matchSynonym('pizza')).toEqual({ category: 'restaurants', kind: 'service' });
  });
});

describe('category synonyms', () => {
  it.each([
    ['pizza', 'restaurants'],
    ['Sushi', 'restaurants'],
    ['burgers', 'restaurants'],
    ['tacos', 'restaurants'],
    ['brunch', 'restaurants'],
    ['food', 'restaurants'],
    ['coffee', 'cafes'],
    ['espresso', 'cafes'],
    ['plumbers', 'plumbing'],
    ['leak', 'plumbing'],
    ['drain', 'plumbing'],
    ['dentist', 'dental'],
    ['teeth', 'dental'],
    ['haircut', 'hair salons'],
    ['barber', 'hair salons'],
    ['vet', 'veterinary'],
    ['mechanic', 'auto repair'],
    ['oil change', 'auto repair'],
    ['oil-change', 'auto repair'],
    ['bakeries', 'bakeries'],
    ['Hair Salons', 'hair salons'],
  ])('maps %j to %j', (word, category) => {
    expect(canonicalCategory(word)).toBe(category);
  });

  it('returns undefined for words that are not categories', () => {
    expect(canonicalCategory('vegan')).toBeUndefined();
    expect(canonicalCategory('')).toBeUndefined();
  });

  it('tells category names from service terms', () => {
    expect(matchSynonym('plumber')).toEqual({ category: 'plumbing', kind: 'category' });
    expect(matchSynonym('pizza')).toEqual({ category: 'restaurants', kind: 'service' });
  });

  it('covers about twenty categories, each listed once', () => {
    expect(CANONICAL_CATEGORIES.length).toBeGreaterThanOrEqual(20);
    expect(new Set(CANONICAL_CATEGORIES).size).toBe(CANONICAL_CATEGORIES.length);
  });

  it('maps no word to two different categories', () => {
    const owner = new Map<string, string>();
    for (const { category, names, services } of CATEGORY_SYNONYMS) {
      for (const word of [...names, ...services]) {
        expect({ word, category: owner.get(word) ?? category }).toEqual({ word, category });
        owner.set(word, category);
      }
    }
  });

  it('produces one explicit-mapping synonym rule per category for the search engine', () => {
    const rules = categorySynonymRules();
    expect(rules).toHaveLength(CANONICAL_CATEGORIES.length);
    expect(rules[0]).toMatch(/^restaurant, .*food, .*breakfast, .*pizza, .* => restaurants$/);
    for (const rule of rules) expect(rule).toMatch(/^[^=]+ => [a-z ]+$/);
  });
});
