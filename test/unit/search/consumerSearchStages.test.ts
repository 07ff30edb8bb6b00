// Consumer search runs its declared stages in order, reports each stage's time, and its record
// stage is the one place an answer is recorded for analytics.
import { createLruSessionStore } from '../../../src/adapters/memory/lruSessionStore';
import { createMemoryCache } from '../../../src/adapters/memory/memoryCache';
import type { Principal } from '../../../src/domain/principal';
import { createLogger } from '../../../src/logger';
import { rankingFieldsOf, type SearchDocument, type SearchIndex, type SearchQuery } from '../../../src/ports/searchIndex';
import type { RecordAnswerInput } from '../../../src/services/analytics/answerRecording';
import { type ConsumerSearchStage, createConsumerSearch } from '../../../src/services/search/consumerSearch';
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

function search(options: { stages?: ConsumerSearchStage[]; answers?: RecordAnswerInput[]; queries?: SearchQuery[]; empty?: boolean } = {}) {
  return createConsumerSearch({
    index: pizzaIndex(options.queries ?? [], options.empty),
    sessions: createLruSessionStore(),
    summaryCache: createMemoryCache<string>(),
    logger: createLogger('silent'),
    clock: () => new Date('2026-11-22T12:00:00Z'),
    recordAnswer: (answer) => options.answers?.push(answer),
    onStage: (stage, ms) => {
      expect(ms).toBeGreaterThanOrEqual(0);
      options.stages?.push(stage);
    },
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
    const result = await search({ answers })(principal, { query: 'piza', limit: 10, offset: 0 }, 'session-abc-0001', { surface: 'mcp', platform: 'claude' });
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
    const answers: RecordAnswerInput[] = [];
    await search({ answers })(principal, { query: 'pizza', limit: 10, offset: 0 });
    expect(answers).toEqual([]);
  });
});
