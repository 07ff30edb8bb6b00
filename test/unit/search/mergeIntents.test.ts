import { parseIntentByRules } from '../../../src/domain/search/intent';
import { mergeIntents } from '../../../src/domain/search/mergeIntents';

describe('mergeIntents', () => {
  const rules = parseIntentByRules('cheap vegan lunch in Austin open now');

  it('keeps what the rules found when the model leaves a field out', () => {
    expect(mergeIntents(rules, { terms: [], categories: [], serviceTerms: [] })).toEqual(rules);
  });

  it('keeps the rules\' "near me" reading, which the model is not asked for', () => {
    const nearMe = parseIntentByRules('sushi near me');
    expect(mergeIntents(nearMe, { terms: [], categories: ['restaurants'], serviceTerms: ['sushi'] }).nearby).toBe(true);
    expect(mergeIntents(rules, { terms: [], categories: [], serviceTerms: [] }).nearby).toBeUndefined();
  });

  it('lets the model\'s values win field by field', () => {
    const merged = mergeIntents(rules, {
      terms: ['plant-based'],
      categories: ['cafes'],
      serviceTerms: [],
      price: { maxAmount: 15, currency: 'USD' },
      when: { openNow: false },
    });
    expect(merged).toEqual({
      terms: ['plant-based'],
      categories: ['amenity/cafe'],
      // The model gave no service terms: the sentence's stay searched.
      serviceTerms: ['lunch'],
      place: { city: 'Austin', state: 'TX' },
      when: { openNow: false },
      price: { cheap: true, maxAmount: 15, currency: 'USD' },
    });
  });

  it('maps the model\'s kinds onto the taxonomy and keeps unknown ones as service terms', () => {
    const merged = mergeIntents(rules, { terms: [], categories: ['Pizza', 'Restaurant', 'escape rooms', 'quilting circles'], serviceTerms: ['pizza'] });
    // "pizza" is a search term of pizza and Italian restaurants; "escape room" the name of leisure/escape_game.
    expect(merged.categories).toEqual(['amenity/restaurant/italian', 'amenity/restaurant/pizza', 'amenity/restaurant', 'leisure/escape_game']);
    expect(merged.serviceTerms).toEqual(['pizza', 'quilting circles']);
  });

  it('keeps the categories the sentence named (the rules\' reading); the model\'s categories only widen', () => {
    const named = parseIntentByRules('dentist near me');
    const merged = mergeIntents(named, { terms: [], categories: ['dentist', 'urgent care'], serviceTerms: [] });
    expect(merged.categories).toEqual(['amenity/dentist', 'amenity/clinic']);
    expect(merged.namedCategories).toEqual(['amenity/dentist']);
    // A kind only the model read into the sentence names nothing.
    expect(mergeIntents(rules, { terms: [], categories: ['restaurants'], serviceTerms: [] }).namedCategories).toBeUndefined();
  });

  it('normalises the model\'s place: state names to abbreviations, known cities to their spelling', () => {
    const merged = mergeIntents(parseIntentByRules('tacos'), {
      terms: [],
      categories: [],
      serviceTerms: [],
      place: { city: 'san antonio', state: 'Texas' },
    });
    expect(merged.place).toEqual({ city: 'San Antonio', state: 'TX' });
    const cityOnly = mergeIntents(parseIntentByRules('tacos'), { terms: [], categories: [], serviceTerms: [], place: { city: 'denver' } });
    expect(cityOnly.place).toEqual({ city: 'Denver', state: 'CO' });
  });
});
