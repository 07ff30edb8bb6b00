// Consumer search runs its declared stages in order and reports each stage's time; its answer is
// recorded for analytics once, by the consumerSearch operation's declared `records` effect, with
// the surface and platform the call path gives it (the service alone records nothing).
import { createLruSessionStore } from '../../../src/adapters/memory/lruSessionStore';
import { createMemoryCache } from '../../../src/adapters/memory/memoryCache';
import { createInvoke } from '../../../src/core/invoke';
import { countNothing } from '../../../src/core/rateLimitCheck';
import type { Principal } from '../../../src/domain/principal';
import { createLogger } from '../../../src/logger';
import type { AppServices } from '../../../src/operations/appServices';
import { consumerSearch } from '../../../src/operations/search';
import { rankingFieldsOf, type SearchDocument, type SearchIndex, type SearchQuery } from '../../../src/ports/searchIndex';
import type { RecordAnswerInput } from '../../../src/services/analytics/answerRecording';
import { type ConsumerSearchStage, createConsumerSearch } from '../../../src/services/search/consumerSearch';
import { createSummaryDisclosures } from '../../../src/services/summaries/summaryDisclosures';
import { searchDocument } from '../../fixtures/searchDocument';

const principal: Principal = {
  accountId: 'acct_1', environment: 'live', scopes: ['read:businesses'], via: 'api_key', role: 'user', plan: 'free',
};
const pizzeria = searchDocument({ id: 'biz_pizza', name: 'Pizza Palace', category: 'Restaurants', description: 'Wood-fired pizza.' });

/** Finds the pizzeria for any text holding "pizza" (nothing at all when `empty`); records every query. */
function pizzaIndex(queries: SearchQuery[], empty = false): SearchIndex {
  const unused = () => Promise.reject(new Error('not used'));
  return {
    search: async (query) => {
      queries.push(query);
      const found: SearchDocument[] = !empty && query.text?.includes('pizza') ? [pizzeria] : [];
      return { hits: found.map((document) => ({ document, fields: rankingFieldsOf(document), textScore: 1 })), total: found.length, totalIsEstimate: false };
    },
    apply: unused, get: unused, count: unused, rebuild: unused, ping: unused, close: unused,
  };
}

function search(options: { stages?: ConsumerSearchStage[]; queries?: SearchQuery[]; empty?: boolean } = {}) {
  return createConsumerSearch({
    index: pizzaIndex(options.queries ?? [], options.empty),
    sessions: createLruSessionStore(),
    summaryCache: createMemoryCache<string>(),
    logger: createLogger('silent'),
    clock: () => new Date('2026-11-22T12:00:00Z'),
    onStage: (stage, ms) => {
      expect(ms).toBeGreaterThanOrEqual(0);
      options.stages?.push(stage);
    },
  });
}

/** The services the consumerSearch operation calls, over the search above, its answers recorded into `answers`. */
function searchServices(answers: RecordAnswerInput[]): AppServices {
  const services: Pick<AppServices, 'consumerSearch' | 'disclosures' | 'recordAnswer' | 'trackedLinks'> = {
    consumerSearch: search(),
    disclosures: createSummaryDisclosures({ secret: 'stages-test-secret-0123456789abcdef' }),
    recordAnswer: (answer) => answers.push(answer),
    trackedLinks: { urlFor: (origin, link) => `${origin}/v1/r/${link.businessId}`, follow: () => Promise.reject(new Error('not used')) },
  };
  return services as AppServices;
}

/** The operation through the call path, as an MCP client on the given platform calls it. */
function invokeOverMcp(answers: RecordAnswerInput[], platform: string) {
  const invoke = createInvoke<AppServices>({
    services: searchServices(answers),
    authenticate: () => Promise.reject(new Error('the caller is known')),
    checkRateLimit: countNothing,
    idempotentCall: async (_principal, _key, _fingerprint, run) => run(),
    resolvePlatform: async (_declared, relayed) => relayed ?? 'direct',
    logger: createLogger('silent'),
    checkOutputs: true,
  });
  return (body: Record<string, unknown>, sessionId: string) =>
    invoke(consumerSearch, {
      caller: { principal, address: '127.0.0.1' },
      input: { path: {}, query: {}, body, headers: { 'X-Session-ID': sessionId } },
      transport: 'mcp',
      requestId: 'req_stages',
      origin: 'http://api.test',
      platformHint: () => platform,
    });
}

describe('consumer search stages', () => {
  it('run in the declared order, each reported once', async () => {
    const stages: ConsumerSearchStage[] = [];
    await search({ stages })(principal, { query: 'pizza', limit: 10, offset: 0 });
    expect(stages).toEqual(['correct', 'understand', 'plan', 'retrieve', 'rank', 'summarise', 'record']);
  });

  it('understand, plan and retrieve again on the sentence as typed when the corrected one finds nothing', async () => {
    const stages: ConsumerSearchStage[] = [];
    const queries: SearchQuery[] = [];
    // "piza" is corrected to "pizza", which this index holds no more than "piza".
    const result = await search({ stages, queries, empty: true })(principal, { query: 'piza', limit: 10, offset: 0 });
    expect(result.correctedQuery).toBeUndefined();
    expect(queries.filter((query) => query.limit > 1).map((query) => query.text)).toEqual([expect.stringContaining('pizza'), expect.stringContaining('piza')]);
    expect(stages).toEqual(['correct', 'understand', 'plan', 'retrieve', 'understand', 'plan', 'retrieve', 'rank', 'summarise', 'record']);
  });

  it('record the answer once, on the surface and platform given, with the corrected sentence and the page shown', async () => {
    const answers: RecordAnswerInput[] = [];
    const answer = await invokeOverMcp(answers, 'claude')({ query: 'piza', limit: 10, offset: 0 }, 'session-abc-0001');
    expect(answer.status).toBe(200);
    const result = (answer.body as { data: { correctedQuery?: string; response: string } }).data;
    expect(result.correctedQuery).toBe('pizza');
    expect(answers).toEqual([
      {
        principal,
        surface: 'mcp',
        platform: 'claude',
        journeyId: 'session-abc-0001',
        query: 'pizza',
        businesses: [pizzeria],
        summary: result.response,
      },
    ]);
  });

  it('record no answer for analytics when not told where it was given', async () => {
    // The service called by itself, outside the call path (benchmarks, relevance runs): the
    // recorder its operation would use is right there, and stays empty.
    const answers: RecordAnswerInput[] = [];
    await searchServices(answers).consumerSearch(principal, { query: 'pizza', limit: 10, offset: 0 });
    expect(answers).toEqual([]);
  });
});
