// npm run analytics:rebuild on Elasticsearch: rollup documents lost or wrong are counted again from
// the raw events (the hand-counted March of the contract suite, as in test/contract/sqliteRollupRebuild.test.ts),
// and the daily counts of a month retention dropped are kept, since nothing else records them.
import { createElasticsearchAnalyticsStore, type ElasticsearchAnalyticsStore } from '../../src/adapters/elasticsearch/analytics/elasticsearchAnalyticsStore';
import { anEvent } from '../fixtures/analyticsEvents';
import { expectHandCountedMarch, MARCH, marchStory } from '../fixtures/analyticsStory';
import { startElasticsearch, type ElasticsearchHarness } from '../harness/elasticsearch';

jest.setTimeout(300_000);

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let engine: ElasticsearchHarness;
let store: ElasticsearchAnalyticsStore;
let run = 0;

beforeAll(async () => {
  engine = teardown.adopt(await startElasticsearch(), (harness) => harness.stop());
});
afterAll(() => teardown.disposeAsync());
beforeEach(async () => {
  run += 1;
  store = createElasticsearchAnalyticsStore({ node: engine.url, prefix: `rebuild_t${run}`, refreshOnAppend: true });
  expect((await store.append(marchStory())).accepted).toBe(16);
});
afterEach(() => store.close());

/** Wrong and missing rollups, and zero-click marks lost, as a bug or a half-finished restore leaves them. */
async function damageRollups(): Promise<void> {
  const { client, indices } = store;
  await client.indices.refresh({ index: [indices.daily, indices.journeyDays, indices.events] });
  const journeyDays = await client.search({ index: indices.journeyDays, size: 100, query: { term: { journey_id: 'j1' } } });
  const daily = await client.search({ index: indices.daily, size: 100, query: { term: { local_date: '2026-03-05' } } });
  const followed = await client.search({ index: indices.events, size: 100, query: { term: { followed: true } } });
  expect(followed.hits.hits.length).toBeGreaterThan(0);
  await client.bulk({
    refresh: true,
    operations: [
      ...journeyDays.hits.hits.map((hit) => ({ delete: { _index: hit._index, _id: hit._id } })),
      ...daily.hits.hits.map((hit) => ({ delete: { _index: hit._index, _id: hit._id } })),
      ...followed.hits.hits.flatMap((hit) => [{ update: { _index: hit._index, _id: hit._id } }, { doc: { followed: false } }]),
      { index: { _index: indices.daily } },
      { environment: 'live', business_id: 'biz_a', local_date: '2026-03-02', platform: 'chatgpt', type: 'impression', events: 7, position_sum: 0, position_count: 0, followed: 0 },
    ],
  });
}

it('counts every rollup again from the raw events, with a progress report per business', async () => {
  await damageRollups();
  // 5 impressions, 7 made up on the 2nd, the 5th's two lost.
  expect((await store.visibility(MARCH)).totals.impressions).toBe(10);
  const seen: string[] = [];

  const done = await store.rebuildRollups((progress) => seen.push(`${progress.businesses}/${progress.totalBusinesses}`));

  // biz_a (live and test) and biz_b: three (environment, business) pairs, 16 events.
  expect(done).toEqual({ businesses: 3, totalBusinesses: 3, events: 16 });
  expect(seen).toEqual(['0/3', '1/3', '2/3', '3/3']);
  await expectHandCountedMarch(store);
  // Run twice, the same answers: the rebuild replaces, never adds.
  await store.rebuildRollups();
  expect((await store.visibility(MARCH)).totals).toEqual({ impressions: 5, citations: 2, comparisons: 1, zeroClick: 4, positionSum: 15, positionCount: 5, crawls: { training: 0, search: 0, user: 0 } });
});

it('keeps the daily counts of a month whose raw events retention dropped', async () => {
  const february = { environment: 'live' as const, businessId: 'biz_a', from: '2026-02-01', to: '2026-02-28' };
  await store.append([
    anEvent({ businessId: 'biz_a', journeyId: 'jf', timestamp: '2026-02-10T10:00:00.000Z', localDate: '2026-02-10', position: 2 }),
    anEvent({ businessId: 'biz_a', journeyId: 'jf', type: 'citation', timestamp: '2026-02-10T10:01:00.000Z', localDate: '2026-02-10' }),
  ]);
  expect(await store.purgeRawEvents(new Date('2026-03-01T00:00:00.000Z'))).toBe(2);

  await store.rebuildRollups();

  // February's counts stay (raw events gone, journeys with them); March is counted again.
  expect((await store.visibility(february)).totals).toEqual({ impressions: 1, citations: 1, comparisons: 0, zeroClick: 1, positionSum: 2, positionCount: 1, crawls: { training: 0, search: 0, user: 0 } });
  expect(await store.journeys(february)).toEqual([]);
  expect((await store.visibility(MARCH)).totals).toEqual({ impressions: 5, citations: 2, comparisons: 1, zeroClick: 4, positionSum: 15, positionCount: 5, crawls: { training: 0, search: 0, user: 0 } });
});
