import { MAX_TERMS, searchTerms } from '../../../src/domain/search/searchTerms';

describe('searchTerms', () => {
  it('keeps lowercase letters and digits only, so FTS5 syntax never survives', () => {
    expect(searchTerms('Plumbing" OR NEAR(pipes, 5) * ^col:x').words).toEqual(['plumbing', 'near', 'pipes', '5', 'col']);
  });

  it('drops the English stop words Elasticsearch drops, lone letters and duplicates', () => {
    expect(searchTerms("the best pizza in Joe's pizza place").words).toEqual(['best', 'pizza', 'joe', 'place']);
  });

  it('keeps letters outside ASCII and digits on their own', () => {
    expect(searchTerms('Café Olé 24 7').words).toEqual(['café', 'olé', '24', '7']);
  });

  it('marks the last word as a prefix only when it is at least three characters long', () => {
    expect(searchTerms('emergency plu')).toEqual({ words: ['emergency', 'plu'], lastIsPrefix: true });
    expect(searchTerms('emergency pl').lastIsPrefix).toBe(false);
    expect(searchTerms('').lastIsPrefix).toBe(false);
  });

  it('returns no words for text without letters or digits', () => {
    expect(searchTerms(' "*:() - ').words).toEqual([]);
  });

  it(`caps a query at ${MAX_TERMS} words`, () => {
    const text = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    expect(searchTerms(text).words).toHaveLength(MAX_TERMS);
  });
});
