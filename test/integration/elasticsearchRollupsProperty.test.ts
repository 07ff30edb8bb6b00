// The rollup property (test/contract/analytics/rollupProperty.ts) on a real Elasticsearch 8: the
// same random streams (late and repeated events, summer-time changes, a journey across a month end,
// a retention cut) answered from this engine's rollup documents must equal the raw-event answers,
// as on the embedded store. Fewer runs: each one creates its own indices.
import { createElasticsearchAnalyticsStore } from '../../src/adapters/elasticsearch/analytics/elasticsearchAnalyticsStore';
import { checkRollupsAgainstRawEvents } from '../contract/analytics/rollupProperty';
import { startElasticsearch, type ElasticsearchHarness } from '../harness/elasticsearch';

jest.setTimeout(600_000);

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let engine: ElasticsearchHarness;
let run = 0;

beforeAll(async () => {
  engine = teardown.adopt(await startElasticsearch(), (harness) => harness.stop());
});
afterAll(() => teardown.disposeAsync());

/** This engine keeps raw events in monthly indices and drops a month once it ends before the cut-off. */
const startOfUtcMonth = (cut: Date) => new Date(Date.UTC(cut.getUTCFullYear(), cut.getUTCMonth(), 1));

it('answers every question from rollup documents exactly as from the raw events', async () => {
  await checkRollupsAgainstRawEvents({
    createStore: async () => {
      run += 1;
      return createElasticsearchAnalyticsStore({ node: engine.url, prefix: `rollup_p${run}`, refreshOnAppend: true });
    },
    retainedFrom: startOfUtcMonth,
    numRuns: 25,
  });
});
