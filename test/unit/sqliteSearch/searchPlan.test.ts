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
    expect(match('tacos xg')).toBe('(- {tags} : ("tacos" OR "xg" OR category : "restaurants"))');
    expect(match('tacos')).toBe('("tacos"* OR category : "restaurants")');
  });

  it('clamps a negative or fractional page to whole non-negative numbers', () => {
    const plan = searchPlan({ environment: 'live', sort: 'name', order: 'asc', limit: 10.7, offset: -3 }, tables);
    expect(plan.params).toMatchObject({ limit: 10, offset: 0 });
  });
});
