import { correctSpelling, editDistance, spellingSuggestions } from '../../../src/domain/search/spelling';

const corrected = (query: string) => correctSpelling(query, spellingSuggestions(query))?.text;

describe('editDistance', () => {
  it.each([
    ['pizza', 'pizza', 0],
    ['piza', 'pizza', 1],
    ['coffe', 'coffee', 1],
    ['sundya', 'sunday', 1], // two neighbours swapped count once
    ['resturant', 'restaurant', 1],
    ['sunday', 'monday', 2],
  ])('%s -> %s is %i', (a, b, expected) => {
    expect(editDistance(a, b, 5)).toBe(expected);
  });

  it('stops at the limit', () => {
    expect(editDistance('plumber', 'dentist', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});

describe('spellingSuggestions and correctSpelling', () => {
  it('answers a word it has seen before the same way (the closest word is remembered)', () => {
    expect(spellingSuggestions('piza near sundya')).toEqual([{ word: 'piza', suggestion: 'pizza' }, { word: 'sundya', suggestion: 'sunday' }]);
    expect(spellingSuggestions('sundya piza')).toEqual([{ word: 'sundya', suggestion: 'sunday' }, { word: 'piza', suggestion: 'pizza' }]);
  });

  it.each([
    ['piza in chicago', 'pizza in chicago'],
    ['resturant austin', 'restaurant austin'],
    ['plumbr open sundy', 'plumber open sunday'],
    ['coffe in seatle', 'coffee in seattle'],
    ['cincinatti dentist', 'cincinnati dentist'],
    ['electrcian', 'electrician'],
  ])('%s -> %s', (query, expected) => {
    expect(corrected(query)).toBe(expected);
  });

  it('prefers a word for what is wanted over a place name at the same distance: "salom" is salon, not Salem', () => {
    expect(spellingSuggestions('hair salom')).toEqual([{ word: 'salom', suggestion: 'salon' }]);
  });

  it('keeps everything it does not replace as typed: case, punctuation, numbers', () => {
    expect(corrected('Piza near 78701, Austin TX!')).toBe('pizza near 78701, Austin TX!');
    expect(correctSpelling('Piza in Chicgo', spellingSuggestions('Piza in Chicgo'))?.corrections).toEqual([
      { from: 'Piza', to: 'pizza' },
      { from: 'Chicgo', to: 'chicago' },
    ]);
  });

  it('suggests nothing for known words, their plurals, filler words, short words, numbers or far-off words', () => {
    expect(spellingSuggestions('best pizza tacos plumbers bakeries in austin open now')).toEqual([]);
    expect(spellingSuggestions('find me places')).toEqual([]);
    expect(spellingSuggestions('bbq pho 24h 10001')).toEqual([]);
    expect(spellingSuggestions('kowalski asdfghjkl')).toEqual([]);
  });

  it('reads query syntax as text: a word before a colon and quoted words are never corrected', () => {
    // "name" and "gmae" are one edit from "game", "piza" from "pizza": as syntax or quoted text they stay.
    expect(spellingSuggestions('name:pizza')).toEqual([]);
    expect(spellingSuggestions('gmae : pizza')).toEqual([]);
    expect(spellingSuggestions('categry: piza')).toEqual([{ word: 'piza', suggestion: 'pizza' }]);
    expect(spellingSuggestions('"piza" in chicgo')).toEqual([{ word: 'chicgo', suggestion: 'chicago' }]);
    expect(spellingSuggestions('\u201cpiza palace\u201d')).toEqual([]);
    expect(spellingSuggestions("'piza palace' in chicgo")).toEqual([{ word: 'chicgo', suggestion: 'chicago' }]);
    // Apostrophes inside words quote nothing.
    expect(spellingSuggestions("joe's piza and mike's")).toEqual([{ word: 'piza', suggestion: 'pizza' }]);
  });

  it('suggests once per word, and the caller picks which suggestions apply', () => {
    const suggestions = spellingSuggestions('vegan piza, piza');
    expect(suggestions).toEqual([
      { word: 'vegan', suggestion: 'vegas' },
      { word: 'piza', suggestion: 'pizza' },
    ]);
    // A word the index holds ("vegan") is no typo: the caller drops its suggestion.
    expect(correctSpelling('vegan piza, piza', suggestions.slice(1))?.text).toBe('vegan pizza, pizza');
    expect(correctSpelling('vegan piza', [])).toBeUndefined();
    // "tree" and "free" are both words of the taxonomy now; a typo of a longer word still gets its suggestion.
    expect(spellingSuggestions('gluten free bakry')).toEqual([{ word: 'bakry', suggestion: 'bakery' }]);
  });
});
