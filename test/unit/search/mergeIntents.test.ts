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
      categories: ['cafes'],
      serviceTerms: [],
      // The model is not asked for the words that named a kind of place: the sentence's stay searched.
      categoryWords: ['lunch'],
      place: { city: 'Austin', state: 'TX' },
      when: { openNow: false },
      price: { cheap: true, maxAmount: 15, currency: 'USD' },
    });
  });

  it('maps model categories onto the canonical list and keeps unknown ones as service terms', () => {
    const merged = mergeIntents(rules, { terms: [], categories: ['Pizza', 'Restaurant', 'escape rooms'], serviceTerms: ['pizza'] });
    expect(merged.categories).toEqual(['restaurants']);
    expect(merged.serviceTerms).toEqual(['pizza', 'escape rooms']);
  });

  it('keeps the categories the sentence named (the rules\' reading); the model\'s categories only widen', () => {
    const named = parseIntentByRules('dentist near me');
    const merged = mergeIntents(named, { terms: [], categories: ['dental', 'medical'], serviceTerms: [] });
    expect(merged.categories).toEqual(['dental', 'medical']);
    expect(merged.namedCategories).toEqual(['dental']);
    // A category only the model read into a purpose names nothing.
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
