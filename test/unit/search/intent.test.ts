import { asksForNothing, parseIntentByRules, type SearchIntent } from '../../../src/domain/search/intent';

type Expected = Partial<SearchIntent>;

// Each row: a sentence a consumer might type, and the parts of the intent it must produce.
// Fields not listed in `expected` are not checked by that row.
const EXAMPLES: Array<[string, Expected]> = [
  ['vegan lunch in Austin', { terms: ['vegan'], categories: ['amenity/restaurant'], serviceTerms: ['lunch'], place: { city: 'Austin', state: 'TX' } }],
  ['pizza', { terms: [], categories: ['amenity/restaurant/italian', 'amenity/restaurant/pizza'], serviceTerms: ['pizza'] }],
  ['sushi near me', { categories: ['amenity/restaurant/sushi'], serviceTerms: ['sushi'], place: undefined, nearby: true }],
  ['best burgers in Austin, TX', { categories: ['amenity/fast_food/burger'], serviceTerms: ['burgers'], place: { city: 'Austin', state: 'TX' }, quality: { best: true } }],
  ['tacos in austin tx', { serviceTerms: ['tacos'], place: { city: 'Austin', state: 'TX' } }],
  ['coffee near downtown Denver', { categories: ['amenity/cafe', 'shop/coffee'], serviceTerms: ['coffee'], place: { city: 'Denver', state: 'CO', near: 'downtown Denver' } }],
  ['espresso around Chicago IL', { categories: ['amenity/cafe', 'shop/coffee'], place: { city: 'Chicago', state: 'IL', near: 'Chicago IL' } }],
  ['plumber for a leaking pipe', { categories: ['craft/plumber'], namedCategories: ['craft/plumber'], serviceTerms: ['leaking', 'pipe'], terms: [] }],
  ['emergency plumber open now', { terms: ['emergency'], categories: ['craft/plumber'], when: { openNow: true } }],
  ['drain cleaning in Houston', { categories: ['craft/plumber'], serviceTerms: ['drain cleaning'], place: { city: 'Houston', state: 'TX' } }],
  ['dentist open on Sunday', { categories: ['amenity/dentist'], when: { day: 'sunday' } }],
  ['teeth cleaning', { categories: ['amenity/dentist'], serviceTerms: ['teeth cleaning'] }],
  ['barber open sundays', { categories: ['shop/hairdresser/barber'], when: { day: 'sunday' } }],
  ['haircut open on sat', { categories: ['shop/hairdresser'], serviceTerms: ['haircut'], when: { day: 'saturday' } }],
  ['vet open late', { categories: ['amenity/veterinary'], when: { late: true } }],
  ['late night tacos', { serviceTerms: ['tacos'], when: { late: true } }],
  ['24 hours pharmacy', { categories: ['amenity/pharmacy'], when: { allDay: true } }],
  ['brunch on the weekend', { categories: ['amenity/restaurant', 'amenity/cafe'], terms: [], when: { weekend: true } }],
  ['hardware store open weekends morning', { terms: [], namedCategories: ['shop/hardware'], when: { weekend: true, openAt: '09:00' } }],
  ['bar open saturday weekend', { when: { day: 'saturday' } }],
  ['bar this weekend tonight', { terms: [], when: { weekend: true } }],
  ['24/7 locksmith', { terms: [], namedCategories: ['shop/locksmith'], when: { allDay: true } }],
  ['gym open 24 hours a day', { categories: ['leisure/fitness_centre'], terms: [], when: { allDay: true } }],
  ['round the clock vet on sunday', { when: { allDay: true, day: 'sunday' } }],
  ['late night 24h diner', { categories: ['amenity/restaurant'], when: { allDay: true, late: true } }],
  ['mechanic open today', { categories: ['shop/car_repair'], terms: [], when: { relativeDay: 'today' } }],
  ['dinner open tonight', { categories: ['amenity/restaurant'], terms: [], when: { relativeDay: 'tonight' } }],
  ['drinks tonight until 2am', { terms: [], serviceTerms: ['drinks'], when: { relativeDay: 'tonight', openUntil: '02:00' } }],
  ['coffee open at 6:30 am tomorrow', { serviceTerms: ['coffee'], terms: [], when: { relativeDay: 'tomorrow', openAt: '06:30' } }],
  ['pizza open at 11pm', { serviceTerms: ['pizza'], terms: [], when: { openAt: '23:00' } }],
  ['bar open until 2am', { categories: ['amenity/bar'], terms: [], when: { openUntil: '02:00' } }],
  ['sushi after 9 p.m.', { serviceTerms: ['sushi'], terms: [], when: { openUntil: '21:00' } }],
  ['lunch at noon', { terms: [], when: { openAt: '12:00' } }],
  ['open until midnight', { terms: [], when: { openUntil: '00:00' } }],
  ['dentist open Saturday morning', { categories: ['amenity/dentist'], terms: [], when: { day: 'saturday', openAt: '09:00' } }],
  ['tomorrow night pizza', { terms: [], when: { relativeDay: 'tomorrow', openAt: '21:00' } }],
  ['brunch on Sunday tomorrow', { when: { day: 'sunday' } }],
  ['tacos at 5th street', { terms: ['5th', 'street'], when: undefined }],
  ['open at 13pm', { terms: [], when: undefined }],
  ['mechanic for an oil change', { categories: ['shop/car_repair'], serviceTerms: ['oil change'] }],
  ['cheap oil change', { serviceTerms: ['oil change'], price: { cheap: true } }],
  ['affordable dentist', { categories: ['amenity/dentist'], price: { cheap: true } }],
  ['inexpensive ramen', { serviceTerms: ['ramen'], price: { cheap: true } }],
  ['budget hotel in Las Vegas', { categories: ['tourism/hotel'], price: { cheap: true }, place: { city: 'Las Vegas', state: 'NV' } }],
  ['haircut under $20', { serviceTerms: ['haircut'], price: { maxAmount: 20, currency: 'USD' } }],
  ['massage less than 15 dollars', { categories: ['shop/massage'], price: { maxAmount: 15, currency: 'USD' } }],
  ['brunch below €30', { categories: ['amenity/restaurant', 'amenity/cafe'], price: { maxAmount: 30, currency: 'EUR' } }],
  ['pizza $15 or less', { price: { maxAmount: 15, currency: 'USD' } }],
  ['manicure under 25', { categories: ['shop/beauty/nails'], price: { maxAmount: 25 } }],
  ['coffee within 5 km', { categories: ['amenity/cafe', 'shop/coffee'], terms: [], price: undefined }],
  ['coffee under 2 miles', { terms: [], price: undefined }],
  ['top rated sushi', { quality: { best: true } }],
  ['highly rated electrician', { categories: ['craft/electrician'], quality: { best: true } }],
  ['4+ stars thai food', { serviceTerms: ['thai', 'food'], categories: ['amenity/restaurant/thai', 'amenity/food_court', 'amenity/restaurant'], quality: { minRating: 4 } }],
  ['bakery with 4.5 stars', { categories: ['shop/bakery'], quality: { minRating: 4.5 } }],
  ['bbq rated 4 or higher', { categoryWords: ['bbq'], namedCategories: ['amenity/restaurant/barbecue'], quality: { minRating: 4 } }],
  ['5 star hotel', { categories: ['tourism/hotel'], quality: { minRating: 4.5, best: true } }],
  ['dentist with more than 100 reviews', { categories: ['amenity/dentist'], terms: [], quality: { minReviews: 101 } }],
  ['pizza with at least 50 reviews', { serviceTerms: ['pizza'], terms: [], quality: { minReviews: 50 } }],
  ['coffee 200+ reviews', { serviceTerms: ['coffee'], terms: [], quality: { minReviews: 200 } }],
  ['bars with 1,000 reviews or more', { categories: ['amenity/bar'], terms: [], quality: { minReviews: 1000 } }],
  ['4 stars and over 20 reviews', { quality: { minRating: 4, minReviews: 21 } }],
  ['plumber under 50 reviews', { categories: ['craft/plumber'], price: undefined }],
  ['verified plumber', { categories: ['craft/plumber'], quality: { verifiedOnly: true } }],
  ['licensed electrician in Texas', { categories: ['craft/electrician'], quality: { verifiedOnly: true }, place: { state: 'TX' } }],
  ['lawyer in New York City', { categories: ['office/lawyer'], place: { city: 'New York', state: 'NY' } }],
  ['pizza in NYC', { place: { city: 'New York', state: 'NY' } }],
  ['bagels in st. louis', { categories: ['shop/bakery'], place: { city: 'St. Louis', state: 'MO' } }],
  ['yoga in Salt Lake City', { categories: ['leisure/fitness_centre/yoga'], categoryWords: ['yoga'], place: { city: 'Salt Lake City', state: 'UT' } }],
  ['gym in Kansas City', { categories: ['leisure/fitness_centre'], place: { city: 'Kansas City', state: 'MO' } }],
  ['movers in Seattle, Washington', { categories: ['office/moving_company'], place: { city: 'Seattle', state: 'WA' } }],
  ['florist in Washington', { categories: ['shop/florist'], place: { state: 'WA' } }],
  ['museum cafe in Washington, DC', { place: { city: 'Washington', state: 'DC' } }],
  ['coffee shop in Portland, or', { categories: ['amenity/cafe/coffee_shop'], place: { city: 'Portland', state: 'OR' } }],
  ['lobster in Portland, ME', { terms: [], serviceTerms: ['lobster'], place: { city: 'Portland', state: 'ME' } }],
  ['bakery in Smallville', { place: { city: 'Smallville' } }],
  ['bakery in Smallville, KS', { place: { city: 'Smallville', state: 'KS' } }],
  ['tacos in brooklyn, ny', { serviceTerms: ['tacos'], terms: [], place: { city: 'Brooklyn', state: 'NY' } }],
  ['brunch in park slope ny', { terms: [], place: { city: 'Park Slope', state: 'NY' } }],
  ['tacos in brooklyn', { terms: [], place: { city: 'Brooklyn', state: 'NY' } }],
  // GeoNames knows Williamsburg (Brooklyn's, the largest): a place after "in" now, no longer a word.
  ['tacos in williamsburg', { terms: [], place: { city: 'Williamsburg', state: 'NY' } }],
  ['sushi in bulk ok', { terms: ['bulk', 'ok'], place: undefined }],
  ['dinner in a hurry', { categories: ['amenity/restaurant'], terms: ['hurry'], place: undefined }],
  ['buffalo wings', { terms: ['buffalo', 'wings'], serviceTerms: [], place: undefined }],
  ['wings in Buffalo', { place: { city: 'Buffalo', state: 'NY' } }],
  ['pizza austin', { place: { city: 'Austin', state: 'TX' } }],
  ['downtown austin brunch', { place: { city: 'Austin', state: 'TX', near: 'downtown austin' } }],
  ['new york style pizza', { place: undefined, terms: ['york', 'style'] }],
  ['Where can I find good gluten-free bread?', { terms: ['gluten-free'], categories: ['shop/bakery'], serviceTerms: ['bread'] }],
  ["Joe's tacos in San Antonio", { terms: ['joe'], place: { city: 'San Antonio', state: 'TX' } }],
  ['HAIR SALON IN DALLAS', { categories: ['shop/hairdresser'], place: { city: 'Dallas', state: 'TX' } }],
  ['kid friendly restaurants', { terms: ['kid', 'friendly'], categories: ['amenity/restaurant'] }],
];

describe('parseIntentByRules', () => {
  it.each(EXAMPLES)('understands %j', (query, expected) => {
    const intent = parseIntentByRules(query);
    for (const [key, value] of Object.entries(expected)) {
      expect({ [key]: intent[key as keyof SearchIntent] }).toEqual({ [key]: value });
    }
  });

  it('understands a sentence that combines every kind of phrase', () => {
    expect(parseIntentByRules('cheap top rated vegan sushi open now near downtown Denver under $30 verified')).toEqual({
      terms: ['vegan'],
      categories: ['amenity/restaurant/sushi'],
      serviceTerms: ['sushi'],
      place: { city: 'Denver', state: 'CO', near: 'downtown Denver' },
      when: { openNow: true },
      price: { maxAmount: 30, currency: 'USD', cheap: true },
      quality: { best: true, verifiedOnly: true },
    });
  });

  it('leaves out the optional parts when the query says nothing about them', () => {
    expect(parseIntentByRules('vegan')).toEqual({ terms: ['vegan'], categories: [], serviceTerms: [] });
  });

  it('keeps each category and term once', () => {
    const intent = parseIntentByRules('pizza pizza restaurant vegan Vegan');
    expect(intent.categories).toEqual(['amenity/restaurant/italian', 'amenity/restaurant/pizza']);
    expect(intent.serviceTerms).toEqual(['pizza']);
    expect(intent.categoryWords).toEqual(['pizza restaurant']);
    expect(intent.terms).toEqual(['vegan']);
  });

  it('reads "in LA" as Los Angeles; Louisiana by name or after a city', () => {
    expect(parseIntentByRules('yoga studio in LA').place).toEqual({ city: 'Los Angeles', state: 'CA' });
    expect(parseIntentByRules('tacos in la').place).toEqual({ city: 'Los Angeles', state: 'CA' });
    expect(parseIntentByRules('crawfish in Louisiana').place).toEqual({ state: 'LA' });
    expect(parseIntentByRules('jazz bar in New Orleans, LA').place).toEqual({ city: 'New Orleans', state: 'LA' });
    expect(parseIntentByRules('la taqueria').place).toBeUndefined();
  });

  it('reads a five-digit number or a ZIP+4 as a ZIP code, with its preposition', () => {
    expect(parseIntentByRules('dentist in 10001')).toEqual({ terms: [], categories: ['amenity/dentist'], categoryWords: ['dentist'], namedCategories: ['amenity/dentist'], serviceTerms: [], place: { postalCode: '10001' } });
    expect(parseIntentByRules('hvac repair near 78701-1234')).toEqual({ terms: ['repair'], categories: ['craft/hvac'], categoryWords: ['hvac'], namedCategories: ['craft/hvac'], serviceTerms: [], place: { postalCode: '78701-1234' } });
    expect(parseIntentByRules('coffee in Austin 78701').place).toEqual({ city: 'Austin', state: 'TX', postalCode: '78701' });
    expect(parseIntentByRules('plumber 94103 open now')).toMatchObject({ place: { postalCode: '94103' }, when: { openNow: true } });
    expect(parseIntentByRules('vet near zip code 60601')).toEqual({ terms: [], categories: ['amenity/veterinary'], categoryWords: ['vet'], namedCategories: ['amenity/veterinary'], serviceTerms: [], place: { postalCode: '60601' } });
    expect(parseIntentByRules('vet in zip 60601').terms).toEqual([]);
    // Fewer or more digits are not a ZIP code.
    expect(parseIntentByRules('open 24 hours 7-eleven').place).toBeUndefined();
    expect(parseIntentByRules('bakery 123456').place).toBeUndefined();
  });

  it("knows New York's boroughs, and keeps word-like names as words without a preposition", () => {
    expect(parseIntentByRules('restaurants in brooklyn')).toEqual({
      terms: [], categories: ['amenity/restaurant'], categoryWords: ['restaurants'], namedCategories: ['amenity/restaurant'], serviceTerms: [], place: { city: 'Brooklyn', state: 'NY' },
    });
    expect(parseIntentByRules('bars in the bronx').place).toEqual({ city: 'Bronx', state: 'NY' });
    expect(parseIntentByRules('queens nail salon').place).toBeUndefined();
    expect(parseIntentByRules('boulder climbing gym').place).toBeUndefined();
    expect(parseIntentByRules('climbing gym boulder co').place).toEqual({ city: 'Boulder', state: 'CO' });
  });

  it('does not take an ambiguous lower-case state abbreviation for a state', () => {
    expect(parseIntentByRules('pizza in Denver or Boulder').place).toEqual({ city: 'Denver', state: 'CO' });
    expect(parseIntentByRules('pizza in Denver, CO').place).toEqual({ city: 'Denver', state: 'CO' });
  });

  it("consumes a lower-case ambiguous abbreviation that is the city's own state and ends the query", () => {
    expect(parseIntentByRules('plumber open sunday in denver co')).toEqual({
      terms: [], categories: ['craft/plumber'], categoryWords: ['plumber'], namedCategories: ['craft/plumber'], serviceTerms: [], place: { city: 'Denver', state: 'CO' }, when: { day: 'sunday' },
    });
    expect(parseIntentByRules('coffee portland or')).toEqual({
      terms: [], categories: ['amenity/cafe', 'shop/coffee'], serviceTerms: ['coffee'], place: { city: 'Portland', state: 'OR' },
    });
    // Another state's abbreviation, or one with words after it, stays a word.
    expect(parseIntentByRules('bakery in denver la').place).toEqual({ city: 'Denver', state: 'CO' });
    expect(parseIntentByRules('bakery in denver la').terms).toEqual(['la']);
    expect(parseIntentByRules('pizza in portland or seattle')).toMatchObject({ terms: ['seattle'], place: { city: 'Portland', state: 'OR' } });
  });

  describe('a kind named by its name filters; one implied by a search term widens', () => {
    it('"dentist near me" names dentists', () => {
      expect(parseIntentByRules('dentist near me')).toEqual({
        terms: [], categories: ['amenity/dentist'], categoryWords: ['dentist'], namedCategories: ['amenity/dentist'], serviceTerms: [], nearby: true,
      });
    });

    it('"breakfast near me" only implies restaurants and cafes: a search term names no kind', () => {
      expect(parseIntentByRules('breakfast near me')).toEqual({
        terms: [], categories: ['amenity/restaurant', 'amenity/cafe'], serviceTerms: ['breakfast'], nearby: true,
      });
    });

    it('"vegan restaurant in Austin" names restaurants and keeps vegan as a term', () => {
      expect(parseIntentByRules('vegan restaurant in Austin')).toEqual({
        terms: ['vegan'], categories: ['amenity/restaurant'], categoryWords: ['restaurant'], namedCategories: ['amenity/restaurant'], serviceTerms: [],
        place: { city: 'Austin', state: 'TX' },
      });
    });

    it('keeps two named categories, in the order typed ("bakery or cafe")', () => {
      expect(parseIntentByRules('bakery or cafe').namedCategories).toEqual(['shop/bakery', 'amenity/cafe']);
    });

    it('a dish, a service or a word that also means something else does not name the kind', () => {
      expect(parseIntentByRules('pizza near me').namedCategories).toBeUndefined();
      expect(parseIntentByRules('oil change').namedCategories).toBeUndefined();
      expect(parseIntentByRules('garage door repair').namedCategories).toBeUndefined();
      expect(parseIntentByRules('nightlife in austin').namedCategories).toBeUndefined();
      // A longer name wins over the word inside it: a sushi bar is a sushi restaurant, a dry cleaner no cleaning service.
      expect(parseIntentByRules('sushi bar near me').namedCategories).toEqual(['amenity/restaurant/sushi']);
      expect(parseIntentByRules('dry cleaner').namedCategories).toEqual(['shop/dry_cleaning']);
      // A noun beside a search term: only the noun filters.
      expect(parseIntentByRules('lunch at a diner')).toMatchObject({ categories: ['amenity/restaurant'], namedCategories: ['amenity/restaurant'] });
      expect(parseIntentByRules('teeth cleaning')).toMatchObject({ categories: ['amenity/dentist'], serviceTerms: ['teeth cleaning'] });
      expect(parseIntentByRules('teeth cleaning').namedCategories).toBeUndefined();
    });
  });

  it('reads thousands separators and decimal commas in prices', () => {
    expect(parseIntentByRules('wedding flowers under $1,500').price).toEqual({ maxAmount: 1500, currency: 'USD' });
    expect(parseIntentByRules('lunch under €12,50').price).toEqual({ maxAmount: 12.5, currency: 'EUR' });
  });

  it('returns an empty intent for an empty or filler-only query', () => {
    expect(parseIntentByRules('')).toEqual({ terms: [], categories: [], serviceTerms: [] });
    expect(parseIntentByRules('please show me some good places')).toEqual({ terms: [], categories: [], serviceTerms: [] });
  });
});

describe('asksForNothing', () => {
  it.each(['the', '*', '🍕', '?!', 'near me', 'what is there', '— … —'])('"%s" names nothing to look for', (query) => {
    expect(asksForNothing(parseIntentByRules(query))).toBe(true);
  });

  it.each(['vegan', 'dentist', 'pizza', 'open now', 'cheap', 'best', 'austin', 'in 78701'])('"%s" asks for something (a word, kind, condition or place)', (query) => {
    expect(asksForNothing(parseIntentByRules(query))).toBe(false);
  });
});
