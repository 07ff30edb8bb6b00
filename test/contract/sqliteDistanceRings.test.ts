// Nearest-first pages of the embedded index read through growing circles (distanceRings.ts):
// every page must be the one a full sort gives. Restaurants due north of central Austin, number k
// at k x 0.1 km, two more sharing one point at 0.95 km, cafes in between; inserted far ones first
// so row ids do not follow distance. Every expected list is worked out by hand.
import { createSqliteSearchIndex } from '../../src/adapters/sqlite/search/sqliteSearchIndex';
import type { SearchDocument, SearchIndex, SearchQuery } from '../../src/ports/searchIndex';
import { searchDocument } from '../fixtures/searchDocument';

const CENTRE = { lat: 30.2672, lon: -97.7431 };
const KM_PER_DEGREE_LAT = 111.195;
const north = (km: number) => ({ lat: CENTRE.lat + km / KM_PER_DEGREE_LAT, lon: CENTRE.lon });

const restaurant = (k: number): SearchDocument =>
  searchDocument({ id: `biz_ring_${String(k).padStart(2, '0')}`, name: `Restaurant ${k}`, coordinates: north(k * 0.1) });
const cafe = (k: number): SearchDocument =>
  searchDocument({ id: `biz_ring_cafe_${k}`, name: `Cafe ${k}`, category: 'cafes', coordinates: north(k * 0.1 + 0.05) });
const ties = ['biz_ring_tie_b', 'biz_ring_tie_a'].map((id) => searchDocument({ id, name: id, coordinates: north(0.95) }));

/** By hand: 1..9 (0.1 to 0.9 km), the two at 0.95 km by id, then 10..30. */
const NEAREST_FIRST = [
  ...Array.from({ length: 9 }, (_, i) => `biz_ring_0${i + 1}`),
  'biz_ring_tie_a',
  'biz_ring_tie_b',
  ...Array.from({ length: 21 }, (_, i) => `biz_ring_${i + 10}`),
];

describe('embedded index: nearest-first pages through growing circles', () => {
  let index: SearchIndex;
  beforeAll(async () => {
    index = createSqliteSearchIndex({ file: ':memory:' });
    const documents = [
      ...Array.from({ length: 30 }, (_, i) => restaurant(30 - i)),
      ...ties,
      ...Array.from({ length: 10 }, (_, i) => cafe(i + 1)),
      searchDocument({ id: 'biz_ring_far', name: 'Far Away', coordinates: north(25) }),
    ];
    expect((await index.apply(documents.map((document) => ({ type: 'upsert', document })))).failures).toEqual([]);
  });
  afterAll(() => index.close());

  const page = (fields: Partial<SearchQuery>) =>
    index.search({
      environment: 'live',
      categories: ['restaurants'],
      near: { ...CENTRE, radiusKm: 20 },
      sort: 'distance',
      order: 'asc',
      limit: 4,
      offset: 0,
      ...fields,
    });
  const ids = (result: { hits: Array<{ document: SearchDocument }> }) => result.hits.map((hit) => hit.document.id);

  it('answers the first page from a small circle, with the distances and the whole radius counted', async () => {
    // The 0.3125 km circle holds three restaurants, the 0.625 km one six: the page comes from it.
    const first = await page({});
    expect(ids(first)).toEqual(['biz_ring_01', 'biz_ring_02', 'biz_ring_03', 'biz_ring_04']);
    expect(first.hits.map((hit) => Number(hit.distanceKm?.toFixed(3)))).toEqual([0.1, 0.2, 0.3, 0.4]);
    // 30 + 2 restaurants within 20 km; the cafes and the one at 25 km are not counted.
    expect(first.total).toBe(32);
    expect(first.totalIsEstimate).toBe(false);
  });

  it('pages through every match in the order of a full sort, ties by id across a circle edge', async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < 40; offset += 4) {
      const result = await page({ offset });
      expect(result.total).toBe(32);
      seen.push(...ids(result));
    }
    expect(seen).toEqual(NEAREST_FIRST);
    // Pages of other sizes cut the same order elsewhere (3 restaurants fill the first circle exactly).
    expect(ids(await page({ limit: 3 }))).toEqual(NEAREST_FIRST.slice(0, 3));
    expect(ids(await page({ limit: 7, offset: 5 }))).toEqual(NEAREST_FIRST.slice(5, 12));
  });

  it('keeps the other filters inside every circle', async () => {
    const cafes = await page({ categories: ['cafes'], limit: 2 });
    expect(ids(cafes)).toEqual(['biz_ring_cafe_1', 'biz_ring_cafe_2']);
    expect(cafes.total).toBe(10);
    // No category: restaurants and cafes interleave (0.1, 0.15, 0.2, 0.25 km).
    expect(ids(await page({ categories: undefined }))).toEqual(['biz_ring_01', 'biz_ring_cafe_1', 'biz_ring_02', 'biz_ring_cafe_2']);
    // A radius smaller than the first circle: only what lies within it.
    const close = await page({ near: { ...CENTRE, radiusKm: 0.25 } });
    expect(ids(close)).toEqual(['biz_ring_01', 'biz_ring_02']);
    expect(close.total).toBe(2);
  });

  it('sorts across the antimeridian, which the cells leave to the FTS plan', async () => {
    const fiji = { lat: -17.7, lon: 179.995 };
    await index.apply([
      // 0.005 degrees of longitude at 17.7 S are about 0.53 km, 0.015 about 1.59 km.
      { type: 'upsert', document: searchDocument({ id: 'biz_fiji_east', name: 'East', coordinates: { lat: -17.7, lon: -179.99 } }) },
      { type: 'upsert', document: searchDocument({ id: 'biz_fiji_west', name: 'West', coordinates: { lat: -17.7, lon: 179.99 } }) },
    ]);
    const found = await page({ near: { ...fiji, radiusKm: 10 } });
    expect(ids(found)).toEqual(['biz_fiji_west', 'biz_fiji_east']);
    expect(found.hits.map((hit) => Number(hit.distanceKm?.toFixed(2)))).toEqual([0.53, 1.59]);
  });
});
