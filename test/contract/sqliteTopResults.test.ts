// Pinned results of the embedded index on a small hand-written corpus, so changes made for
// scale (opening bitsets, index build order) cannot move a listing or a time filter.
// Twenty-six businesses due north of central Austin, number k at k x 0.5 km (k = 1..26), inserted
// out of order so row ids do not follow distance. Every expected list below is worked out by hand.
import { createSqliteSearchIndex } from '../../src/adapters/sqlite/search/sqliteSearchIndex';
import type { WeeklyHours } from '../../src/domain/profile';
import type { SearchDocument, SearchIndex, SearchQuery } from '../../src/ports/searchIndex';
import { searchDocument } from '../fixtures/searchDocument';

const CENTRE = { lat: 30.2672, lon: -97.7431 };
const KM_PER_DEGREE_LAT = 111.195;
const CAFES = new Set([4, 9, 15]);
const OFFICE: WeeklyHours = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => [day, { open: '09:00', close: '17:00' }]));
// Friday and Saturday nights, each running past midnight to 02:00.
const NIGHTLIFE: WeeklyHours = { friday: { open: '18:00', close: '02:00' }, saturday: { open: '18:00', close: '02:00' } };
const SUNDAY_NIGHT: WeeklyHours = { sunday: { open: '22:00', close: '03:00' } };
/** Local dates (Austin) a business is closed on. */
const BLACKOUTS: Record<number, string[]> = { 3: ['2026-11-28'], 5: ['2026-11-27'], 7: ['2026-11-29'] };

const id = (k: number) => `biz_pin_${String(k).padStart(2, '0')}`;

function business(k: number): SearchDocument {
  return searchDocument({
    id: id(k),
    name: `Place ${k}`,
    category: CAFES.has(k) ? 'cafes' : 'restaurants',
    coordinates: { lat: CENTRE.lat + (k * 0.5) / KM_PER_DEGREE_LAT, lon: CENTRE.lon },
    hours: k === 26 ? SUNDAY_NIGHT : k % 2 === 1 ? NIGHTLIFE : OFFICE,
    timeZone: 'America/Chicago',
    blackoutDates: BLACKOUTS[k] ?? [],
  });
}

describe('embedded index: pinned top results on a hand-written corpus', () => {
  let index: SearchIndex;
  beforeAll(async () => {
    index = createSqliteSearchIndex({ file: ':memory:' });
    // Far ones first, then the near ones, odd before even: row ids unrelated to distance.
    const order = [...Array.from({ length: 13 }, (_, i) => 26 - 2 * i), ...Array.from({ length: 13 }, (_, i) => 2 * i + 1)];
    const result = await index.apply(order.map((k) => ({ type: 'upsert', document: business(k) })));
    expect(result.failures).toEqual([]);
  });
  afterAll(() => index.close());

  const nearest = (fields: Partial<SearchQuery>) =>
    index.search({
      environment: 'live',
      categories: ['restaurants'],
      near: { ...CENTRE, radiusKm: 20 },
      sort: 'distance',
      order: 'asc',
      limit: 20,
      offset: 0,
      ...fields,
    });
  const ks = (result: { hits: Array<{ document: SearchDocument }> }) => result.hits.map((hit) => Number(hit.document.id.slice(-2)));

  it('lists the twenty nearest restaurants by distance, cafes left out, with every match counted', async () => {
    const found = await nearest({});
    expect(ks(found)).toEqual([1, 2, 3, 5, 6, 7, 8, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20, 21, 22, 23]);
    expect(found.total).toBe(23);
    expect(found.hits[0].distanceKm).toBeCloseTo(0.5, 2);
    expect(found.hits[19].distanceKm).toBeCloseTo(11.5, 2);
  });

  it('pages on from the twentieth', async () => {
    expect(ks(await nearest({ offset: 20 }))).toEqual([24, 25, 26]);
  });

  it('open now at Saturday 01:30 in Austin: Friday night spans past midnight, minus the blackouts of Saturday and of Friday', async () => {
    // 2026-11-28 01:30 CST = 07:30 UTC. Odd restaurants keep Friday 18:00-02:00; 3 is closed on
    // Saturday the 28th, and 5's Friday the 27th was a blackout, which closes its tail past midnight.
    const found = await nearest({ opening: { at: '2026-11-28T07:30:00.000Z', openNow: true } });
    expect(ks(found)).toEqual([1, 7, 11, 13, 17, 19, 21, 23, 25]);
    expect(found.total).toBe(9);
  });

  it('open now at Saturday 02:00 in Austin: the night has closed', async () => {
    const found = await nearest({ opening: { at: '2026-11-28T08:00:00.000Z', openNow: true } });
    expect(ks(found)).toEqual([]);
    expect(found.total).toBe(0);
  });

  it('open now at Monday 02:59 in Austin: a Sunday night span still open, then closed at 03:00', async () => {
    // 2026-11-30 02:59 CST = 08:59 UTC; 03:00 CST = 09:00 UTC. Only 26 has Sunday 22:00-03:00.
    expect(ks(await nearest({ opening: { at: '2026-11-30T08:59:00.000Z', openNow: true } }))).toEqual([26]);
    expect(ks(await nearest({ opening: { at: '2026-11-30T09:00:00.000Z', openNow: true } }))).toEqual([]);
  });

  it('open on Saturday: every business with Saturday hours, blackout dates aside (a weekday, not a date)', async () => {
    const found = await nearest({ opening: { at: '2026-11-25T12:00:00.000Z', day: 'saturday' } });
    expect(ks(found)).toEqual([1, 3, 5, 7, 11, 13, 17, 19, 21, 23, 25]);
  });

  it('open weekends: Saturday or Sunday hours', async () => {
    const found = await nearest({ opening: { at: '2026-11-25T12:00:00.000Z', weekend: true } });
    expect(ks(found)).toEqual([1, 3, 5, 7, 11, 13, 17, 19, 21, 23, 25, 26]);
  });
});

describe('embedded index: pinned text ranking on a hand-written corpus', () => {
  // "ramen" in the name (bm25 weight 4) beats "ramen" in the description (weight 1) whatever the
  // length here; within each group, a longer row scores lower (bm25's length normalisation). Row
  // k of each group has 3k filler words, so the order is by k, name group first. All are bars:
  // "ramen" also matches the restaurants category (categorySynonyms), which none of them is.
  const filler = (k: number) => Array.from({ length: k * 3 }, (_, i) => `word${i}`).join(' ');
  const docs = [
    ...Array.from({ length: 8 }, (_, i) => searchDocument({ id: `biz_name_${i + 1}`, name: 'Ramen Bar', category: 'bars', description: filler(i + 1) })),
    ...Array.from({ length: 8 }, (_, i) => searchDocument({ id: `biz_desc_${i + 1}`, name: 'Noodle Bar', category: 'bars', description: `ramen ${filler(i + 1)}` })),
    ...Array.from({ length: 6 }, (_, i) => searchDocument({ id: `biz_none_${i + 1}`, name: 'Taco Stand', category: 'bars', description: filler(i + 1) })),
  ];
  let index: SearchIndex;
  beforeAll(async () => {
    index = createSqliteSearchIndex({ file: ':memory:' });
    await index.apply([...docs].reverse().map((document) => ({ type: 'upsert', document })));
  });
  afterAll(() => index.close());

  it('returns the same top 20 as before: name matches by length, then description matches by length', async () => {
    const found = await index.search({ environment: 'live', text: 'ramen', textComplete: true, near: { ...CENTRE, radiusKm: 10 }, sort: 'relevance', order: 'desc', limit: 20, offset: 0 });
    expect(found.hits.map((hit) => hit.document.id)).toEqual([
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((k) => `biz_name_${k}`),
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((k) => `biz_desc_${k}`),
    ]);
    expect(found.total).toBe(16);
  });
});
