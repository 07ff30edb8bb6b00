// Golden tests of the pure query builder: each test/fixtures/elasticsearch/queryBuilder/*.json
// holds a SearchQuery and the exact request plan it must produce. After an intended change,
// regenerate with `UPDATE_GOLDEN=1 npx jest test/unit/elasticsearch/queryBuilder.test.ts` and
// review the fixture diff like code.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSearchRequest, MAX_RESULT_WINDOW } from '../../../src/adapters/elasticsearch/queryBuilder';
import type { SearchQuery } from '../../../src/ports/searchIndex';

interface GoldenCase {
  description: string;
  query: SearchQuery;
  plan: unknown;
}

const folder = join(__dirname, '..', '..', 'fixtures', 'elasticsearch', 'queryBuilder');
const files = readdirSync(folder).filter((name) => name.endsWith('.json')).sort();

describe('buildSearchRequest golden fixtures', () => {
  it('has fixtures to check', () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
  });

  it.each(files)('%s', (file) => {
    const path = join(folder, file);
    const golden = JSON.parse(readFileSync(path, 'utf8')) as GoldenCase;
    // Through JSON, like the client sends it: undefined fields vanish.
    const plan = JSON.parse(JSON.stringify(buildSearchRequest(golden.query))) as unknown;
    if (process.env.UPDATE_GOLDEN === '1') {
      writeFileSync(path, `${JSON.stringify({ ...golden, plan }, null, 2)}\n`);
      return;
    }
    expect(plan).toEqual(golden.plan);
  });
});

describe('buildSearchRequest rules', () => {
  const base: SearchQuery = { environment: 'live', sort: 'relevance', order: 'desc', limit: 20, offset: 0 };

  it('always filters on the environment, and never scores a filter', () => {
    for (const environment of ['live', 'test'] as const) {
      const { request } = buildSearchRequest({ ...base, environment, city: 'Austin' });
      expect(request.query?.bool?.filter).toContainEqual({ term: { environment } });
      expect(request.query?.bool?.must).toBeUndefined();
    }
  });

  it('ends every sort with the id in the requested order', () => {
    for (const sort of ['relevance', 'distance', 'aiVisibilityScore', 'rating', 'name'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const keys = buildSearchRequest({ ...base, sort, order }).request.sort as object[];
        expect(keys[keys.length - 1]).toEqual({ id: { order } });
      }
    }
  });

  it('keeps from + size inside the result window', () => {
    const near = buildSearchRequest({ ...base, offset: MAX_RESULT_WINDOW - 5, limit: 50 }).request;
    expect([near.from, near.size]).toEqual([MAX_RESULT_WINDOW - 5, 5]);
    const past = buildSearchRequest({ ...base, offset: MAX_RESULT_WINDOW + 1, limit: 50 }).request;
    expect([past.from, past.size, past.track_total_hits]).toEqual([0, 0, 10000]);
  });

  it('counts matches exactly up to the bound it is given (10 000 by default), no further', () => {
    expect(buildSearchRequest(base).request.track_total_hits).toBe(10000);
    expect(buildSearchRequest({ ...base, text: 'tacos' }, 25).request.track_total_hits).toBe(25);
  });
});
