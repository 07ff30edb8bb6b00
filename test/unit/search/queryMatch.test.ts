// Whether a result is what the sentence asked for: hand-written documents, one rule per test.
import { parseIntentByRules } from '../../../src/domain/search/intent';
import { createQueryMatcher } from '../../../src/domain/search/queryMatch';
import { rankingFieldsOf, type SearchDocument } from '../../../src/ports/searchIndex';
import { searchDocument } from '../../fixtures/searchDocument';

const candidate = (document: SearchDocument) => ({ document, fields: rankingFieldsOf(document) });
const matches = (query: string, document: SearchDocument) => createQueryMatcher(parseIntentByRules(query))(candidate(document));

describe('createQueryMatcher', () => {
  it('matches a dish only where the profile mentions it, not by the category the dish implies', () => {
    expect(matches('ramen near me', searchDocument({ id: 'a', name: 'Noodle Bar', servicesText: 'Spicy miso ramen bowls' }))).toBe(true);
    expect(matches('ramen near me', searchDocument({ id: 'b', name: 'Slice House', description: 'Pizza by the slice' }))).toBe(false);
  });

  it('matches any one of several things asked for, in plural or with accents', () => {
    expect(matches('vegan tacos', searchDocument({ id: 'a', name: 'Taqueria', description: 'Fresh taco every day' }))).toBe(true);
    expect(matches('cafe creme', searchDocument({ id: 'b', name: 'Le Café', category: 'bars', description: 'Crème brûlée' }))).toBe(true);
  });

  it('matches a kind of place by its listing or by the word', () => {
    const bakery = searchDocument({ id: 'a', name: 'Early Loaf', category: 'Bakeries', description: 'A breakfast menu from 7am' });
    const steakhouse = searchDocument({ id: 'b', name: 'Prime Cut', category: 'Restaurants', description: 'Steaks' });
    const vet = searchDocument({ id: 'c', name: 'Paws Clinic', category: 'veterinary', description: 'dental care for pets' });
    expect(matches('breakfast near me', bakery)).toBe(true);
    expect(matches('breakfast near me', steakhouse)).toBe(true);
    expect(matches('dentist', vet)).toBe(false);
    // The category's own word counts when mentioned: a bar "between the restaurants" is about them.
    const bar = searchDocument({ id: 'd', name: 'Corner Bar', category: 'bars', description: 'Cocktails between the restaurants of 6th Street' });
    expect(matches('restaurants near me', bar)).toBe(true);
    expect(matches('restaurants near me', searchDocument({ id: 'e', name: 'Pipe Pros', category: 'plumbing', description: 'Leaks fixed' }))).toBe(false);
  });

  it('takes every result as a match when nothing widened the search, without reading documents', () => {
    const unread = {
      fields: rankingFieldsOf(searchDocument({ id: 'a', name: 'Anything' })),
      get document(): SearchDocument {
        throw new Error('read');
      },
    };
    expect(createQueryMatcher(parseIntentByRules('open now near me'))(unread)).toBe(true);
    // "speakeasy" implies no category: the index found the result by that word.
    expect(createQueryMatcher(parseIntentByRules('speakeasy'))(unread)).toBe(true);
  });
});
