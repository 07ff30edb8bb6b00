// The requests the benchmark sends, per endpoint, and the index query each one turns into.
// The index queries are produced by the services' own pure planning code (planConsumerSearch,
// the listing search with a capturing index), so the raw floor measures exactly the index work
// the API does for the same request, never a hand-written approximation.
import type { Principal } from '../../src/domain/principal';
import { parseIntentByRules } from '../../src/domain/search/intent';
import type { SearchIndex, SearchQuery } from '../../src/ports/searchIndex';
import { createListingSearch, type DirectoryInput, type PartnerInput } from '../../src/services/search/listingSearch';
import { planConsumerSearch, type ConsumerSearchInput } from '../../src/services/search/searchPlan';
import { benchCity } from './benchCities';

export type ScenarioName = 'consumer' | 'directory' | 'partner';

export interface BenchRequest {
  method: 'GET' | 'POST';
  /** Path below the server root, e.g. /v1/api/v1/directory?city=Austin. */
  path: string;
  body?: string;
}

export interface Scenario {
  name: ScenarioName;
  label: string;
  requests: BenchRequest[];
  /** The index query of each request, same order. */
  indexQueries(): Promise<SearchQuery[]>;
  /** The p99 target at 100 000 businesses (ms), where the scenario has one (consumer 50, directory 30). */
  p99TargetMs?: number;
}

const near = (city: string, distance: string) => {
  const { lat, lon } = benchCity(city);
  return { lat, lon, distance };
};

/** Realistic consumer questions: with the caller's coordinates, or with a place in the sentence. */
export const CONSUMER_BODIES: Array<Omit<ConsumerSearchInput, 'limit' | 'offset'> & { limit?: number }> = [
  { query: 'vegan lunch', location: near('Austin', '10km') },
  { query: 'best pizza', location: near('Chicago', '5km') },
  { query: 'emergency plumber', location: near('Denver', '25km') },
  { query: 'dentist open on Saturday', location: near('Seattle', '15km') },
  { query: 'cheap oil change', location: near('Houston', '15km') },
  { query: 'coffee shop with wifi', location: near('San Francisco', '3km') },
  { query: 'sushi in San Diego' },
  { query: 'haircut in Portland, OR' },
  { query: 'top rated dog grooming near me', location: near('Phoenix', '20km') },
  { query: 'bars open late', location: near('New Orleans', '8km') },
  { query: 'gluten-free bakery', location: near('Boston', '5mi') },
  { query: 'yoga classes', location: near('Minneapolis', '10km') },
  { query: 'ac repair under $150', location: near('Las Vegas', '30km') },
  { query: 'vet for my cat', location: near('Atlanta', '10mi') },
  { query: 'verified electrician to install an ev charger', location: near('Columbus', '25km') },
  { query: 'tacos', location: near('San Antonio', '8km') },
  { query: 'brunch near downtown Denver' },
  { query: 'teeth whitening', location: near('Miami', '12km'), limit: 20 },
  { query: 'deep tissue massage', location: near('Nashville', '10mi') },
  { query: 'tax preparation for a small business', location: near('Philadelphia', '10km') },
  { query: 'lawn mowing', location: near('Charlotte', '20km') },
  { query: 'house cleaning', category: 'cleaning', location: near('Dallas', '15km') },
  { query: 'wedding flowers in Raleigh' },
  { query: 'ramen open now', location: near('Los Angeles', '10km') },
  { query: 'craft beer happy hour', location: near('Milwaukee', '5km') },
  { query: 'urgent care', location: near('Tucson', '20km') },
  { query: 'personal trainer', location: near('New York', '5km') },
  { query: 'immigration lawyer in Houston' },
  { query: 'pet boarding', category: 'pet services', location: near('Kansas City', '25km') },
  { query: 'best thai food in Seattle' },
  { query: 'sourdough bread' },
];

/** Directory listings as a client UI would page them: category + city, sorts, verification filters. */
export const DIRECTORY_QUERIES: Array<Record<string, string>> = [
  { category: 'restaurants', city: 'Austin' },
  { category: 'plumbing', state: 'TX', sortBy: 'rating' },
  { city: 'Chicago', sortBy: 'rating' },
  { category: 'dental', verificationLevel: 'verified' },
  { city: 'Denver', sortBy: 'name', sortOrder: 'asc' },
  { query: 'vegan', city: 'Portland' },
  {},
  { category: 'cafes', city: 'Seattle', sortBy: 'rating' },
  { state: 'CA', verificationLevel: 'premium' },
  { category: 'auto repair', city: 'Houston', limit: '50' },
  { query: 'sourdough', category: 'bakeries' },
  { country: 'US', category: 'fitness', sortBy: 'rating' },
  { category: 'hair salons', city: 'New York' },
  { state: 'FL', sortBy: 'name' },
  { category: 'veterinary', verificationLevel: 'basic' },
  { category: 'restaurants', offset: '200' },
  { query: 'emergency', category: 'plumbing', state: 'TX' },
  { city: 'Boston', sortBy: 'rating', sortOrder: 'asc' },
  { city: 'Atlanta', verificationLevel: 'verified' },
  { category: 'bars', city: 'Nashville' },
];

/** Partner lookups: free text, category, a city or a circle, alone or combined. */
export const PARTNER_QUERIES: Array<Record<string, string>> = [
  { q: 'pizza', location: 'Austin, TX' },
  { category: 'plumbing', location: 'Denver, CO' },
  { location: '30.2672,-97.7431,10' },
  { q: 'dentist' },
  { q: 'oil change', location: 'Houston, TX' },
  { category: 'cafes', location: 'Seattle, WA' },
  { location: 'Chicago, IL' },
  { q: 'yoga', category: 'fitness' },
  { q: 'vegan', location: 'Portland, OR' },
  { category: 'restaurants', location: '40.7128,-74.006,5' },
  { q: 'massage', location: 'Miami, FL' },
  { category: 'veterinary' },
  { q: 'tax', location: 'Philadelphia, PA' },
  { q: 'bbq', location: 'Kansas City, MO' },
  { q: 'wedding flowers', location: '37.7749,-122.4194' },
];

const BENCH_PRINCIPAL: Principal = {
  accountId: 'acct_bench', environment: 'live', scopes: ['read:businesses'], via: 'api_key',
  role: 'user', plan: 'enterprise',
};

/**
 * The partner check stands aside here: these scenarios capture the index queries a request
 * makes (the raw floor), and the agreement lookup is a store read, part of the API's overhead.
 */
export const BENCH_PARTNER_ACCESS = { require: async () => undefined as never };

/** A SearchIndex that only records the query it is asked, to read the services' index query. */
function capturingIndex(captured: SearchQuery[]): SearchIndex {
  const unused = () => Promise.reject(new Error('not used by the capture'));
  return {
    search: async (query) => {
      captured.push(query);
      return { hits: [], total: 0, totalIsEstimate: false };
    },
    apply: unused, get: unused, count: unused, rebuild: unused, ping: unused, close: unused,
  };
}

/** Query-string values as ajv leaves them after coercion and defaults (schemas/endpoints/directory.ts, partnerSearch.ts). */
function directoryInput(params: Partial<Record<string, string>>): DirectoryInput {
  return {
    ...(params as Partial<DirectoryInput>),
    sortBy: (params.sortBy ?? 'aiVisibilityScore') as DirectoryInput['sortBy'],
    sortOrder: (params.sortOrder ?? 'desc') as DirectoryInput['sortOrder'],
    limit: Number(params.limit ?? 20),
    offset: Number(params.offset ?? 0),
  };
}

function partnerInput(params: Partial<Record<string, string>>): PartnerInput {
  return { ...params, limit: Number(params.limit ?? 20), offset: Number(params.offset ?? 0) };
}

const queryString = (params: Record<string, string>) => {
  const text = new URLSearchParams(params).toString();
  return text === '' ? '' : `?${text}`;
};

export function benchScenarios(): Scenario[] {
  return [
    {
      name: 'consumer',
      label: 'POST /api/v1/consumer/search',
      p99TargetMs: 50,
      requests: CONSUMER_BODIES.map((body) => ({ method: 'POST', path: '/v1/api/v1/consumer/search', body: JSON.stringify(body) })),
      async indexQueries() {
        // "open now" means the moment the floor is measured; the API runs within minutes of it.
        const now = new Date();
        return CONSUMER_BODIES.map((body) => {
          const input: ConsumerSearchInput = { ...body, limit: body.limit ?? 10, offset: 0 };
          return planConsumerSearch('live', input, parseIntentByRules(body.query), now).indexQuery;
        });
      },
    },
    {
      name: 'directory',
      label: 'GET /api/v1/directory',
      p99TargetMs: 30,
      requests: DIRECTORY_QUERIES.map((params) => ({ method: 'GET', path: `/v1/api/v1/directory${queryString(params)}` })),
      async indexQueries() {
        const captured: SearchQuery[] = [];
        const listings = createListingSearch({ index: capturingIndex(captured), partnerAccess: BENCH_PARTNER_ACCESS });
        for (const params of DIRECTORY_QUERIES) await listings.directory(BENCH_PRINCIPAL, directoryInput(params));
        return captured;
      },
    },
    {
      name: 'partner',
      label: 'GET /api/v1/partners/search',
      requests: PARTNER_QUERIES.map((params) => ({ method: 'GET', path: `/v1/api/v1/partners/search${queryString(params)}` })),
      async indexQueries() {
        const captured: SearchQuery[] = [];
        const listings = createListingSearch({ index: capturingIndex(captured), partnerAccess: BENCH_PARTNER_ACCESS });
        const last: SearchQuery[] = [];
        // The search that answers is the service's last: a typo check before it is API work.
        for (const params of PARTNER_QUERIES) {
          await listings.partner(BENCH_PRINCIPAL, partnerInput(params));
          last.push(captured[captured.length - 1]);
        }
        return last;
      },
    },
  ];
}
