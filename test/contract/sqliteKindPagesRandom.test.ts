// Kind and place pages without words against the exhaustive plans, on thousands of random filter
// combinations over a generated corpus (several kinds a business, shared kinds, businesses at the
// same spot, sort keys that tie, hours across midnight, blackout dates, prices, verification
// levels, both environments):
//   - nearest first from place records (topPlaces.ts) against the SQL plan that reads and sorts
//     every business of the whole circle: the same page (ids and distances, in order) and the same
//     total, or with counting stopped early a lower bound of at least the bound asked;
//   - a field order from the kinds' index (kindWalk.ts) against the FTS page, which reads every
//     match and sorts them: the same page and, through the search itself, the same total;
//   - words with kinds in a field order: the walk of the kinds' index that keeps the MATCH's rows
//     (whose tags hold the kinds) against the FTS page, every row of a kind asked for;
// after batches of writes, after live updates, moves and deletes, and after a rebuild that writes
// the lists in bulk.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createIndexState } from '../../src/adapters/sqlite/search/indexState';
import { generationTables } from '../../src/adapters/sqlite/search/indexTables';
import { readPageRows, type PageRows } from '../../src/adapters/sqlite/search/readPage';
import { rankExtension } from '../../src/adapters/sqlite/search/rankExtension';
import { searchPlan } from '../../src/adapters/sqlite/search/searchPlan';
import { createSqliteSearchIndex } from '../../src/adapters/sqlite/search/sqliteSearchIndex';
import { createStatementCache } from '../../src/adapters/sqlite/search/statementCache';
import { readTopPlaces } from '../../src/adapters/sqlite/search/topPlaces';
import { createTotalsCache } from '../../src/adapters/sqlite/search/totalsCache';
import type { SqliteDatabase } from '../../src/adapters/sqlite/openDatabase';
import type { VerificationLevel } from '../../src/domain/profile';
import { normalizeKeyword, type SearchDocument, type SearchIndex, type SearchQuery } from '../../src/ports/searchIndex';
import { createSeededRandom, type SeededRandom } from '../../scripts/bench/seededRandom';
import { searchDocument } from '../fixtures/searchDocument';
import { applyChurn, BLACKOUT_DAYS, randomOpeningFilter, randomWeeklyHours, rebuildWith, searchingConnection } from '../support/randomSearchCorpus';

const library = rankExtension().library;
if (library === null) console.log('sqliteKindPagesRandom: skipped, the native extension cannot be built here (no C compiler)');
const describeNative = library === null ? describe.skip : describe;

// A kind key in two spellings: the filter compares keys as normalizeKeyword leaves them.
const KINDS = ['amenity/restaurant', 'amenity/cafe', 'shop/coffee', 'amenity/dentist', 'amenity/bar', 'amenity/pub', 'craft/plumber', 'Amenity/Clinic', 'amenity/clinic'];
const CENTRES = [
  { lat: 30.2672, lon: -97.7431, city: 'Austin', state: 'TX', zone: 'America/Chicago' },
  { lat: 40.7128, lon: -74.006, city: 'New York', state: 'NY', zone: 'America/New_York' },
  { lat: 34.0522, lon: -118.2437, city: 'Los Angeles', state: 'CA', zone: 'America/Los_Angeles' },
];
const LEVELS: VerificationLevel[] = ['none', 'basic', 'verified', 'premium', 'certified'];
const NAMES = ['Alpha', 'beta', 'Gamma', 'delta', 'Épsilon', 'zeta'];

/** Spots some businesses share (equal distances, so ties by id). */
const SPOTS = CENTRES.flatMap((centre) => Array.from({ length: 12 }, (_, i) => ({ lat: Number((centre.lat + (i - 6) * 0.004).toFixed(6)), lon: centre.lon })));

function document(random: SeededRandom, n: number): SearchDocument {
  const centre = random.pick(CENTRES);
  const km = 20 * Math.sqrt(random.next());
  const bearing = random.between(0, 2 * Math.PI);
  const point = random.chance(0.1)
    ? random.pick(SPOTS)
    : {
        lat: Number((centre.lat + (km * Math.cos(bearing)) / 111.2).toFixed(6)),
        lon: Number((centre.lon + (km * Math.sin(bearing)) / (111.2 * Math.cos((centre.lat * Math.PI) / 180))).toFixed(6)),
      };
  return searchDocument({
    id: `biz_${String(n).padStart(5, '0')}${random.pick(['a', 'B', 'z'])}`,
    environment: random.chance(0.1) ? 'test' : 'live',
    name: `${random.pick(NAMES)} ${random.int(1, 9)}`,
    category: 'restaurants',
    categoryKeys: random.sample(KINDS, random.int(0, 3)),
    address: { street: '1 Main St', city: centre.city, state: centre.state, postalCode: '78701', country: 'US' },
    ...(random.chance(0.95) && { coordinates: point }),
    timeZone: centre.zone,
    hours: randomWeeklyHours(random, 0.2),
    blackoutDates: random.chance(0.3) ? random.sample(BLACKOUT_DAYS, random.int(1, 2)).sort() : [],
    verificationLevel: random.pick(LEVELS),
    // Few distinct values: ties on every sort key.
    averageRating: random.pick([3.5, 4, 4.5, 5]),
    reviewCount: random.pick([0, 10, 40, 200]),
    aiVisibilityScore: random.pick([20, 50, 50, 70, 90]),
    ...(random.chance(0.7) && { minPrice: random.int(5, 300) }),
  });
}

/** A search without words: kinds (or none near a point) with any of the filters. */
function query(random: SeededRandom, near: boolean): SearchQuery {
  const centre = random.pick(CENTRES);
  const q: SearchQuery = {
    environment: random.chance(0.1) ? 'test' : 'live',
    sort: near ? 'distance' : random.pick(['aiVisibilityScore', 'rating', 'name', 'relevance'] as const),
    order: near ? 'asc' : random.pick(['asc', 'desc'] as const),
    limit: random.pick([1, 5, 10, 20, 100]),
    offset: random.chance(0.25) ? random.int(1, 40) : 0,
  };
  const kinds = random.sample(KINDS, random.int(near ? 0 : 1, 3));
  if (kinds.length > 0) q.categoryKeys = kinds;
  if (near || random.chance(0.1)) q.near = { lat: centre.lat + random.between(-0.05, 0.05), lon: centre.lon + random.between(-0.05, 0.05), radiusKm: random.pick([0.5, 1, 3, 5, 10, 25, 60]) };
  if (!near && random.chance(0.3)) q.city = centre.city;
  if (!near && random.chance(0.1)) q.state = centre.state;
  if (!near && random.chance(0.1)) q.country = 'US';
  if (random.chance(0.2)) q.verificationLevels = random.sample(LEVELS, random.int(1, 3));
  if (random.chance(0.15)) q.maxPrice = random.int(10, 200);
  if (random.chance(0.15)) q.minRating = random.pick([4, 4.5]);
  if (random.chance(0.1)) q.minReviewCount = random.pick([10, 40]);
  if (random.chance(0.3)) q.opening = randomOpeningFilter(random);
  return q;
}

/** A page as the port would see it: ids and distances, in order, and the total. */
const comparable = (page: PageRows) => ({ total: page.total, rows: page.rows.map((row) => [row.fields.id, row.distanceKm]) });

describeNative('kind and place pages without words equal the exhaustive plans', () => {
  // Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
  const teardown = new AsyncDisposableStack();
  let dir: string;
  let index: SearchIndex;
  let db: SqliteDatabase;
  const random = createSeededRandom('kind-pages');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kind-pages-'));
    teardown.defer(() => rmSync(dir, { recursive: true, force: true }));
    index = teardown.adopt(createSqliteSearchIndex({ file: join(dir, 'search.db'), listsFlushEvery: 400 }), (opened) => opened.close());
    const docs = Array.from({ length: 1500 }, (_, n) => document(random, n));
    for (let start = 0; start < docs.length; start += 250) {
      expect(await index.apply(docs.slice(start, start + 250).map((doc) => ({ type: 'upsert' as const, document: doc })))).toEqual({ failures: [] });
    }
    db = teardown.adopt(searchingConnection(join(dir, 'search.db'), library), (opened) => {
      opened.close();
    });
  });
  afterAll(() => teardown.disposeAsync());

  /**
   * `count` random searches near a point, nearest first, both ways; with `exactUpTo` counting
   * may stop there. Returns how many top_places answered.
   */
  function compareNearest(count: number, exactUpTo?: number): number {
    const statements = createStatementCache(db);
    const totals = createTotalsCache(db, statements);
    const { current, kindsListed } = createIndexState(db).read();
    expect(kindsListed).toContain(current);
    const tables = generationTables(current!);
    let answered = 0;
    let estimated = 0;
    db.transaction(() => {
      totals.startRead();
      for (let i = 0; i < count; i++) {
        const q = query(random, true);
        const plan = searchPlan(q, tables, { kindLists: true });
        // The circle alone keeps the ring scan.
        const filtered = !!q.categoryKeys || [q.maxPrice, q.minRating, q.minReviewCount, q.opening, q.verificationLevels].some((filter) => filter !== undefined);
        expect([i, plan.topPlaces === undefined]).toEqual([i, !filtered]);
        if (!filtered) continue;
        const request = exactUpTo === undefined ? plan.topPlaces! : { ...plan.topPlaces!, exactUpTo };
        const top = readTopPlaces(statements, tables, request);
        // The whole circle read and sorted: no smaller circle tried first.
        const exhaustive = readPageRows(statements, totals, tables, { ...plan, topPlaces: undefined, rings: undefined });
        if (top.totalIsEstimate) {
          expect([i, top.total >= exactUpTo! && top.total <= exhaustive.total]).toEqual([i, true]);
          expect([i, q, comparable(top).rows]).toEqual([i, q, comparable(exhaustive).rows]);
          estimated += 1;
        } else {
          expect([i, q, comparable(top)]).toEqual([i, q, comparable(exhaustive)]);
        }
        answered += 1;
      }
    })();
    if (exactUpTo !== undefined) expect(estimated).toBeGreaterThan(count / 20);
    return answered;
  }

  /** `count` random listings in a field order: the walk alone, and the search as it picks, against the FTS page. */
  function compareWalks(count: number): number {
    const statements = createStatementCache(db);
    const totals = createTotalsCache(db, statements);
    const tables = generationTables(createIndexState(db).read().current!);
    let walked = 0;
    db.transaction(() => {
      totals.startRead();
      for (let i = 0; i < count; i++) {
        const q = query(random, false);
        const plan = searchPlan(q, tables, { kindLists: true });
        const sortsByDistance = q.sort === 'distance' && q.near !== undefined;
        expect([i, plan.kindWalk === undefined]).toEqual([i, sortsByDistance]);
        if (plan.kindWalk === undefined) continue;
        const exhaustive = readPageRows(statements, totals, tables, { ...plan, kindWalk: undefined });
        const walk = statements.get(plan.kindWalk.pageSql).all(plan.params) as Array<{ rowId: number; distanceKm: number | null }>;
        const ids = statements.get(`SELECT row_id AS rowId, id FROM ${tables.documents} WHERE row_id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(walk.map((row) => row.rowId))) as Array<{ rowId: number; id: string }>;
        const idOf = new Map(ids.map((row) => [row.rowId, row.id]));
        expect([i, q, walk.map((row) => [idOf.get(row.rowId), row.distanceKm])]).toEqual([i, q, comparable(exhaustive).rows]);
        expect([i, q, comparable(readPageRows(statements, totals, tables, plan))]).toEqual([i, q, comparable(exhaustive)]);
        walked += 1;
      }
    })();
    return walked;
  }

  /**
   * `count` random listings with words and kinds in a field order: the walk of the kinds' index
   * that keeps the MATCH's rows, read whatever the counts say, against the FTS page.
   */
  function compareDensePages(count: number): number {
    const statements = createStatementCache(db);
    const totals = createTotalsCache(db, statements);
    const tables = generationTables(createIndexState(db).read().current!);
    let compared = 0;
    db.transaction(() => {
      totals.startRead();
      for (let i = 0; i < count; i++) {
        const { near: _near, maxPrice: _price, minRating: _rating, minReviewCount: _reviews, opening: _opening, ...rest } = query(random, false);
        const q: SearchQuery = { ...rest, sort: random.pick(['aiVisibilityScore', 'rating', 'name'] as const), text: random.pick(NAMES), textComplete: random.chance(0.5) };
        const plan = searchPlan(q, tables, { kindLists: true });
        expect([i, plan.densePageSql === undefined]).toEqual([i, false]);
        const exhaustive = readPageRows(statements, totals, tables, { ...plan, densePageSql: undefined });
        const dense = statements.get(plan.densePageSql!).all(plan.params) as Array<{ rowId: number }>;
        const ids = statements.get(`SELECT row_id AS rowId, id, category_keys AS kinds FROM ${tables.documents} WHERE row_id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(dense.map((row) => row.rowId))) as Array<{ rowId: number; id: string; kinds: string }>;
        const idOf = new Map(ids.map((row) => [row.rowId, row.id]));
        expect([i, q, dense.map((row) => [idOf.get(row.rowId), null])]).toEqual([i, q, comparable(exhaustive).rows]);
        // Of the kinds asked for, read from the documents row (not from the tags both pages match).
        const asked = new Set(q.categoryKeys!.map(normalizeKeyword));
        expect([i, ids.filter((row) => !row.kinds.split(' ').some((kind) => asked.has(normalizeKeyword(kind)))).map((row) => row.id)]).toEqual([i, []]);
        compared += 1;
      }
    })();
    return compared;
  }

  it('nearest first: 1 500 random searches over 1 500 businesses written in batches', () => {
    expect(compareNearest(1500)).toBeGreaterThan(1250);
  });

  it('nearest first, with counting stopped past 20 matches: the pages of the rings read equal the exhaustive ones', () => {
    expect(compareNearest(600, 20)).toBeGreaterThan(480);
  });

  it('in a field order: 1 500 random listings', () => {
    expect(compareWalks(1500)).toBeGreaterThan(1300);
  });

  it('words and kinds in a field order: 800 random listings, the page that keeps the matched rows equal to the FTS page', () => {
    expect(compareDensePages(800)).toBe(800);
  });

  it('after live updates, moves to another city, kind changes, deletes and new businesses', async () => {
    await applyChurn(index, random, 1500, document);
    expect(compareNearest(600)).toBeGreaterThan(480);
    expect(compareWalks(600)).toBeGreaterThan(500);
  });

  it('after a rebuild of 6 000 businesses that writes the lists in bulk, on threads', async () => {
    await rebuildWith(index, Array.from({ length: 6000 }, (_, n) => document(random, n)));
    expect(compareNearest(600)).toBeGreaterThan(480);
    expect(compareNearest(300, 50)).toBeGreaterThan(240);
    expect(compareWalks(600)).toBeGreaterThan(500);
    expect(compareDensePages(400)).toBe(400);
  });
});
