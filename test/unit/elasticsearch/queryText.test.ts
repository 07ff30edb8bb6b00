import { MAX_TERMS, queryText } from '../../../src/adapters/elasticsearch/queryText';

describe('queryText', () => {
  it('keeps letters and digits only, lowercased and deduplicated', () => {
    expect(queryText('Plumbing" OR NEAR(* ^ -" plumbing 24/7')).toEqual({ text: 'plumbing near 24 7', prefix: undefined });
  });

  it('makes the last word a prefix once it has three characters', () => {
    expect(queryText('coffee roas')).toEqual({ text: 'coffee roas', prefix: 'roas' });
    expect(queryText('pizza tx')).toEqual({ text: 'pizza tx' });
  });

  it('drops stop words and lone letters, so text made only of them is no text', () => {
    expect(queryText("joe's pizza in the city")).toEqual({ text: 'joe pizza city', prefix: 'city' });
    expect(queryText('the and of')).toBeNull();
    expect(queryText(' "*:() ')).toBeNull();
    expect(queryText(undefined)).toBeNull();
  });

  it('keeps accents for the analysers to fold, and caps the number of words', () => {
    expect(queryText('Jalapeño')).toEqual({ text: 'jalapeño', prefix: 'jalapeño' });
    const many = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    expect(queryText(many)?.text.split(' ')).toHaveLength(MAX_TERMS);
  });
});
