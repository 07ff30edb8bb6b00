// The category taxonomy (OpenStreetMap tagging schema + our additions) and how labels and the
// words of a search meet it. Every expected key below was looked up by hand in the schema's
// presets (dist/presets.json) or in categoryAdditions.json.
import { categoryKeysOf, categoryFieldsOf, indexedCategory } from '../../../src/domain/categories/canonicalCategory';
import { categoryPhrase } from '../../../src/domain/categories/categoryPhrase';
import { buildTaxonomy, categoryTaxonomy, withBroaderKinds } from '../../../src/domain/categories/taxonomy';
import { kindsNamedIn, matchCategoryWords, namedKindFilter, requestCategoryFilter } from '../../../src/domain/search/categoryWords';

describe('category phrases', () => {
  it('compares labels whatever their case, plural, accents, ampersands and punctuation', () => {
    expect(categoryPhrase('Hair Salons')).toBe('hair salon');
    expect(categoryPhrase('Coffee & Tea')).toBe('coffee and tea');
    expect(categoryPhrase('home-services')).toBe('home service');
    expect(categoryPhrase('CAFÉS')).toBe('cafe');
    expect(categoryPhrase("Women's Clothing")).toBe('woman clothing');
    expect(categoryPhrase('Glass')).toBe('glass');
  });
});

describe('the taxonomy', () => {
  it('names its source and our additions in its version', () => {
    expect(categoryTaxonomy().version).toMatch(/^id-tagging-schema@\d+\.\d+\.\d+\+additions\.\d+$/);
  });

  it('keeps the schema\'s business presets and leaves out what nobody does business with', () => {
    const { kinds } = categoryTaxonomy();
    expect(kinds.get('amenity/dentist')?.name).toBe('Dentist');
    expect(kinds.get('craft/plumber')?.name).toBe('Plumber');
    expect(kinds.has('leisure/fitness_station/rings')).toBe(false);
    expect(kinds.has('amenity/toilets')).toBe(false);
    expect(kinds.has('highway/motorway')).toBe(false);
  });

  it('knows each kind\'s broader kind, from the key or from our additions', () => {
    expect(withBroaderKinds(['amenity/restaurant/pizza'])).toEqual(['amenity/restaurant/pizza', 'amenity/restaurant']);
    expect(withBroaderKinds(['healthcare/dentist/orthodontics'])).toEqual(['healthcare/dentist/orthodontics', 'amenity/dentist']);
    expect(withBroaderKinds(['shop/coffee'])).toEqual(['shop/coffee']);
  });

  it('builds from any schema files: names, aliases and terms, minus dropped terms', () => {
    const taxonomy = buildTaxonomy(
      { 'shop/bakery': { geometry: ['point'] }, 'shop/bakery/vegan': { geometry: ['point'] }, 'highway/stop': { geometry: ['vertex'] } },
      {
        'shop/bakery': { name: 'Bakery', aliases: ['Bake Shop'], terms: ['bread', 'cakes'] },
        'shop/bakery/vegan': { name: 'Vegan Bakery' },
        'highway/stop': { name: 'Stop Sign' },
      },
      { version: 7, exclude: [], parents: {}, kinds: { 'shop/bakery': { names: ['boulangerie'], dropTerms: ['cakes'] } } },
      '1.0.0',
    );
    expect(taxonomy.version).toBe('id-tagging-schema@1.0.0+additions.7');
    expect([...taxonomy.kinds.keys()]).toEqual(['shop/bakery', 'shop/bakery/vegan']);
    expect(taxonomy.kinds.get('shop/bakery/vegan')?.parent).toBe('shop/bakery');
    expect(taxonomy.names.get('bake shop')).toEqual(['shop/bakery']);
    expect(taxonomy.names.get('boulangerie')).toEqual(['shop/bakery']);
    expect(taxonomy.terms.get('bread')).toEqual(['shop/bakery']);
    expect(taxonomy.terms.has('cake')).toBe(false);
  });
});

describe('an owner\'s label -> taxonomy keys', () => {
  it.each([
    ['Dentists', ['amenity/dentist']],
    ['dental clinic', ['amenity/dentist']],
    ['Coffee Shop', ['amenity/cafe/coffee_shop']],
    ['coffee', ['amenity/cafe/coffee_shop']],
    ['Pizza Restaurant', ['amenity/restaurant/pizza']],
    ['barbershop', ['shop/hairdresser/barber']],
    ['Veterinarians', ['amenity/veterinary']],
    ['Hair Salons', ['shop/hairdresser']],
    ['Bakery & Cafe', ['shop/bakery', 'amenity/cafe']],
    ['Plumbing & Heating', ['craft/plumber', 'craft/hvac']],
    ["Joe's Auto Repair", ['shop/car_repair']],
    ['CPA', ['office/accountant']],
    ['Realtor', ['office/estate_agent']],
    ['Tattoo', ['shop/tattoo']],
  ])('%s -> %j', (label, keys) => {
    expect(categoryKeysOf(label)).toEqual(keys);
  });

  it('gives a label the taxonomy does not know no key', () => {
    expect(categoryKeysOf('home-services')).toEqual([]);
    expect(categoryKeysOf('Quilting Circle')).toEqual([]);
    expect(categoryKeysOf('   ')).toEqual([]);
  });

  it('stores the keys with the version they come from', () => {
    expect(categoryFieldsOf('Dentists')).toEqual({ categoryKeys: ['amenity/dentist'], categoryTaxonomy: categoryTaxonomy().version });
  });

  it('indexes the keys with their broader kinds and those kinds\' names', () => {
    expect(indexedCategory(['amenity/restaurant/pizza'])).toEqual({
      categoryKeys: ['amenity/restaurant/pizza', 'amenity/restaurant'],
      categoryNames: ['Pizza Restaurant', 'Restaurant'],
    });
    expect(indexedCategory([])).toEqual({ categoryKeys: [], categoryNames: [] });
  });
});

describe('the words of a search -> kinds', () => {
  it('tells a name of the kind (filters) from a search term (implies)', () => {
    expect(matchCategoryWords('dentists')).toEqual({ keys: ['amenity/dentist'], kind: 'name' });
    expect(matchCategoryWords('vet')).toEqual({ keys: ['amenity/veterinary'], kind: 'name' });
    expect(matchCategoryWords('coffee shop')).toEqual({ keys: ['amenity/cafe/coffee_shop'], kind: 'name' });
    // Orthodontists list "tooth" too, but they are dentists: the broad kind covers them.
    expect(matchCategoryWords('tooth')).toEqual({ keys: ['amenity/dentist'], kind: 'term' });
    // Every cuisine inherits "breakfast"; our additions say which kinds it means.
    expect(matchCategoryWords('breakfast')).toEqual({ keys: ['amenity/restaurant', 'amenity/cafe'], kind: 'term' });
    // The schema lists pizza among an Italian restaurant's terms too.
    expect(matchCategoryWords('pizza')).toEqual({ keys: ['amenity/restaurant/italian', 'amenity/restaurant/pizza'], kind: 'term' });
  });

  it('leaves a term of many kinds a plain word, and a label-only word unnamed', () => {
    // "dog" is a term of animal boarding, breeding, shelters, pet shops, groomers...
    expect(matchCategoryWords('dog')).toBeUndefined();
    // "coffee" is an owner's label for a coffee shop, but a sentence's "coffee" is sold by bakeries too.
    expect(matchCategoryWords('coffee')?.kind).not.toBe('name');
  });

  it('filters a named kind together with the kinds related to it', () => {
    expect(namedKindFilter(['amenity/cafe/coffee_shop'])).toEqual(['amenity/cafe/coffee_shop', 'amenity/cafe', 'shop/coffee']);
    expect(namedKindFilter(['craft/plumber'])).toEqual(['craft/plumber']);
  });

  it('reads a request\'s category as its kinds, or as the label when the taxonomy does not know it', () => {
    expect(requestCategoryFilter('dentist')).toEqual({ categoryKeys: ['amenity/dentist'] });
    expect(requestCategoryFilter('Coffee Shops')).toEqual({ categoryKeys: ['amenity/cafe/coffee_shop', 'amenity/cafe', 'shop/coffee'] });
    expect(requestCategoryFilter('home-services')).toEqual({ categories: ['home-services'] });
  });

  it('finds the kinds a listing query names, longest phrase first', () => {
    expect(kindsNamedIn('emergency plumber')).toEqual(['craft/plumber']);
    expect(kindsNamedIn('coffee shop downtown')).toEqual(['amenity/cafe/coffee_shop']);
    expect(kindsNamedIn('sourdough')).toEqual([]);
  });
});
