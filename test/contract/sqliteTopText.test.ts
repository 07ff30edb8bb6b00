// Top-k text retrieval (topText.ts, native/topText.c) against the exhaustive scorer: the SQL
// plan, which reads, filters and scores every candidate FTS5 hands it and sorts them all. On a
// generated corpus (words that repeat, multi-word categories, three cities, hours across
// midnight, blackout dates, both environments, a third of the texts with their last word as a
// prefix; searches with one to four tag filters over common and rare words), about 6 300 random
// text searches must give
// the same page (ids, scores, distances, in order) and the same total both ways, after live
// writes (inserts, updates, moves, deletes) and after a rebuild that writes the lists in bulk.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCommonWords } from '../../src/adapters/sqlite/search/commonWords';
import { createIndexState, SEARCH_LISTS_MIGRATION } from '../../src/adapters/sqlite/search/indexState';
import { generationTables } from '../../src/adapters/sqlite/search/indexTables';
import { readPageRows, phraseCountsOf, type PageRows } from '../../src/adapters/sqlite/search/readPage';
import { rankExtension } from '../../src/adapters/sqlite/search/rankExtension';
import { searchPlan } from '../../src/adapters/sqlite/search/searchPlan';
import { createSqliteSearchIndex } from '../../src/adapters/sqlite/search/sqliteSearchIndex';
import { createStatementCache } from '../../src/adapters/sqlite/search/statementCache';
import { readTopText } from '../../src/adapters/sqlite/search/topText';
import { createTotalsCache } from '../../src/adapters/sqlite/search/totalsCache';
import type { SqliteDatabase } from '../../src/adapters/sqlite/openDatabase';
import type { VerificationLevel, WeeklyHours } from '../../src/domain/profile';
import type { SearchDocument, SearchIndex, SearchQuery } from '../../src/ports/searchIndex';
import { createSeededRandom, type SeededRandom } from '../../scripts/bench/seededRandom';
import { categoryKeysOf } from '../../src/domain/categories/canonicalCategory';
import { searchDocument } from '../fixtures/searchDocument';
import { applyChurn, asWrittenBefore, BLACKOUT_DAYS, DAYS, listMarks, randomOpeningFilter, randomWeeklyHours, rebuildWith, searchingConnection } from '../support/randomSearchCorpus';

const library = rankExtension().library;
if (library === null) console.log('sqliteTopText: skipped, the native extension cannot be built here (no C compiler)');
const describeNative = library === null ? describe.skip : describe;

const WORDS = [
  'ramen', 'pizza', 'noodle', 'sushi', 'vegan', 'gluten', 'free', 'fresh', 'bread', 'sourdough', 'coffee', 'latte',
  'plumber', 'emergency', 'leak', 'pipe', 'drain', 'dentist', 'teeth', 'whitening', 'cleaning', 'oil', 'change',
  'brake', 'tire', 'haircut', 'color', 'massage', 'deep', 'tissue', 'yoga', 'class', 'family', 'owned', 'best',
  'cheap', 'open', 'late', 'night', 'xylophone', 'café', 'tacos', 'wifi', 'quiet', 'garden', 'kids',
  // Tokens another one begins, for words typed as a prefix: plumb(ing) -> plumber, dentist -> dentistri.
  'plumbing', 'dentistry', 'pizzazz', 'breadsticks', 'coffeehouse',
];
const CATEGORIES = ['restaurants', 'cafes', 'bakeries', 'plumbing', 'dental', 'auto repair', 'hair salons', 'spas', 'fitness', 'Restaurant'];
const CENTRES = [
  { lat: 30.2672, lon: -97.7431, city: 'Austin', state: 'TX', zone: 'America/Chicago' },
  { lat: 40.7128, lon: -74.006, city: 'New York', state: 'NY', zone: 'America/New_York' },
  { lat: 34.0522, lon: -118.2437, city: 'Los Angeles', state: 'CA', zone: 'America/Los_Angeles' },
];
const LEVELS: VerificationLevel[] = ['none', 'basic', 'verified', 'premium', 'certified'];

const words = (random: SeededRandom, min: number, max: number) => Array.from({ length: random.int(min, max) }, () => random.pick(WORDS)).join(' ');

function document(random: SeededRandom, n: number): SearchDocument {
  const centre = random.pick(CENTRES);
  const km = 25 * Math.sqrt(random.next());
  const bearing = random.between(0, 2 * Math.PI);
  return searchDocument({
    id: `biz_${String(n).padStart(6, '0')}${random.pick(['a', 'B', 'z'])}`,
    environment: random.chance(0.1) ? 'test' : 'live',
    name: `${words(random, 1, 2)} ${random.pick(['House', 'Co', 'Place', 'Bar', 'Spot'])}`,
    category: random.pick(CATEGORIES),
    // A rare word: its lists are shorter than most tag filters' (the filters then lead the merge).
    description: `${words(random, 0, 14)}${random.chance(0.03) ? ' truffle' : ''}`,
    tagline: random.chance(0.5) ? words(random, 1, 4) : '',
    servicesText: random.chance(0.7) ? words(random, 1, 6) : '',
    exclusiveText: random.chance(0.3) ? words(random, 2, 8) : '',
    address: { street: '1 Main St', city: centre.city, state: centre.state, postalCode: '78701', country: 'US' },
    ...(random.chance(0.95) && {
      coordinates: {
        lat: Number((centre.lat + (km * Math.cos(bearing)) / 111.2).toFixed(6)),
        lon: Number((centre.lon + (km * Math.sin(bearing)) / (111.2 * Math.cos((centre.lat * Math.PI) / 180))).toFixed(6)),
      },
    }),
    timeZone: centre.zone,
    hours: randomWeeklyHours(random, 0.15),
    blackoutDates: random.chance(0.3) ? random.sample(BLACKOUT_DAYS, random.int(1, 2)).sort() : [],
    verificationLevel: random.pick(LEVELS),
    averageRating: Math.round(random.between(2, 5) * 10) / 10,
    reviewCount: random.int(0, 400),
    ...(random.chance(0.7) && { minPrice: random.int(5, 300) }),
  });
}

function query(random: SeededRandom): SearchQuery {
  const centre = random.pick(CENTRES);
  const typed = [words(random, 1, 3), ...(random.chance(0.1) ? ['zzyzx'] : []), ...(random.chance(0.05) ? ['xk099'] : [])].join(' ');
  const near = random.chance(0.75);
  const q: SearchQuery = {
    environment: random.chance(0.1) ? 'test' : 'live',
    text: typed,
    // The kinds query understanding would say the words imply, one word or several.
    ...(random.chance(0.6) && { categoryPhrases: random.sample(['restaurants', 'auto repair', 'hair salons', 'cafes', 'plumbing', 'nail salons', 'pizza restaurant'], random.int(1, 2)) }),
    // Typed as the user goes (a listing's q), the last word is a prefix too.
    textComplete: random.chance(0.7),
    sort: 'relevance',
    order: 'desc',
    limit: random.pick([1, 5, 10, 20, 100]),
    offset: random.chance(0.2) ? random.int(1, 30) : 0,
  };
  if (near) q.near = { lat: centre.lat + random.between(-0.05, 0.05), lon: centre.lon + random.between(-0.05, 0.05), radiusKm: random.pick([1, 3, 5, 10, 25, 60]) };
  if (random.chance(0.15)) q.categories = random.sample(CATEGORIES, random.int(1, 2));
  if (random.chance(0.1)) q.city = centre.city;
  if (random.chance(0.05)) q.state = centre.state;
  if (random.chance(0.1)) q.verificationLevels = random.sample(LEVELS, 2);
  if (near && random.chance(0.15)) q.maxPrice = random.int(10, 200);
  if (near && random.chance(0.15)) q.minRating = random.pick([3.5, 4, 4.5]);
  if (near && random.chance(0.1)) q.minReviewCount = random.int(10, 200);
  if (near && random.chance(0.35)) q.opening = randomOpeningFilter(random);
  return q;
}

/**
 * A search with one to four tag filters (a kind, a category, a city, a state, verification levels)
 * over common or rare words: tag lists shorter and longer than the words' lists, so the merge is
 * led by either, across the three cities' cells.
 */
function filteredQuery(random: SeededRandom): SearchQuery {
  const q = query(random);
  const centre = random.pick(CENTRES);
  if (random.chance(0.3)) q.text = random.chance(0.5) ? 'truffle' : `${words(random, 1, 2)} truffle`;
  delete q.categories;
  delete q.city;
  delete q.state;
  delete q.verificationLevels;
  const filters = random.sample(['kind', 'category', 'city', 'state', 'verification'], random.int(1, 4));
  if (filters.includes('kind')) q.categoryKeys = categoryKeysOf(random.pick(CATEGORIES));
  if (filters.includes('category')) q.categories = random.sample(CATEGORIES, random.int(1, 2));
  if (filters.includes('city')) q.city = centre.city;
  if (filters.includes('state')) q.state = random.chance(0.8) ? centre.state : random.pick(CENTRES).state;
  if (filters.includes('verification')) q.verificationLevels = random.sample(LEVELS, random.int(1, 3));
  return q;
}

// Twelve businesses worked out by hand. Austin is on CST (UTC-6) on Wednesday 25 November 2026:
// 18:00 UTC is noon there. "ramen" searches the word in every column and, as a dish, the
// restaurants category in the category column. Thirteen live rows hold six "ramen" and six
// restaurants, so both phrases weigh the same (idf ln(7.5 / 6.5)); a row scores more with more
// weighted instances (name 4, category 3, tagline 1.5, description 1) and fewer tokens. t01, t04,
// t05 and t07 have the same text and the same length, so they tie, and ties go by id (by row id,
// here in id order, when the text alone is searched).
const NOON_IN_AUSTIN = '2026-11-25T18:00:00.000Z';
/** The word, and the kind of place the dish implies (query understanding's categoryPhrases), matched in the category column. */
const RAMEN: SearchQuery = { environment: 'live', text: 'ramen', textComplete: true, categoryPhrases: ['restaurants'], sort: 'relevance', order: 'desc', limit: 10, offset: 0 };
const AUSTIN = { lat: 30.2672, lon: -97.7431 };
const north = (km: number, eastKm = 0) => ({ lat: AUSTIN.lat + km / 111.195, lon: AUSTIN.lon + eastKm / 96.1 });
const EVERY_DAY = (open: string, close: string): WeeklyHours => Object.fromEntries(DAYS.map((day) => [day, { open, close }]));
const PINNED: SearchDocument[] = [
  searchDocument({ id: 'biz_t01', name: 'Ramen Ramen', category: 'Restaurants', coordinates: north(1), hours: EVERY_DAY('00:00', '00:00'), timeZone: 'America/Chicago' }),
  searchDocument({ id: 'biz_t02', name: 'Noodle House', tagline: 'ramen', category: 'Restaurants', coordinates: north(2), hours: EVERY_DAY('09:00', '17:00'), timeZone: 'America/Chicago' }),
  searchDocument({ id: 'biz_t03', name: 'Gyoza Bar', category: 'Restaurants', coordinates: north(3), hours: EVERY_DAY('00:00', '00:00'), timeZone: 'America/Chicago' }),
  searchDocument({ id: 'biz_t04', name: 'Ramen Ramen', category: 'Restaurants', coordinates: north(30), hours: EVERY_DAY('00:00', '00:00'), timeZone: 'America/Chicago' }),
  searchDocument({ id: 'biz_t05', name: 'Ramen Ramen', category: 'Restaurants', coordinates: north(1, 0.5), hours: EVERY_DAY('18:00', '23:00'), timeZone: 'America/Chicago' }),
  searchDocument({ id: 'biz_t06', environment: 'test', name: 'Ramen Ramen', category: 'Restaurants', coordinates: north(1), hours: EVERY_DAY('00:00', '00:00') }),
  searchDocument({ id: 'biz_t07', name: 'Ramen Ramen', category: 'Restaurants', coordinates: north(1, 1), hours: EVERY_DAY('00:00', '00:00'), timeZone: 'America/Chicago', blackoutDates: ['2026-11-25'] }),
  searchDocument({ id: 'biz_t08', name: 'Pipe Works', description: 'ramen', category: 'Plumbing', coordinates: north(1.5), hours: EVERY_DAY('00:00', '00:00'), timeZone: 'America/Chicago' }),
  ...Array.from({ length: 6 }, (_, i) => searchDocument({ id: `biz_t${String(9 + i).padStart(2, '0')}`, name: `Pipe Co ${i}`, category: 'Plumbing', coordinates: north(4 + i) })),
];

describeNative('top-k text retrieval on a hand-written corpus', () => {
  let index: SearchIndex;
  beforeAll(async () => {
    index = createSqliteSearchIndex({ file: ':memory:' });
    expect(await index.apply(PINNED.map((document) => ({ type: 'upsert' as const, document })))).toEqual({ failures: [] });
  });
  afterAll(() => index.close());

  const ramen = (fields: Partial<SearchQuery> = {}) => index.search({ ...RAMEN, ...fields });
  const ids = (result: { hits: Array<{ document: SearchDocument }> }) => result.hits.map((hit) => hit.document.id.slice(4));

  it('answers these searches from the search lists (the SQL plan is the other test\'s exhaustive scorer)', () => {
    const shapes: Array<Partial<SearchQuery>> = [{ near: { ...AUSTIN, radiusKm: 10 } }, { near: { ...AUSTIN, radiusKm: 10 }, opening: { at: NOON_IN_AUSTIN, openNow: true } }, {}, { categories: ['restaurants'], city: 'Austin' }];
    for (const shape of shapes) {
      const plan = searchPlan({ ...RAMEN, ...shape }, generationTables(1), {
        givenPhraseCounts: true,
        searchLists: true,
      });
      expect(plan.topText).toBeDefined();
    }
  });

  it('ranks the name above the tagline above the category alone, ties by id, within the radius, in its environment', async () => {
    const found = await ramen({ near: { ...AUSTIN, radiusKm: 10 } });
    expect(ids(found)).toEqual(['t07', 't05', 't01', 't02', 't03', 't08']);
    expect(found.total).toBe(6);
  });

  it('keeps the best k across a tie', async () => {
    const found = await ramen({ near: { ...AUSTIN, radiusKm: 10 }, limit: 2 });
    expect(ids(found)).toEqual(['t07', 't05']);
    expect(found.total).toBe(6);
  });

  it('lets through only the businesses open at noon: not the evening one, not the one closed for the day', async () => {
    const found = await ramen({ near: { ...AUSTIN, radiusKm: 10 }, opening: { at: NOON_IN_AUSTIN, openNow: true } });
    expect(ids(found)).toEqual(['t01', 't02', 't03', 't08']);
    expect(found.total).toBe(4);
    const second = await ramen({ near: { ...AUSTIN, radiusKm: 10 }, opening: { at: NOON_IN_AUSTIN, openNow: true }, limit: 2, offset: 1 });
    expect(ids(second)).toEqual(['t02', 't03']);
    expect(second.total).toBe(4);
  });

  it('without a point, breaks ties by row id (the text alone), and filters by tags', async () => {
    expect(ids(await ramen())).toEqual(['t07', 't05', 't04', 't01', 't02', 't03', 't08']);
    const restaurants = await ramen({ categories: ['restaurants'], city: 'Austin' });
    expect(ids(restaurants)).toEqual(['t07', 't05', 't04', 't01', 't02', 't03']);
    expect(restaurants.total).toBe(6);
  });
});

/** A page as the port would see it: ids, exact scores and distances, in order, and the total. */
function comparable(page: PageRows) {
  return { total: page.total, rows: page.rows.map((row) => [row.fields.id, row.textScore, row.distanceKm]) };
}

describeNative('top-k text retrieval equals the exhaustive scorer', () => {
  // Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
  const teardown = new AsyncDisposableStack();
  let dir: string;
  let index: SearchIndex;
  let db: SqliteDatabase;
  const random = createSeededRandom('top-text');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'top-text-'));
    teardown.defer(() => rmSync(dir, { recursive: true, force: true }));
    index = teardown.adopt(createSqliteSearchIndex({ file: join(dir, 'search.db'), listsFlushEvery: 400 }), (opened) => opened.close());
    const docs = Array.from({ length: 1000 }, (_, n) => document(random, n));
    expect((await index.apply(docs.map((doc) => ({ type: 'upsert' as const, document: doc }))))).toEqual({ failures: [] });
    db = teardown.adopt(searchingConnection(join(dir, 'search.db'), library), (opened) => {
      opened.close();
    });
  });
  afterAll(() => teardown.disposeAsync());

  /**
   * Runs `count` random queries both ways; returns how many top-k retrieval answered. With
   * `exactUpTo`, searches without a point may stop counting there and prune (MaxScore): the page
   * must still be the exhaustive one and the total a lower bound of at least that many.
   */
  function compare(count: number, exactUpTo?: number, makeQuery: (random: SeededRandom) => SearchQuery = query): number {
    const statements = createStatementCache(db);
    const totals = createTotalsCache(db, statements);
    const commonWords = createCommonWords(totals);
    const { current, listed } = createIndexState(db).read();
    expect(listed).toContain(current);
    const tables = generationTables(current!);
    let answered = 0;
    let estimated = 0;
    db.transaction(() => {
      totals.startRead();
      for (let i = 0; i < count; i++) {
        const q = makeQuery(random);
        const isCommon = commonWords.oracle(tables, q.environment);
        const plan = searchPlan(q, tables, { isCommon, givenPhraseCounts: true, searchLists: true });
        if (!plan.topText || !plan.phraseCounts) continue;
        const request = exactUpTo === undefined ? plan.topText : { ...plan.topText, exactUpTo };
        const top = readTopText(statements, tables, request, phraseCountsOf(totals, plan.phraseCounts));
        // A prefix that begins more tokens than top_text merges (a tag-like word) is left to the SQL plan.
        if (top === null && q.textComplete === false) continue;
        expect([i, top === null]).toEqual([i, false]);
        const exhaustive = readPageRows(statements, totals, tables, { ...plan, topText: undefined });
        if (top!.totalIsEstimate) {
          expect([i, top!.total >= exactUpTo! && top!.total <= exhaustive.total]).toEqual([i, true]);
          estimated += 1;
          expect([i, q, comparable(top!).rows]).toEqual([i, q, comparable(exhaustive).rows]);
        } else {
          expect([i, q, comparable(top!)]).toEqual([i, q, comparable(exhaustive)]);
        }
        answered += 1;
      }
    })();
    if (exactUpTo !== undefined) expect(estimated).toBeGreaterThan(count / 20);
    return answered;
  }

  it('on 1 200 random searches over 1 000 businesses written one batch at a time', () => {
    expect(compare(1200)).toBeGreaterThan(1000);
  });

  it('with counting stopped past 30 matches, pages pruned by MaxScore equal the exhaustive ones', () => {
    expect(compare(600, 30)).toBeGreaterThan(500);
  });

  it('on 1 000 random searches with tag filters over common and rare words, with and without a point', () => {
    expect(compare(1000, undefined, filteredQuery)).toBeGreaterThan(800);
  });

  it('with tag filters and counting stopped past 30 matches, pages pruned by MaxScore equal the exhaustive ones', () => {
    expect(compare(600, 30, filteredQuery)).toBeGreaterThan(480);
  });

  it('after live updates, moves to another city, deletes and new businesses', async () => {
    await applyChurn(index, random, 1000, document);
    expect(compare(800)).toBeGreaterThan(650);
    expect(compare(400, undefined, filteredQuery)).toBeGreaterThan(320);
  });

  it('after a rebuild of 6 000 businesses in one write, whose rows are prepared on threads', async () => {
    await rebuildWith(index, Array.from({ length: 6000 }, (_, n) => document(random, n)));
    expect(compare(500)).toBeGreaterThan(400);
    expect(compare(400, 30, filteredQuery)).toBeGreaterThan(320);
  });

  it('after a rebuild that writes the lists in bulk while live writes change its rows, from its own connection and another', async () => {
    const other = createSqliteSearchIndex({ file: join(dir, 'search.db') });
    const docs = Array.from({ length: 1200 }, (_, n) => document(random, n));
    const upserts = (batch: SearchDocument[]) => batch.map((doc) => ({ type: 'upsert' as const, document: doc }));
    try {
      await index.rebuild(async (write) => {
        for (let start = 0; start < docs.length; start += 150) {
          expect(await write(upserts(docs.slice(start, start + 150)))).toEqual({ failures: [] });
          // Rows the rebuild has written (some buffered, some flushed) change under it: updates,
          // moves, deletes and new businesses, live, through either connection.
          const writer = start % 300 === 0 ? index : other;
          const written = docs.slice(0, start + 150);
          const changed = Array.from({ length: 10 }, () => ({ ...document(random, 0), id: random.pick(written).id, environment: random.pick(written).environment }));
          expect(await writer.apply([...upserts(changed), ...upserts([document(random, 5000 + start)])])).toEqual({ failures: [] });
          const gone = random.pick(written);
          await writer.apply([{ type: 'delete', environment: gone.environment, id: gone.id }]);
        }
      });
    } finally {
      await other.close();
    }
    expect(compare(800)).toBeGreaterThan(650);
  });
});

describeNative('search lists of an index file and of writers without the native library', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'top-text-lists-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const listedGenerations = (file: string): number[] => listMarks(file).listed;
  const ramenNearAustin: SearchQuery = { ...RAMEN, near: { ...AUSTIN, radiusKm: 10 } };
  const ids = (result: { hits: Array<{ document: SearchDocument }> }) => result.hits.map((hit) => hit.document.id.slice(4));

  it('an index written before the lists existed gets empty ones, answers from the SQL plans, and is listed after a rebuild', async () => {
    const file = join(dir, 'search.db');
    const first = createSqliteSearchIndex({ file });
    await first.apply(PINNED.map((document) => ({ type: 'upsert' as const, document })));
    await first.close();
    // As the version before the lists wrote it: no lists tables, no mark, their migration not run.
    asWrittenBefore(file, { tables: ['search_postings_g1', 'search_places_g1'], markPrefix: 'lists_g', migration: SEARCH_LISTS_MIGRATION });

    const index = createSqliteSearchIndex({ file });
    try {
      expect(listedGenerations(file)).toEqual([]);
      expect(ids(await index.search(ramenNearAustin))).toEqual(['t07', 't05', 't01', 't02', 't03', 't08']);
      await index.rebuild(async (write) => {
        await write(PINNED.map((document) => ({ type: 'upsert' as const, document })));
      });
      expect(listedGenerations(file)).toEqual([2]);
      expect(ids(await index.search(ramenNearAustin))).toEqual(['t07', 't05', 't01', 't02', 't03', 't08']);
    } finally {
      await index.close();
    }
  });

  it('a write by a writer without the native library takes the generation off the lists, and its searches keep answering', async () => {
    const file = join(dir, 'search.db');
    const withLists = createSqliteSearchIndex({ file });
    const withoutLibrary = createSqliteSearchIndex({ file, rankExtension: false });
    try {
      await withLists.apply(PINNED.map((document) => ({ type: 'upsert' as const, document })));
      expect(listedGenerations(file)).toEqual([1]);
      // t03 now names ramen twice: it joins the tie at the top, first by id among t07, t05, t03, t01.
      const renamed = { ...PINNED[2], name: 'Ramen Ramen' };
      await withoutLibrary.apply([{ type: 'upsert', document: renamed }]);
      expect(listedGenerations(file)).toEqual([]);
      expect(ids(await withLists.search(ramenNearAustin))).toEqual(['t07', 't05', 't03', 't01', 't02', 't08']);
    } finally {
      await withLists.close();
      await withoutLibrary.close();
    }
  });
});
