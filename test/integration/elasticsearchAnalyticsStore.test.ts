// The AnalyticsStore contract on a real Elasticsearch 8 (test/harness), each test with its own
// index prefix so nothing leaks between them.
import { Client } from '@elastic/elasticsearch';
import { eventDocumentId } from '../../src/adapters/elasticsearch/analytics/analyticsIndices';
import { createElasticsearchAnalyticsStore } from '../../src/adapters/elasticsearch/analytics/elasticsearchAnalyticsStore';
import { anEvent } from '../fixtures/analyticsEvents';
import { analyticsStoreContract } from '../contract/analyticsStore.contract';
import { startElasticsearch, type ElasticsearchHarness } from '../harness/elasticsearch';

jest.setTimeout(300_000);

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let engine: ElasticsearchHarness;
let counter = 0;

beforeAll(async () => {
  engine = teardown.adopt(await startElasticsearch(), (harness) => harness.stop());
});
afterAll(() => teardown.disposeAsync());

analyticsStoreContract('Elasticsearch 8', async () => {
  counter += 1;
  return createElasticsearchAnalyticsStore({ node: engine.url, prefix: `analytics_t${counter}`, refreshOnAppend: true });
});

// The key index (adapters/elasticsearch/analytics/keyClaims.ts): an event's key is unique across
// the monthly indices, and a key left by an append that died before storing its event is handled.
describe('Elasticsearch event keys', () => {
  const scope = { environment: 'live' as const, businessId: 'biz_keys', from: '2026-03-01', to: '2026-04-30' };
  let store: ReturnType<typeof createElasticsearchAnalyticsStore>;
  let prefix: string;

  beforeEach(() => {
    counter += 1;
    prefix = `analytics_keys${counter}`;
    store = createElasticsearchAnalyticsStore({ node: engine.url, prefix, refreshOnAppend: true });
  });
  afterEach(() => store.close());

  /** A key document as an append that died after its first step leaves it, `ageMs` old. */
  async function leftKey(event: ReturnType<typeof anEvent>, ageMs: number): Promise<void> {
    const client = new Client({ node: engine.url });
    await client.index({ index: `${prefix}-event-keys`, id: eventDocumentId(event.environment, event.reporter ?? '', event.eventId), document: { month: '2026.03', created: Date.now() - ageMs }, refresh: true });
    await client.close();
  }

  it('refuses an event id already stored under another month, in another batch and in the same one', async () => {
    const march = anEvent({ businessId: 'biz_keys', eventId: 'evt_month_end', timestamp: '2026-03-31T23:30:00.000Z', localDate: '2026-03-31' });
    expect(await store.append([march])).toEqual({ accepted: 1, duplicates: 0 });
    const april = { ...march, timestamp: '2026-04-01T00:30:00.000Z', localDate: '2026-04-01' };
    expect(await store.append([april])).toEqual({ accepted: 0, duplicates: 1 });

    const other = anEvent({ businessId: 'biz_keys', eventId: 'evt_twice', timestamp: '2026-03-31T23:50:00.000Z', localDate: '2026-03-31' });
    expect(await store.append([other, { ...other, timestamp: '2026-04-01T00:10:00.000Z', localDate: '2026-04-01' }])).toEqual({ accepted: 1, duplicates: 1 });
    // Two impressions in March, none in April.
    expect((await store.visibility(scope)).totals.impressions).toBe(2);
  });

  it('stores an event whose key an append that died left behind a minute ago', async () => {
    const event = anEvent({ businessId: 'biz_keys', eventId: 'evt_orphan_old' });
    await leftKey(event, 61_000);
    expect(await store.append([event])).toEqual({ accepted: 1, duplicates: 0 });
    expect(await store.append([event])).toEqual({ accepted: 0, duplicates: 1 });
  });

  it('refuses, as retryable and storing nothing, a batch whose key another append may still be storing', async () => {
    const held = anEvent({ businessId: 'biz_keys', eventId: 'evt_orphan_young' });
    const beside = anEvent({ businessId: 'biz_keys', eventId: 'evt_beside' });
    await leftKey(held, 1_000);
    await expect(store.append([beside, held])).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503, retryAfterSeconds: 1 });
    // Nothing of the batch was kept: the event beside it is new again.
    expect((await store.visibility(scope)).totals.impressions).toBe(0);
    expect(await store.append([beside])).toEqual({ accepted: 1, duplicates: 0 });
  });

  it('answers with no journeys, not an error, once retention dropped every month of raw events', async () => {
    expect(await store.append([anEvent({ businessId: 'biz_keys', eventId: 'evt_only' })])).toEqual({ accepted: 1, duplicates: 0 });
    await store.purgeRawEvents(new Date('2026-04-01T00:00:00.000Z'));

    expect(await store.journeys(scope)).toEqual([]);
    expect(await store.convertedJourneys(scope)).toEqual([]);
    expect(await store.businessTotals({ environment: 'live', from: scope.from, to: scope.to, businessIds: ['biz_keys'] })).toEqual([
      { businessId: 'biz_keys', impressions: 1, citations: 0, journeys: 0, convertedJourneys: 0 },
    ]);
  });

  it('forgets the keys of a month retention dropped, as the embedded store forgets their rows', async () => {
    const event = anEvent({ businessId: 'biz_keys', eventId: 'evt_purged' });
    expect(await store.append([event])).toEqual({ accepted: 1, duplicates: 0 });
    expect(await store.purgeRawEvents(new Date('2026-04-01T00:00:00.000Z'))).toBe(1);
    const client = new Client({ node: engine.url });
    await client.indices.refresh({ index: `${prefix}-event-keys` });
    const left = await client.count({ index: `${prefix}-event-keys` });
    await client.close();
    expect(left.count).toBe(0);
    // Sent again after its month was dropped, it is a new event (its daily count stays, as embedded).
    expect(await store.append([event])).toEqual({ accepted: 1, duplicates: 0 });
  });
});
