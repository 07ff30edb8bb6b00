// The Elasticsearch adapter against a real Elasticsearch 8 from test/harness/elasticsearch.ts:
// the shared SearchIndex contract first, then what only this engine has (aliases and generations,
// bulk retries, the mapping's analysers). ELASTICSEARCH_TEST_URL points the suite at a running
// node instead of starting one.
import { Client } from '@elastic/elasticsearch';
import request from 'supertest';
import { createElasticsearchIndex, type ElasticsearchIndexOptions } from '../../src/adapters/elasticsearch/elasticsearchIndex';
import { SCHEDULE_FIELD } from '../../src/adapters/elasticsearch/indexedDocument';
import { PROFILES_INDEX } from '../../src/adapters/elasticsearch/indexDefinition';
import { scanMatches, searchWithOpening } from '../../src/adapters/elasticsearch/openingSearch';
import { encodeSchedule } from '../../src/domain/search/openingFilter';
import { ConflictError, UnavailableError } from '../../src/domain/errors';
import { EXACT_TOTAL_BOUND, type IndexAction, type SearchDocument, type SearchIndex, type SearchQuery } from '../../src/ports/searchIndex';
import { consumerSearchContract } from '../contract/consumerSearch.contract';
import { searchWordsContract } from '../contract/searchWords.contract';
import { relevanceContract } from '../relevance/relevance.contract';
import { searchIndexContract } from '../contract/searchIndex.contract';
import { DOWNTOWN_AUSTIN, fixtureDocument, liveDocuments, searchDocuments } from '../fixtures/searchDocuments';
import { startElasticsearch, startFaultyProxy, type ElasticsearchHarness, type FaultyProxy } from '../harness/elasticsearch';
import { freePort } from '../harness/freePort';
import { searchDocument } from '../fixtures/searchDocument';
import { grantPartnerAccess } from '../fixtures/partnerAgreements';
import { signUp } from '../http/actors';
import { buildTestApp } from '../http/testApp';

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let es: ElasticsearchHarness;
let admin: Client;
const aliases = new Map<SearchIndex, string>();
let created = 0;

beforeAll(async () => {
  const external = process.env.ELASTICSEARCH_TEST_URL;
  es = teardown.adopt(external ? { url: external, version: 'external', stop: async () => undefined } : await startElasticsearch(), (engine) => engine.stop());
  admin = teardown.adopt(new Client({ node: es.url }), (client) => client.close());
}, 300_000);

afterAll(() => teardown.disposeAsync(), 60_000);

function openIndex(overrides: Partial<ElasticsearchIndexOptions> = {}): SearchIndex {
  const alias = `profiles_test_${process.pid}_${++created}`;
  const index = createElasticsearchIndex({ node: es.url, alias, ...overrides });
  aliases.set(index, overrides.alias ?? alias);
  return index;
}

/** Closes the adapter and drops every generation behind its alias. */
async function dispose(index: SearchIndex): Promise<void> {
  await index.close();
  const alias = aliases.get(index);
  if (alias) await admin.indices.delete({ index: `${alias}_v*`, allow_no_indices: true, ignore_unavailable: true });
}

const upserts = (docs: SearchDocument[]): IndexAction[] => docs.map((document) => ({ type: 'upsert', document }));
const query = (fields: Partial<SearchQuery> = {}): SearchQuery => ({
  environment: 'live', sort: 'relevance', order: 'desc', limit: 50, offset: 0, ...fields,
});
const ids = (hits: { document: SearchDocument }[]): string[] => hits.map((hit) => hit.document.id);
const generationsOf = async (alias: string): Promise<string[]> =>
  Object.keys(await admin.indices.get({ index: `${alias}_v*`, allow_no_indices: true })).sort();
const aliasTargets = async (alias: string): Promise<string[]> => Object.keys(await admin.indices.getAlias({ name: alias }));

searchIndexContract('elasticsearch', async () => openIndex(), { dispose, totalsBeyondBound: { ranked: 'estimate', sorted: 'estimate' } });
consumerSearchContract('elasticsearch', async () => openIndex(), dispose);
searchWordsContract('elasticsearch', async () => openIndex(), dispose);
relevanceContract('elasticsearch', async () => openIndex(), dispose);

describe('elasticsearch index specifics', () => {
  describe('on the fixture', () => {
    let index: SearchIndex;
    beforeAll(async () => {
      index = openIndex();
      expect(await index.apply(upserts(searchDocuments))).toEqual({ failures: [] });
    });
    afterAll(() => dispose(index));

    it('applies time filters the same by code aggregation and by reading the matches in batches of any size', async () => {
      const alias = aliases.get(index)!;
      for (const opening of [{ at: '2026-11-23T16:00:00.000Z', day: 'monday' as const }, { at: '2026-11-23T16:00:00.000Z', openNow: true }]) {
        for (const shape of [{ sort: 'name' as const, order: 'asc' as const }, { text: 'coffee espresso', sort: 'relevance' as const, order: 'desc' as const }]) {
          const request = { ...query(shape), opening, limit: 3, offset: 2 };
          const aggregated = await searchWithOpening(admin, alias, request);
          expect(aggregated.hits.length).toBeGreaterThan(0);
          for (const batch of [2, 5000]) {
            const scanned = await scanMatches(admin, alias, request, batch);
            expect(ids(scanned.hits)).toEqual(ids(aggregated.hits));
            expect(scanned.hits.map((hit) => hit.textScore)).toEqual(aggregated.hits.map((hit) => hit.textScore));
            expect(scanned.total).toBe(aggregated.total);
            expect(scanned.hits.map((hit) => hit.document)).toEqual(aggregated.hits.map((hit) => hit.document));
          }
        }
      }
    });

    it('creates <alias>_v1 behind the alias on first use', async () => {
      const alias = aliases.get(index)!;
      expect(await aliasTargets(alias)).toEqual([`${alias}_v1`]);
    });

    it('finds "plumbing" businesses for "plumbers" through the English stemmer on the text fields', async () => {
      const result = await index.search(query({ text: 'plumbers', city: 'Round Rock' }));
      expect(ids(result.hits)).toEqual(['biz_rr_plumb']);
    });

    it('searches the kinds\' names beside the label: "dentist" finds the businesses filed as "Dental", a kind phrase the restaurants', async () => {
      const dental = await index.search(query({ text: 'dentist' }));
      expect(ids(dental.hits).sort()).toEqual(['biz_aus_dental', 'biz_chi_dental', 'biz_den_dental']);
      const restaurants = await index.search(query({ text: 'pizzeria', categoryPhrases: ['restaurant'], city: 'chicago' }));
      expect(ids(restaurants.hits)).toEqual(['biz_chi_pizza']);
    });

    it('reports distanceKm when sorting by relevance too, within 0.5% of the haversine distance', async () => {
      const result = await index.search(query({ text: 'coffee', near: { ...DOWNTOWN_AUSTIN, radiusKm: 25 } }));
      expect(ids(result.hits)).toEqual(['biz_aus_cafe']);
      const cafe = fixtureDocument('biz_aus_cafe').coordinates!;
      const exact = haversineKm(DOWNTOWN_AUSTIN, cafe);
      expect(Math.abs(result.hits[0].distanceKm! - exact) / exact).toBeLessThan(0.005);
      expect(result.hits[0].textScore).toBe(1);
    });

    it('treats text made only of stop words like no text', async () => {
      const result = await index.search(query({ text: 'the and of' }));
      expect(result.total).toBe(liveDocuments.length);
    });

    it('answers pages beyond the result window with the total and no hits', async () => {
      expect(await index.search(query({ offset: 10_000, limit: 10 }))).toEqual({ hits: [], total: liveDocuments.length, totalIsEstimate: false });
    });

    it('rejects a document with a field the strict mapping does not know, naming the reason', async () => {
      const extra = { ...fixtureDocument('biz_aus_taco'), id: 'biz_extra', secret: 'x' } as SearchDocument;
      const { failures } = await index.apply(upserts([extra]));
      expect(failures).toEqual([{ id: 'biz_extra', reason: expect.stringContaining('strict_dynamic_mapping_exception') }]);
    });

    it('pings while the node answers, and refuses work once closed', async () => {
      const other = openIndex({ alias: aliases.get(index)! });
      await other.ping();
      await other.close();
      await expect(other.ping()).rejects.toBeInstanceOf(UnavailableError);
      await expect(other.search(query())).rejects.toBeInstanceOf(UnavailableError);
    });
  });

  describe('an index created by an earlier version', () => {
    it('gets the new mapping fields on open, and time filters read older documents from _source', async () => {
      const alias = `profiles_test_${process.pid}_${++created}`;
      const { openingSchedule: _added, ...olderProperties } = PROFILES_INDEX.mappings.properties ?? {};
      await admin.indices.create({ index: `${alias}_v1`, settings: PROFILES_INDEX.settings, mappings: { ...PROFILES_INDEX.mappings, properties: olderProperties }, aliases: { [alias]: {} } });
      const allDay = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, { open: '00:00', close: '00:00' }]));
      const older = { ...fixtureDocument('biz_den_cafe'), hours: allDay, timeZone: 'America/Denver', blackoutDates: [] };
      await admin.index({ index: alias, id: `live:${older.id}`, document: older, refresh: true });

      const index = openIndex({ alias });
      try {
        const openNow = query({ opening: { at: '2026-11-22T15:30:00.000Z', openNow: true }, sort: 'name', order: 'asc' });
        expect(ids((await index.search(openNow)).hits)).toEqual([older.id]);
        const mapping = await admin.indices.getMapping({ index: alias });
        expect(Object.values(mapping)[0].mappings.properties).toHaveProperty(SCHEDULE_FIELD);
        const newer = { ...fixtureDocument('biz_aus_taco'), hours: allDay, timeZone: 'America/Chicago', blackoutDates: ['2026-11-22'] };
        expect(await index.apply(upserts([newer]))).toEqual({ failures: [] });
        const stored = await admin.search({ index: alias, query: { ids: { values: [`live:${newer.id}`] } }, docvalue_fields: [SCHEDULE_FIELD], _source: false });
        expect(stored.hits.hits[0].fields?.[SCHEDULE_FIELD]).toEqual([encodeSchedule(newer)]);
        // The newer one is closed for its blackout date; the older one is read from _source.
        expect(ids((await index.search(openNow)).hits)).toEqual([older.id]);
        expect(await index.get('live', newer.id)).toEqual(newer);
      } finally {
        await dispose(index);
      }
    });
  });

  describe('rebuilds', () => {
    let index: SearchIndex;
    let alias: string;
    beforeEach(async () => {
      index = openIndex();
      alias = aliases.get(index)!;
      await index.apply(upserts(searchDocuments));
    });
    afterEach(() => dispose(index));

    it('swaps the alias to <alias>_v2 in one step and deletes v1, while searches keep answering', async () => {
      let searching = true as boolean; // cleared once the swap is done, while the loop runs
      let answered = 0;
      const totals = new Set<number>();
      const loop = (async () => {
        while (searching) {
          const result = await index.search(query({ text: 'pizza', categoryPhrases: ['restaurant'] }));
          totals.add(result.total);
          answered++;
        }
      })();
      const batch = Array.from({ length: 300 }, (_, i) => ({ ...fixtureDocument('biz_aus_pizza'), id: `biz_gen2_${i}` }));
      await index.rebuild(async (write) => {
        for (let start = 0; start < batch.length; start += 50) {
          expect(await write(upserts(batch.slice(start, start + 50)))).toEqual({ failures: [] });
        }
      });
      searching = false;
      await loop;
      expect(answered).toBeGreaterThan(0);
      // Every answer came from one whole generation: the old one, or the complete new one.
      const before = liveDocuments.filter((doc) => doc.category === 'Restaurants').length;
      expect([...totals].every((total) => total === before || total === batch.length)).toBe(true);
      expect(await aliasTargets(alias)).toEqual([`${alias}_v2`]);
      expect(await generationsOf(alias)).toEqual([`${alias}_v2`]);
      expect((await index.search(query({ text: 'pizza', categoryPhrases: ['restaurant'] }))).total).toBe(batch.length);
    });

    it('merges the new generation into one segment per shard before it serves', async () => {
      const segmentsOf = async (target: string) =>
        ((await admin.cat.segments({ index: target, format: 'json' })) as Array<{ shard: string }>).length;
      let segmentsDuringFill = 0;
      await index.rebuild(async (write) => {
        // A long fill gets refreshed now and then; each refresh writes the buffered documents as a segment.
        for (let batch = 0; batch < 4; batch++) {
          await write(upserts([{ ...fixtureDocument('biz_den_cafe'), id: `biz_seg_${batch}` }]));
          await admin.indices.refresh({ index: `${alias}_v2` });
        }
        segmentsDuringFill = await segmentsOf(`${alias}_v2`);
      });
      expect(segmentsDuringFill).toBeGreaterThan(1);
      const shards = Number((await admin.indices.getSettings({ index: `${alias}_v2` }))[`${alias}_v2`].settings?.index?.number_of_shards);
      expect(await segmentsOf(`${alias}_v2`)).toBe(shards);
      expect((await index.search(query({ text: 'roasters' }))).total).toBe(4);
    });

    it('fills the new generation without refresh or replicas, and restores both, refreshed, before the alias moves to it', async () => {
      const proxy = await startFaultyProxy(es.url);
      const watched = openIndex({ node: proxy.url, bulk: { maxRequestBytes: 4096 } });
      const watchedAlias = aliases.get(watched)!;
      const target = `${watchedAlias}_v2`;
      const flatSettings = async () => (await admin.indices.getSettings({ index: target, flat_settings: true }))[target].settings as Record<string, unknown>;
      try {
        await watched.apply(upserts(searchDocuments));
        let during: Record<string, unknown> = {};
        let aliasDuring: string[] = [];
        const bulksBefore = proxy.bulkRequests();
        await watched.rebuild(async (write) => {
          expect(await write(upserts(liveDocuments))).toEqual({ failures: [] });
          during = await flatSettings();
          aliasDuring = await aliasTargets(watchedAlias);
        });
        expect(during).toMatchObject({ 'index.refresh_interval': '-1', 'index.number_of_replicas': '0', 'index.auto_expand_replicas': 'false' });
        expect(aliasDuring).toEqual([`${watchedAlias}_v1`]);
        // Requests cut by bytes: the fixture's documents need several 4 KB requests.
        expect(proxy.bulkRequests() - bulksBefore).toBeGreaterThan(2);
        const after = await flatSettings();
        expect(after['index.refresh_interval']).toBeUndefined();
        expect(after['index.auto_expand_replicas']).toBe('0-1');
        // In order: serving settings back, a refresh, then the alias moved.
        const seen = proxy.requests().map((request) => request.replace(/^(GET|POST) (\/\S+\/_refresh)$/, 'REFRESH $2'));
        const restored = seen.indexOf(`PUT /${target}/_settings`);
        const refreshed = seen.lastIndexOf(`REFRESH /${target}/_refresh`);
        const swapped = seen.indexOf('POST /_aliases');
        expect(restored).toBeGreaterThan(-1);
        expect(refreshed).toBeGreaterThan(restored);
        expect(swapped).toBeGreaterThan(refreshed);
        expect(await aliasTargets(watchedAlias)).toEqual([target]);
        expect(await watched.count('live')).toBe(liveDocuments.length);
      } finally {
        await dispose(watched);
        await proxy.close();
      }
    });

    it('refuses a second rebuild while one is running', async () => {
      await index.rebuild(async () => {
        await expect(index.rebuild(async () => undefined)).rejects.toBeInstanceOf(ConflictError);
      });
      expect(await aliasTargets(alias)).toEqual([`${alias}_v2`]);
    });

    it('the next rebuild removes the generation of a rebuild that died before its swap', async () => {
      await admin.indices.create({ index: `${alias}_v2` }); // what a killed process leaves behind
      await index.rebuild(async (write) => {
        await write(upserts([fixtureDocument('biz_den_cafe')]));
      });
      expect(await aliasTargets(alias)).toEqual([`${alias}_v3`]);
      expect(await generationsOf(alias)).toEqual([`${alias}_v3`]);
    });
  });

  it('two adapters opening the same new alias at once end up with one index behind it', async () => {
    const first = openIndex();
    const alias = aliases.get(first)!;
    const second = openIndex({ alias });
    await Promise.all([first.count(), second.count()]);
    expect(await aliasTargets(alias)).toEqual([`${alias}_v1`]);
    await second.close();
    await dispose(first);
  });

  describe('bulk retries (through a proxy that injects overload answers)', () => {
    let proxy: FaultyProxy;
    let index: SearchIndex;
    beforeEach(async () => {
      proxy = await startFaultyProxy(es.url);
      index = openIndex({ node: proxy.url, bulk: { baseDelayMs: 10, maxDelayMs: 50, maxAttempts: 4 } });
      await index.count(); // creates the index before faults are armed
    });
    afterEach(async () => {
      await dispose(index);
      await proxy.close();
    });

    it('retries a whole bulk request answered 429, then applies it', async () => {
      proxy.rejectNextBulks(2, 429);
      expect(await index.apply(upserts(liveDocuments))).toEqual({ failures: [] });
      expect(proxy.bulkRequests()).toBe(3);
      expect(await index.count('live')).toBe(liveDocuments.length);
    });

    it('retries only the items rejected with 429 and reports none of them once they pass', async () => {
      proxy.rejectItemsOfNextBulk([1, 3]);
      expect(await index.apply(upserts(liveDocuments.slice(0, 5)))).toEqual({ failures: [] });
      expect(proxy.bulkItemCounts()).toEqual([5, 2]);
      expect(await index.count('live')).toBe(5);
    });

    it('gives up after the last try: a request answered 503 throughout is UnavailableError', async () => {
      proxy.rejectNextBulks(10, 503);
      await expect(index.apply(upserts(liveDocuments.slice(0, 1)))).rejects.toBeInstanceOf(UnavailableError);
      expect(proxy.bulkRequests()).toBeGreaterThanOrEqual(4);
    });
  });

  it('turns an engine that does not answer into UnavailableError', async () => {
    const index = createElasticsearchIndex({ node: `http://127.0.0.1:${await freePort()}`, alias: 'nowhere', requestTimeoutMs: 2_000 });
    await expect(index.search(query({ text: 'pizza' }))).rejects.toBeInstanceOf(UnavailableError);
    await index.close();
  });
});

describe('bounded totals in the API answers on elasticsearch', () => {
  // 10 005 bakeries: more than the index counts exactly, so every answer's total is a lower bound.
  const bakeries = Array.from({ length: EXACT_TOTAL_BOUND + 5 }, (_, i) =>
    searchDocument({ id: `bake_${String(i).padStart(5, '0')}`, name: `Sourdough Bakery ${i}`, category: 'Bakeries', description: 'Sourdough bread baked daily.' }),
  );
  const dentist = searchDocument({ id: 'lone_dentist', name: 'Lone Dentist', category: 'Dental', address: { street: '1 Main St', city: 'Marfa', state: 'TX', postalCode: '79843', country: 'US' } });
  // Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
  const teardown = new AsyncDisposableStack();
  let index: SearchIndex;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let auth: { Authorization: string };

  beforeAll(async () => {
    index = teardown.adopt(openIndex(), dispose);
    expect(await index.apply(upserts([...bakeries, dentist]))).toEqual({ failures: [] });
    app = teardown.adopt(await buildTestApp({ searchIndex: index }), (opened) => opened.close());
    const caller = await signUp(app, 'totals-partner');
    await grantPartnerAccess(app.store, caller.accountId);
    auth = caller.auth;
  }, 180_000);
  afterAll(() => teardown.disposeAsync());

  it('says total is a lower bound in consumer, directory and partner answers, and counts a small result exactly', async () => {
    const consumer = await request(app.callback).post('/v1/api/v1/consumer/search').set(auth).send({ query: 'sourdough bakery' });
    expect(consumer.status).toBe(200);
    expect(consumer.body.data).toMatchObject({ total: 10000, totalIsEstimate: true, pagination: { hasMore: true } });
    expect(consumer.body.data.response).toMatch(/^Found at least 10000 places/);

    const directory = await request(app.callback).get('/v1/api/v1/directory?category=bakeries&limit=5').set(auth);
    expect(directory.body.data.pagination).toEqual({ total: 10000, totalIsEstimate: true, limit: 5, offset: 0, hasMore: true });
    const partner = await request(app.callback).get('/v1/api/v1/partners/search?q=sourdough&limit=5').set(auth);
    expect(partner.body.data.pagination).toEqual({ total: 10000, totalIsEstimate: true, limit: 5, offset: 0, hasMore: true });

    const small = await request(app.callback).get('/v1/api/v1/directory?city=Marfa').set(auth);
    expect(small.body.data.pagination).toEqual({ total: 1, totalIsEstimate: false, limit: 20, offset: 0, hasMore: false });
  });

  it('says so in GraphQL too', async () => {
    const response = await request(app.callback)
      .post('/v1/graphql')
      .set(auth)
      .send({ query: '{ search(query: "sourdough bakery") { total totalIsEstimate } directory(category: "bakeries") { total totalIsEstimate } }' });
    expect(response.body.data).toEqual({ search: { total: 10000, totalIsEstimate: true }, directory: { total: 10000, totalIsEstimate: true } });
  });
});

function haversineKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = (degrees: number): number => (degrees * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}
