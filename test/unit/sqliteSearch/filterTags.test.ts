import Database from 'better-sqlite3';
import { documentTags, queryTagClauses, tagToken } from '../../../src/adapters/sqlite/search/filterTags';
import { fixtureDocument } from '../../fixtures/searchDocuments';

describe('filter tags', () => {
  it('spell a value the same whatever its case or surrounding spaces', () => {
    expect(tagToken('city', ' AUSTIN ')).toBe(tagToken('city', 'austin'));
    expect(tagToken('city', 'austin')).toBe('xc097117115116105110');
  });

  it('never give two different values or kinds the same token', () => {
    const tokens = [
      tagToken('city', 'ab'), tagToken('city', 'a b'), tagToken('city', 'ab '), tagToken('state', 'ab'),
      tagToken('category', 'hair salons'), tagToken('category', 'hair-salons'), tagToken('city', 'zürich'),
    ];
    expect(new Set(tokens).size).toBe(tokens.length - 1); // 'ab ' trims to 'ab'
  });

  it('survive the FTS5 porter tokenizer as one unchanged token', () => {
    const db = new Database(':memory:');
    db.exec(`CREATE VIRTUAL TABLE t USING fts5(tags, tokenize = 'porter unicode61 remove_diacritics 2');
             CREATE VIRTUAL TABLE v USING fts5vocab(t, 'row');`);
    const tags = documentTags({ ...fixtureDocument('biz_aus_salon'), address: { ...fixtureDocument('biz_aus_salon').address, city: 'Zürich' } });
    db.prepare('INSERT INTO t (tags) VALUES (?)').run(tags);
    expect((db.prepare('SELECT term FROM v').pluck().all() as string[]).sort()).toEqual(tags.split(' ').sort());
    db.close();
  });

  it('turn the equality filters of a query into one clause each, any-of lists as ORs', () => {
    const clauses = queryTagClauses({
      environment: 'live', sort: 'relevance', order: 'desc', limit: 10, offset: 0,
      categories: ['Dental', 'dental', 'Cafes'], state: 'TX', verificationLevels: ['verified'],
    });
    expect(clauses).toEqual([
      `("${tagToken('category', 'dental')}" OR "${tagToken('category', 'cafes')}")`,
      // A US state matches by abbreviation or name (stateKeywords).
      `("${tagToken('state', 'tx')}" OR "${tagToken('state', 'texas')}")`,
      `"${tagToken('verification', 'verified')}"`,
    ]);
  });
});
