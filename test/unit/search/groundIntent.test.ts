import { groundModelIntent, MAX_MODEL_TERMS } from '../../../src/domain/search/groundIntent';
import { parseIntentByRules, type SearchIntent } from '../../../src/domain/search/intent';
import { understandQuery } from '../../../src/services/search/understandQuery';
import type { LanguageModel } from '../../../src/ports/llm';

const answer = (extra: Partial<SearchIntent>): SearchIntent => ({ terms: [], categories: ['restaurants'], serviceTerms: ['pizza'], ...extra });
const ground = (query: string, extra: Partial<SearchIntent>) => groundModelIntent(query, parseIntentByRules(query), answer(extra));

describe('groundModelIntent', () => {
  it('drops a place the sentence does not name, so it cannot replace the caller\'s location', () => {
    expect(ground('pizza', { place: { city: 'Houston', state: 'TX', postalCode: '77002' } }).place).toBeUndefined();
    expect(ground('pizza in Austin', { place: { city: 'Atlantis', state: 'ZZ' } }).place).toBeUndefined();
  });

  it('keeps a place the sentence names, with the state of that city', () => {
    expect(ground('pizza in austin', { place: { city: 'Austin', state: 'TX' } }).place).toEqual({ city: 'Austin', state: 'TX' });
    expect(ground('pizza near downtown Denver', { place: { near: 'downtown Denver' } }).place).toEqual({ near: 'downtown Denver' });
    expect(ground('dentist 10001', { place: { postalCode: '10001' } }).place).toEqual({ postalCode: '10001' });
    expect(ground('pizzería en Nueva York', { place: { city: 'New York', state: 'NY' } }).place).toEqual({ city: 'New York', state: 'NY' });
  });

  it('drops a state the sentence does not support, and reads "in" as a word', () => {
    expect(ground('pizza in Austin', { place: { city: 'Austin', state: 'IN' } }).place).toEqual({ city: 'Austin' });
    expect(ground('pizza in Portland, ME', { place: { city: 'Portland', state: 'ME' } }).place).toEqual({ city: 'Portland', state: 'ME' });
  });

  it('trusts the model\'s translation of a sentence in a non-Latin script', () => {
    expect(ground('サンフランシスコの寿司', { place: { city: 'San Francisco', state: 'CA' } }).place).toEqual({ city: 'San Francisco', state: 'CA' });
  });

  it('drops price, rating and review limits that are not written in the sentence', () => {
    const invented = ground('pizza', { price: { cheap: true, maxAmount: 0.01 }, quality: { minRating: 5, minReviews: 100000, verifiedOnly: true } });
    expect(invented.price).toEqual({ cheap: true });
    expect(invented.quality).toEqual({ verifiedOnly: true });
    const stated = ground('pizza under $20 rated 4.5 with more than 100 reviews', { price: { maxAmount: 20 }, quality: { minRating: 4.5, minReviews: 101 } });
    expect(stated.price).toEqual({ maxAmount: 20 });
    expect(stated.quality).toEqual({ minRating: 4.5, minReviews: 101 });
  });

  it('keeps a landmark made only of generic words when the sentence holds all of them', () => {
    expect(ground('coffee near Central Park', { place: { near: 'Central Park' } }).place).toEqual({ near: 'Central Park' });
    expect(ground('coffee near the lake', { place: { near: 'Central Park' } }).place).toBeUndefined();
  });

  it('caps the search words the model may add', () => {
    const many = Array.from({ length: 20 }, (_, i) => `word${i}`);
    const grounded = ground('pizza', { terms: many, serviceTerms: many });
    expect(grounded.terms).toHaveLength(MAX_MODEL_TERMS);
    expect(grounded.serviceTerms).toHaveLength(MAX_MODEL_TERMS);
  });

  it('is applied by understandQuery: an invented place leaves the rules\' reading', async () => {
    const llm: LanguageModel = { extractIntent: async () => answer({ place: { city: 'Springfield', state: 'IL' } }), summarise: async () => '' };
    const result = await understandQuery('pizza in Austin', llm);
    expect(result.source).toBe('llm');
    expect(result.intent.place).toEqual({ city: 'Austin', state: 'TX' });
  });
});
