// The AnalyticsStore contract on a real Elasticsearch 8 (test/harness), each test with its own
// index prefix so nothing leaks between them.
import { createElasticsearchAnalyticsStore } from '../../src/adapters/elasticsearch/analytics/elasticsearchAnalyticsStore';
import { analyticsStoreContract } from '../contract/analyticsStore.contract';
import { startElasticsearch, type ElasticsearchHarness } from '../harness/elasticsearch';

jest.setTimeout(300_000);

let engine: ElasticsearchHarness;
let counter = 0;

beforeAll(async () => {
  engine = await startElasticsearch();
});
afterAll(async () => {
  await engine?.stop();
});

analyticsStoreContract('Elasticsearch 8', async () => {
  counter += 1;
  return createElasticsearchAnalyticsStore({ node: engine.url, prefix: `analytics_t${counter}`, refreshOnAppend: true });
});
