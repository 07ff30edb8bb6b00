// Consumer search ranks every candidate the index returns but shows a page: the documents of
// the candidates it does not show are never read (an index may build them on first read).
import { createLruSessionStore } from '../../../src/adapters/memory/lruSessionStore';
import { createMemoryCache } from '../../../src/adapters/memory/memoryCache';
import type { Principal } from '../../../src/domain/principal';
import { sessionStoreKey } from '../../../src/domain/search/sessionScope';
import type { Cache } from '../../../src/ports/cache';
import type { LanguageModel } from '../../../src/ports/llm';
import type { SessionStore } from '../../../src/ports/sessionStore';
import { createLogger } from '../../../src/logger';
import { rankingFieldsOf, type SearchDocument, type SearchHit, type SearchIndex, type SearchQuery } from '../../../src/ports/searchIndex';
import { createConsumerSearch } from '../../../src/services/search/consumerSearch';
import { searchDocument } from '../../fixtures/searchDocument';

const principal: Principal = {
  accountId: 'acct_1', environment: 'live', scopes: ['read:businesses'], via: 'api_key', role: 'user', plan: 'free',
};
const ALWAYS_OPEN = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, { open: '00:00', close: '23:59' }]),
);
const documents = Array.from({ length: 30 }, (_, i) =>
  searchDocument({ id: `biz_${String(i).padStart(2, '0')}`, name: `Lunch Spot ${i}`, reviewCount: 10 + i, hours: ALWAYS_OPEN, timeZone: 'UTC' }),
);

/** An index answering every search with all the documents, recording the queries and which documents are read. */
function recordingIndex(reads: Set<string>, queries: SearchQuery[]): SearchIndex {
  const hit = (document: SearchDocument): SearchHit => ({
    get document() {
      reads.add(document.id);
      return document;
    },
    fields: rankingFieldsOf(document),
    textScore: 1,
  });
  const unused = () => Promise.reject(new Error('not used'));
  return {
    search: async (query) => {
      queries.push(query);
      return { hits: documents.map(hit), total: documents.length, totalIsEstimate: false };
    },
    apply: unused, get: unused, count: unused, rebuild: unused, ping: unused, close: unused,
  };
}

function consumerSearch(reads: Set<string>, queries: SearchQuery[] = [], deps: { sessions?: SessionStore; summaryCache?: Cache<string>; llm?: LanguageModel } = {}) {
  return createConsumerSearch({
    llm: deps.llm,
    index: recordingIndex(reads, queries),
    sessions: deps.sessions ?? createLruSessionStore(),
    summaryCache: deps.summaryCache ?? createMemoryCache<string>(),
    logger: createLogger('silent'),
    clock: () => new Date('2026-11-22T12:00:00Z'),
  });
}

describe('consumer search reads documents', () => {
  it('of the page only, when nothing about the query needs the others', async () => {
    const reads = new Set<string>();
    const result = await consumerSearch(reads)(principal, { query: 'lunch', limit: 5, offset: 0 });
    expect(result.results).toHaveLength(5);
    expect(result.total).toBe(30);
    expect([...reads].sort()).toEqual(result.results.map((r) => r.document.id).sort());
  });

  it('of the page only under "open now" too: the index applied the filter, ranking needs no hours', async () => {
    const reads = new Set<string>();
    const queries: SearchQuery[] = [];
    const result = await consumerSearch(reads, queries)(principal, { query: 'lunch open now', limit: 5, offset: 0 });
    expect(queries.map((query) => query.opening)).toEqual([{ at: '2026-11-22T12:00:00.000Z', openNow: true }]);
    expect(result.results.every((r) => r.openNow === true)).toBe(true);
    expect([...reads].sort()).toEqual(result.results.map((r) => r.document.id).sort());
  });
});

describe('consumer search session', () => {
  it('records the category filter as the kinds documents carry ("dentist" is amenity/dentist)', async () => {
    const sessions = createLruSessionStore();
    await consumerSearch(new Set(), [], { sessions })(principal, { query: 'lunch', category: 'dentist', limit: 1, offset: 0 }, 'session-dentist-01');
    const session = await sessions.get(sessionStoreKey(principal, 'session-dentist-01'));
    expect(Object.keys(session?.categories ?? {})).toContain('amenity/dentist');
    expect(Object.keys(session?.categories ?? {})).not.toContain('dentist');
  });
});

describe('consumer search summary', () => {
  it('does not keep a template written while the model was down: the next search gets the model\'s summary', async () => {
    let down = true;
    const llm: LanguageModel = {
      extractIntent: async () => ({ terms: ['lunch'], categories: [], serviceTerms: [] }),
      summarise: async ({ businesses }) => {
        if (down) throw new Error('503 from the model');
        return `${businesses[0].name} is a good lunch spot.`;
      },
    };
    const search = consumerSearch(new Set(), [], { llm });
    const during = await search(principal, { query: 'lunch', limit: 1, offset: 0 });
    expect(during.response).toMatch(/^Found 30 places/);
    down = false;
    const after = await search(principal, { query: 'lunch', limit: 1, offset: 0 });
    expect(after.response).toBe(`${after.results[0].document.name} is a good lunch spot.`);
  });

  it('quotes the sentence as each caller typed it, though the cache holds the text', async () => {
    const cache = createMemoryCache<string>();
    const written: string[] = [];
    const summaryCache: Cache<string> = { ...cache, set: (key, value, ttl) => (written.push(key), cache.set(key, value, ttl)) };
    const search = consumerSearch(new Set(), [], { summaryCache });
    const lower = await search(principal, { query: 'lunch spot', limit: 1, offset: 0 });
    expect(lower.response).toMatch(/^Found 30 places for "lunch spot"\./);
    const upper = await search(principal, { query: 'LUNCH Spot', limit: 1, offset: 0 });
    expect(upper.response).toMatch(/^Found 30 places for "LUNCH Spot"\./);
    // White space does not change the text: the cached summary serves both.
    const spaced = await search(principal, { query: '  lunch   spot ', limit: 1, offset: 0 });
    expect(spaced.response).toBe(lower.response);
    expect(written).toHaveLength(2);
  });
});
