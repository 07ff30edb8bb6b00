// Golden tests: each query's SQL is checked against searchPlan.golden.json. When a plan changes on
// purpose, review the new SQL and update the file (the diff is the review).
import { generationTables } from '../../../src/adapters/sqlite/search/indexTables';
import { searchPlan } from '../../../src/adapters/sqlite/search/searchPlan';
import type { SearchQuery } from '../../../src/ports/searchIndex';
import golden from './searchPlan.golden.json';

const tables = generationTables(3);

describe('searchPlan', () => {
  it.each(golden.map((entry) => [entry.name, entry] as const))('%s', (_, entry) => {
    expect(searchPlan(entry.query as SearchQuery, tables)).toEqual(entry.plan);
  });

  it('never puts user text into the SQL, only into the bound MATCH parameter', () => {
    const plan = searchPlan(
      { environment: 'live', text: `'); DROP TABLE x; --`, sort: 'relevance', order: 'desc', limit: 10, offset: 0 },
      tables,
    );
    expect(plan.pageSql).not.toMatch(/DROP|x;/);
    expect(plan.params.match).toBe('("drop" OR "table"*)');
  });

  it('fences the text off the tags column only when a word could be a tag token', () => {
    const match = (text: string) => searchPlan({ environment: 'live', text, sort: 'relevance', order: 'desc', limit: 10, offset: 0 }, tables).params.match;
    expect(match('tacos xg')).toBe('(- {tags} : ("tacos" OR "xg"))');
    expect(match('tacos')).toBe('("tacos"*)');
  });

  describe('with given phrase counts (the bm25_given extension)', () => {
    const plan = (query: Partial<SearchQuery>) =>
      searchPlan({ environment: 'live', sort: 'relevance', order: 'desc', limit: 10, offset: 0, ...query } as SearchQuery, tables, { givenPhraseCounts: true });
    const count = 'SELECT COUNT(*) FROM search_fts_live_g3 WHERE search_fts_live_g3 MATCH ?';

    it('scores with bm25_given and lists the text phrases to count, in MATCH order, tag phrases left out', () => {
      const scored = plan({ text: 'vegan tacos', categoryPhrases: ['mexican restaurant'], categories: ['Restaurants'], near: { lat: 30.27, lon: -97.74, radiusKm: 5 } });
      // The radius is checked on the documents row, so the row's length comes from there too.
      expect(scored.pageSql).toContain('-bm25_given(search_fts_live_g3, @phraseCounts, d.token_count, 4, 3, 2, 1.5, 1, 1, 0)');
      expect(scored.pageSql).not.toContain('bm25(');
      expect(scored.params.match).toMatch(/^\("vegan" OR "tacos"\* OR category : "mexican restaurant"\) AND \(tags : /);
      expect(scored.phraseCounts).toEqual({ sql: count, phrases: ['"vegan"', '"tacos"*', 'category : "mexican restaurant"'] });
    });

    it('leaves the row length to FTS5 when ranking by text alone reads no documents row', () => {
      const textOnly = plan({ text: 'vegan tacos' });
      expect(textOnly.pageSql).toContain('-bm25_given(search_fts_live_g3, @phraseCounts, NULL, 4, 3, 2, 1.5, 1, 1, 0)');
      expect(textOnly.pageSql).not.toContain('search_documents');
    });

    it('counts fenced phrases fenced, as bm25() counts them', () => {
      expect(plan({ text: 'tacos xg', categoryPhrases: ['mexican restaurant'] }).phraseCounts).toEqual({
        sql: count,
        phrases: ['- {tags} : ("tacos")', '- {tags} : ("xg")', '- {tags} : (category : "mexican restaurant")'],
      });
    });

    it('asks for no counts when the text only filters under a field sort', () => {
      const filtered = plan({ text: 'tacos', sort: 'rating' });
      expect(filtered.phraseCounts).toBeUndefined();
      expect(filtered.pageSql).not.toContain('bm25');
    });

    it('is the same plan as with bm25() but for the score', () => {
      const query = { text: 'vegan tacos', maxPrice: 20 };
      const { phraseCounts, ...given } = plan(query);
      expect(phraseCounts).toBeDefined();
      const builtin = searchPlan({ environment: 'live', sort: 'relevance', order: 'desc', limit: 10, offset: 0, ...query }, tables);
      expect({ ...given, pageSql: given.pageSql.replace('bm25_given(search_fts_live_g3, @phraseCounts, d.token_count, ', 'bm25(search_fts_live_g3, ') }).toEqual(builtin);
    });
  });

  it('clamps a negative or fractional page to whole non-negative numbers', () => {
    const plan = searchPlan({ environment: 'live', sort: 'name', order: 'asc', limit: 10.7, offset: -3 }, tables);
    expect(plan.params).toMatchObject({ limit: 10, offset: 0 });
  });
});
