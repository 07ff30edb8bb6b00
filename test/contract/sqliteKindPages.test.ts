// Kind and place pages without words, worked out by hand: nearest first from place records
// (topPlaces.ts: "dentists near me open on Saturday", "bars open late", several kinds at once),
// and listings in a field order from the kinds' own index (kindWalk.ts: "restaurants in Austin"
// by visibility, by rating, by name). The randomized comparison with the exhaustive plans is
// sqliteKindPagesRandom.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KIND_LISTS_MIGRATION } from '../../src/adapters/sqlite/search/indexState';
import { generationTables } from '../../src/adapters/sqlite/search/indexTables';
import { rankExtension } from '../../src/adapters/sqlite/search/rankExtension';
import { searchPlan } from '../../src/adapters/sqlite/search/searchPlan';
import { createSqliteSearchIndex } from '../../src/adapters/sqlite/search/sqliteSearchIndex';
import type { SqliteDatabase } from '../../src/adapters/sqlite/openDatabase';
import type { WeeklyHours } from '../../src/domain/profile';
import type { SearchDocument, SearchIndex, SearchQuery } from '../../src/ports/searchIndex';
import { searchDocument } from '../fixtures/searchDocument';
import { asWrittenBefore, listMarks, searchingConnection } from '../support/randomSearchCorpus';

const library = rankExtension().library;
if (library === null) console.log('sqliteKindPages: skipped, the native extension cannot be built here (no C compiler)');
const describeNative = library === null ? describe.skip : describe;

const AUSTIN = { lat: 30.2672, lon: -97.7431 };
/** k x 0.5 km due north of central Austin: nearer k, nearer the point. */
const north = (k: number) => ({ lat: AUSTIN.lat + (k * 0.5) / 111.195, lon: AUSTIN.lon });
const DENTIST = 'amenity/dentist';
const CLINIC = 'amenity/clinic';
const BAR = 'amenity/bar';
const SATURDAY = '2026-11-28T18:00:00.000Z'; // noon in Austin (CST), a Saturday
const WEEKDAYS_ONLY: WeeklyHours = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => [day, { open: '09:00', close: '17:00' }]));
const WITH_SATURDAY: WeeklyHours = { ...WEEKDAYS_ONLY, saturday: { open: '09:00', close: '13:00' } };
const LATE_SATURDAY: WeeklyHours = { saturday: { open: '18:00', close: '02:00' } };
const EARLY_SATURDAY: WeeklyHours = { saturday: { open: '10:00', close: '21:00' } };

function place(k: number, suffix: string, kinds: string[], fields: Partial<SearchDocument> = {}): SearchDocument {
  return searchDocument({
    id: `biz_k${String(k).padStart(2, '0')}${suffix}`,
    name: `Place ${k}${suffix}`,
    category: 'health',
    categoryKeys: kinds,
    coordinates: north(k),
    timeZone: 'America/Chicago',
    hours: WEEKDAYS_ONLY,
    ...fields,
  });
}

// Row ids are given in this order, far ones first: they never follow distance.
const NEAR_CORPUS: SearchDocument[] = [
  place(12, '', [DENTIST], { hours: WITH_SATURDAY }),
  place(10, '', [BAR], { hours: LATE_SATURDAY, blackoutDates: ['2026-11-28'] }),
  place(9, '', [BAR], { hours: EARLY_SATURDAY }),
  // Two dentists at one spot: equal distances, so BINARY id order ('B' before 'a').
  place(8, 'a', [DENTIST], { hours: WITH_SATURDAY, verificationLevel: 'premium' }),
  place(8, 'B', [DENTIST], { hours: WITH_SATURDAY }),
  place(7, '', [DENTIST], { coordinates: undefined, hours: WITH_SATURDAY }),
  place(6, '', [DENTIST], { hours: WITH_SATURDAY, verificationLevel: 'basic', minPrice: 80 }),
  place(5, '', [CLINIC]),
  place(4, '', [DENTIST], { hours: WITH_SATURDAY, verificationLevel: 'premium', minPrice: 150 }),
  place(3, '', [BAR], { hours: LATE_SATURDAY }),
  place(2, '', [DENTIST, CLINIC]),
  place(1, '', [DENTIST], { hours: WITH_SATURDAY, verificationLevel: 'verified', minPrice: 40 }),
  place(1, 't', [DENTIST], { environment: 'test', hours: WITH_SATURDAY }),
];

describeNative('kind and place pages near a point, from place records, on a hand-written corpus', () => {
  let index: SearchIndex;
  beforeAll(async () => {
    index = createSqliteSearchIndex({ file: ':memory:' });
    expect(await index.apply(NEAR_CORPUS.map((document) => ({ type: 'upsert' as const, document })))).toEqual({ failures: [] });
  });
  afterAll(() => index.close());

  const nearest = (fields: Partial<SearchQuery>) =>
    index.search({ environment: 'live', categoryKeys: [DENTIST], near: { ...AUSTIN, radiusKm: 10 }, sort: 'distance', order: 'asc', limit: 20, offset: 0, ...fields });
  const ids = (result: { hits: Array<{ document: SearchDocument }> }) => result.hits.map((hit) => hit.document.id.slice(5));

  it('answers nearest-first pages without words from place records', () => {
    const plan = searchPlan({ environment: 'live', categoryKeys: [DENTIST], near: { ...AUSTIN, radiusKm: 10 }, sort: 'distance', order: 'asc', limit: 20, offset: 0 }, generationTables(1), { kindLists: true });
    expect(plan.topPlaces?.kinds).toEqual(['l:amenity/dentist']);
  });

  it('lists the live dentists with coordinates by distance, the two at one spot by id, and counts them', async () => {
    const found = await nearest({});
    expect(ids(found)).toEqual(['01', '02', '04', '06', '08B', '08a', '12']);
    expect(found.total).toBe(7);
    expect(found.hits.map((hit) => Math.round(hit.distanceKm! * 10) / 10)).toEqual([0.5, 1, 2, 3, 4, 4, 6]);
  });

  it('pages: the second page of three starts at the tie', async () => {
    const page = await nearest({ limit: 3, offset: 3 });
    expect(ids(page)).toEqual(['06', '08B', '08a']);
    expect(page.total).toBe(7);
  });

  it('keeps to the radius', async () => {
    const found = await nearest({ near: { ...AUSTIN, radiusKm: 3.5 } });
    expect(ids(found)).toEqual(['01', '02', '04', '06']);
    expect(found.total).toBe(4);
  });

  it('open on Saturday: the dentists with Saturday hours', async () => {
    const found = await nearest({ opening: { at: SATURDAY, day: 'saturday' } });
    expect(ids(found)).toEqual(['01', '04', '06', '08B', '08a', '12']);
    expect(found.total).toBe(6);
  });

  it('several kinds: dentists or clinics, the one that is both listed once', async () => {
    const found = await nearest({ categoryKeys: [DENTIST, CLINIC] });
    expect(ids(found)).toEqual(['01', '02', '04', '05', '06', '08B', '08a', '12']);
    expect(found.total).toBe(8);
  });

  it('verification and price filters', async () => {
    expect(ids(await nearest({ verificationLevels: ['verified', 'premium'] }))).toEqual(['01', '04', '08a']);
    const cheap = await nearest({ maxPrice: 100 });
    expect(ids(cheap)).toEqual(['01', '06']);
    expect(cheap.total).toBe(2);
  });

  it('bars open late today: the exact rules decide what the masks let through (a blackout date, an early close)', async () => {
    const found = await nearest({ categoryKeys: [BAR], opening: { at: SATURDAY, relativeDay: 'today', late: true } });
    expect(ids(found)).toEqual(['03']);
    expect(found.total).toBe(1);
  });

  it('without kinds: every live business of the circle that passes the filters', async () => {
    const found = await nearest({ categoryKeys: undefined, near: { ...AUSTIN, radiusKm: 4.2 }, verificationLevels: ['none', 'basic'] });
    expect(ids(found)).toEqual(['02', '03', '05', '06', '08B']);
    expect(found.total).toBe(5);
  });

  it('in the test environment, its own dentist only', async () => {
    const found = await nearest({ environment: 'test' });
    expect(ids(found)).toEqual(['01t']);
    expect(found.total).toBe(1);
  });
});

const RESTAURANT = 'amenity/restaurant';
const CAFE = 'amenity/cafe';

function listed(n: string, kinds: string[], fields: Partial<SearchDocument>): SearchDocument {
  return searchDocument({ id: `biz_w${n}`, name: `Listing ${n}`, categoryKeys: kinds, ...fields });
}

const HOUSTON = { street: '1 Main St', city: 'Houston', state: 'TX', postalCode: '77002', country: 'US' };
// Visibility ties (70: 03, 05, 06; 60: 01, 08), rating ties (4.5: 02, 05, broken by reviews; 4.5 and
// 40 reviews: 02, 05), one restaurant in Houston, one that is a restaurant and a cafe.
const WALK_CORPUS: SearchDocument[] = [
  listed('01', [RESTAURANT], { aiVisibilityScore: 60, averageRating: 4.1, reviewCount: 10, name: 'Delta' }),
  listed('02', [RESTAURANT], { aiVisibilityScore: 90, averageRating: 4.5, reviewCount: 40, name: 'alpha' }),
  listed('03', [RESTAURANT, CAFE], { aiVisibilityScore: 70, averageRating: 3.9, reviewCount: 99, name: 'Charlie' }),
  listed('04', [CAFE], { aiVisibilityScore: 95, averageRating: 4.8, reviewCount: 5, name: 'Echo' }),
  listed('05', [RESTAURANT], { aiVisibilityScore: 70, averageRating: 4.5, reviewCount: 40, name: 'bravo' }),
  listed('06', [RESTAURANT], { aiVisibilityScore: 70, averageRating: 4.7, reviewCount: 3, name: 'Foxtrot', address: HOUSTON }),
  listed('07', [RESTAURANT], { aiVisibilityScore: 20, averageRating: 2.0, reviewCount: 1, name: 'Golf', verificationLevel: 'verified' }),
  listed('08', [CAFE], { aiVisibilityScore: 60, averageRating: 4.0, reviewCount: 8, name: 'Hotel' }),
];

describeNative('kind listings in a field order, from the kinds\' own index, on a hand-written corpus', () => {
  // Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
  const teardown = new AsyncDisposableStack();
  let dir: string;
  let index: SearchIndex;
  let db: SqliteDatabase;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kind-walk-'));
    teardown.defer(() => rmSync(dir, { recursive: true, force: true }));
    index = teardown.adopt(createSqliteSearchIndex({ file: join(dir, 'search.db') }), (opened) => opened.close());
    expect(await index.apply(WALK_CORPUS.map((document) => ({ type: 'upsert' as const, document })))).toEqual({ failures: [] });
    db = teardown.adopt(searchingConnection(join(dir, 'search.db'), library), (opened) => {
      opened.close();
    });
  });
  afterAll(() => teardown.disposeAsync());

  const query = (fields: Partial<SearchQuery>): SearchQuery => ({ environment: 'live', categoryKeys: [RESTAURANT], sort: 'aiVisibilityScore', order: 'desc', limit: 20, offset: 0, ...fields });
  /** The page as the search answers it (the walk or the FTS page, whichever the counts pick), and as the walk alone reads it. */
  const listing = async (fields: Partial<SearchQuery>) => {
    const found = await index.search(query(fields));
    const plan = searchPlan(query(fields), generationTables(1), { kindLists: true });
    const walked = db.prepare(plan.kindWalk!.pageSql).all(plan.params) as Array<{ rowId: number }>;
    const walkedIds = walked.map(({ rowId }) => (db.prepare('SELECT id FROM search_documents_g1 WHERE row_id = ?').pluck().get(rowId) as string).slice(5));
    expect(walkedIds).toEqual(found.hits.map((hit) => hit.document.id.slice(5)));
    return found;
  };
  const ns = (result: { hits: Array<{ document: SearchDocument }> }) => result.hits.map((hit) => hit.document.id.slice(5));

  it('walks the kinds\' index, not the FTS matches, testing the city there and reading documents rows only for row filters', () => {
    const walk = (fields: Partial<SearchQuery>) => searchPlan(query(fields), generationTables(1), { kindLists: true }).kindWalk?.pageSql;
    expect(walk({ city: 'Austin' })).toContain('FROM search_kinds_g1 AS k WHERE k.environment = @environment AND k.kind = @walkKind0 AND k.city_norm IN (@city0)');
    expect(walk({ minRating: 4 })).toContain('FROM search_kinds_g1 AS k CROSS JOIN search_documents_g1 AS d ON d.row_id = k.row_id');
  });

  it('by visibility, ties by id in the same direction, and pages through them', async () => {
    const found = await listing({});
    expect(ns(found)).toEqual(['02', '06', '05', '03', '01', '07']);
    expect(found.total).toBe(6);
    expect(ns(await listing({ limit: 2, offset: 2 }))).toEqual(['05', '03']);
    expect(ns(await listing({ order: 'asc', limit: 3 }))).toEqual(['07', '01', '03']);
  });

  it('with a city: Houston\'s restaurant left out of Austin\'s', async () => {
    const found = await listing({ city: 'Austin' });
    expect(ns(found)).toEqual(['02', '05', '03', '01', '07']);
    expect(found.total).toBe(5);
  });

  it('by rating, then reviews, then id', async () => {
    expect(ns(await listing({ sort: 'rating' }))).toEqual(['06', '05', '02', '01', '03', '07']);
  });

  it('by name (lower case), ascending', async () => {
    expect(ns(await listing({ sort: 'name', order: 'asc' }))).toEqual(['02', '05', '03', '01', '06', '07']);
  });

  it('several kinds: restaurants or cafes, the one that is both listed once', async () => {
    const found = await listing({ categoryKeys: [RESTAURANT, CAFE] });
    expect(ns(found)).toEqual(['04', '02', '06', '05', '03', '08', '01', '07']);
    expect(found.total).toBe(8);
    expect(ns(await listing({ categoryKeys: [CAFE, RESTAURANT], limit: 3, offset: 4 }))).toEqual(['03', '08', '01']);
  });

  it('with a verification filter, and a kind nobody has', async () => {
    const verified = await listing({ verificationLevels: ['verified'] });
    expect(ns(verified)).toEqual(['07']);
    expect(verified.total).toBe(1);
    const none = await listing({ categoryKeys: ['amenity/dentist'] });
    expect(ns(none)).toEqual([]);
    expect(none.total).toBe(0);
  });

  it('after a business changes its kinds and another is deleted', async () => {
    await index.apply([
      { type: 'upsert', document: { ...WALK_CORPUS[3], categoryKeys: [RESTAURANT] } },
      { type: 'delete', environment: 'live', id: 'biz_w02' },
    ]);
    const found = await listing({});
    expect(ns(found)).toEqual(['04', '06', '05', '03', '01', '07']);
    expect(found.total).toBe(6);
  });
});

describeNative('kind lists of an index file written before them', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kind-lists-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const dentists: SearchQuery = { environment: 'live', categoryKeys: [DENTIST], near: { ...AUSTIN, radiusKm: 10 }, sort: 'distance', order: 'asc', limit: 20, offset: 0 };
  const ids = (result: { hits: Array<{ document: SearchDocument }> }) => result.hits.map((hit) => hit.document.id.slice(5));

  it('gets empty kind lists, answers kind searches from the SQL plans and text from the search lists, and is marked after a rebuild', async () => {
    const file = join(dir, 'search.db');
    const first = createSqliteSearchIndex({ file });
    await first.apply(NEAR_CORPUS.map((document) => ({ type: 'upsert' as const, document })));
    await first.close();
    // As the version before the kind lists wrote it: no kind tables, no mark, their migration not run.
    asWrittenBefore(file, { tables: ['search_kind_places_g1', 'search_kinds_g1'], markPrefix: 'kinds_g', migration: KIND_LISTS_MIGRATION });

    const index = createSqliteSearchIndex({ file });
    try {
      expect(listMarks(file)).toEqual({ listed: [1], kindsListed: [] });
      expect(ids(await index.search(dentists))).toEqual(['01', '02', '04', '06', '08B', '08a', '12']);
      await index.rebuild(async (write) => {
        await write(NEAR_CORPUS.map((document) => ({ type: 'upsert' as const, document })));
      });
      expect(listMarks(file)).toEqual({ listed: [2], kindsListed: [2] });
      expect(ids(await index.search(dentists))).toEqual(['01', '02', '04', '06', '08B', '08a', '12']);
    } finally {
      await index.close();
    }
  });
});
