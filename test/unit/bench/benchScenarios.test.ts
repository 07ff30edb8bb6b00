import type { Principal } from '../../../src/domain/principal';
import type { SearchIndex, SearchQuery } from '../../../src/ports/searchIndex';
import { compileSchema } from '../../../src/schemas/compile';
import { consumerSearchBodySchema } from '../../../src/schemas/endpoints/consumerSearch';
import { directoryQuerySchema } from '../../../src/schemas/endpoints/directory';
import { partnerSearchQuerySchema } from '../../../src/schemas/endpoints/partnerSearch';
import { createListingSearch } from '../../../src/services/search/listingSearch';
import { BENCH_PARTNER_ACCESS, benchScenarios, CONSUMER_BODIES, DIRECTORY_QUERIES, PARTNER_QUERIES } from '../../../scripts/bench/benchScenarios';
import { summariseLatencies } from '../../../scripts/bench/latencySummary';
import { searchOnlyIndex } from '../../fixtures/searchOnlyIndex';

const scenario = (name: string) => benchScenarios().find((s) => s.name === name)!;
const principal: Principal = { accountId: 'acct_x', environment: 'live', scopes: ['read:businesses'], via: 'api_key', role: 'user', plan: 'enterprise' };

/** What the route hands the service: the query string after ajv's coercion and defaults. */
function validatedQuery(schema: object, params: Record<string, string>): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...params };
  const validate = compileSchema(schema, 'query');
  expect(validate(copy)).toBe(true);
  return copy;
}

function capture(): { index: SearchIndex; queries: SearchQuery[] } {
  const queries: SearchQuery[] = [];
  const index = searchOnlyIndex(async (q) => (queries.push(q), { hits: [], total: 0, totalIsEstimate: false }));
  return { index, queries };
}

describe('bench scenarios', () => {
  it('sends only consumer bodies the API accepts', () => {
    const validate = compileSchema(consumerSearchBodySchema, 'body');
    const rejected = CONSUMER_BODIES.filter((body) => !validate(JSON.parse(JSON.stringify(body))));
    expect(rejected).toEqual([]);
    expect(CONSUMER_BODIES.length).toBeGreaterThanOrEqual(30);
  });

  it('measures the raw floor of each directory request with the index query the service builds from the validated query string', async () => {
    const { index, queries } = capture();
    const listings = createListingSearch({ index, partnerAccess: BENCH_PARTNER_ACCESS });
    for (const params of DIRECTORY_QUERIES) await listings.directory(principal, validatedQuery(directoryQuerySchema, params) as never);
    expect(await scenario('directory').indexQueries()).toEqual(queries);
  });

  it('measures the raw floor of each partner request with the index query the service builds from the validated query string', async () => {
    const { index, queries } = capture();
    const listings = createListingSearch({ index, partnerAccess: BENCH_PARTNER_ACCESS });
    const answering = [];
    // The search that answers is the service's last (a typo check may come before it).
    for (const params of PARTNER_QUERIES) {
      await listings.partner(principal, validatedQuery(partnerSearchQuerySchema, params) as never);
      answering.push(queries[queries.length - 1]);
    }
    expect(await scenario('partner').indexQueries()).toEqual(answering);
  });

  it('has one index query per request, consumer ones searching the candidate pool the service ranks', async () => {
    for (const s of benchScenarios()) expect(await s.indexQueries()).toHaveLength(s.requests.length);
    const consumer = await scenario('consumer').indexQueries();
    expect(consumer.every((q) => q.limit >= 10 && q.offset === 0 && q.environment === 'live')).toBe(true);
    expect(consumer.filter((q) => q.near !== undefined).length).toBeGreaterThan(20);
  });

  it('targets the paths of spec 4.2 under /v1', () => {
    expect(new Set(benchScenarios().flatMap((s) => s.requests.map((r) => `${r.method} ${r.path.split('?')[0]}`)))).toEqual(
      new Set(['POST /v1/api/v1/consumer/search', 'GET /v1/api/v1/directory', 'GET /v1/api/v1/partners/search']),
    );
  });
});

describe('summariseLatencies', () => {
  it('reports nearest-rank percentiles', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted on purpose
    expect(summariseLatencies(samples)).toEqual({ count: 100, mean: 50.5, p50: 50, p95: 95, p99: 99, max: 100 });
  });

  it('answers zeros for no samples', () => {
    expect(summariseLatencies([])).toMatchObject({ count: 0, p50: 0, p99: 0 });
  });
});
