// The bm25_given extension (src/adapters/sqlite/search/rankExtension.ts): built on this machine,
// and scoring exactly like FTS5's bm25() before and after writes, from either connection. Its
// distance_km is tested in sqliteDistanceFunction.test.ts.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { buildRankExtension, loadRankExtension, rankExtension } from '../../src/adapters/sqlite/search/rankExtension';
import { createSqliteSearchIndex } from '../../src/adapters/sqlite/search/sqliteSearchIndex';
import type { SearchDocument, SearchIndex, SearchQuery } from '../../src/ports/searchIndex';
import { searchDocument } from '../fixtures/searchDocument';
import { rewindIndexLayout } from './olderIndexLayout';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rank-extension-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Closed even when a test fails: an open reader thread would keep jest from exiting.
const opened: SearchIndex[] = [];
const open = (options: Parameters<typeof createSqliteSearchIndex>[0]): SearchIndex => {
  const index = createSqliteSearchIndex(options);
  opened.push(index);
  return index;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((index) => index.close()));
});

const WORDS = ['tacos', 'vegan', 'lamps', 'brunch', 'espresso', 'repair', 'garden', 'xg0garden', 'late', 'family'];
const CITIES: Array<[string, number, number]> = [['Austin', 30.2672, -97.7431], ['Dallas', 32.7767, -96.797], ['Houston', 29.7604, -95.3698]];

/** Documents whose words repeat in different fields and amounts, so scores differ from one to the next. */
function generated(count: number, from = 0): SearchDocument[] {
  return Array.from({ length: count }, (_, i) => {
    const n = from + i;
    const word = (k: number) => WORDS[(n * k + (n >> 2)) % WORDS.length];
    const [city, lat, lon] = CITIES[n % CITIES.length];
    return searchDocument({
      id: `biz_rank_${n.toString().padStart(4, '0')}`,
      name: `${word(3)} place ${n}`,
      category: ['restaurants', 'cafes', 'auto repair', 'florists'][n % 4],
      description: Array.from({ length: 1 + (n % 5) }, (_, k) => word(k + 1)).join(' and '),
      servicesText: n % 3 === 0 ? `${word(7)} service` : '',
      tagline: n % 7 === 0 ? word(5) : '',
      address: { street: '1 Main St', city, state: 'TX', postalCode: '78701', country: 'US' },
      coordinates: { lat: lat + ((n % 13) - 6) / 100, lon: lon + ((n % 11) - 5) / 100 },
      minPrice: 5 + (n % 40),
    });
  });
}

const base: Omit<SearchQuery, 'text'> = { environment: 'live', sort: 'relevance', order: 'desc', limit: 25, offset: 0 };
const QUERIES: Array<Partial<SearchQuery>> = [
  { text: 'tacos' },
  { text: 'vegan tacos', textComplete: true },
  { text: 'late brunch espresso', offset: 10 },
  { text: 'pizza' }, // a synonym: adds a category phrase
  { text: 'garden xg0' }, // a prefix of grid-cell tokens (and of xg0garden): fenced phrases, counted fenced
  { text: 'lamps', categories: ['restaurants', 'cafes'], city: 'Austin' },
  { text: 'repair family', near: { lat: 30.2672, lon: -97.7431, radiusKm: 25 } },
  { text: 'tacos brunch', maxPrice: 20, minRating: 3 },
  { text: 'espresso', near: { lat: 32.7767, lon: -96.797, radiusKm: 40 }, sort: 'distance', order: 'asc' },
];

/** What a search answers, scores included, for comparing two ways of scoring. */
async function answers(index: SearchIndex): Promise<unknown[]> {
  const all = [];
  for (const query of QUERIES) {
    const result = await index.search({ ...base, ...query } as SearchQuery);
    all.push({ query, total: result.total, hits: result.hits.map((hit) => [hit.document.id, hit.textScore, hit.distanceKm]) });
  }
  return all;
}

describe('the bm25_given ranking extension', () => {
  it('is built on this machine (a C compiler and the SQLite headers better-sqlite3 ships)', () => {
    const extension = rankExtension();
    expect(extension).toEqual({ library: expect.any(String) });
  });

  it('scores exactly like bm25(), before and after writes from either connection', async () => {
    const file = join(dir, 'index.db');
    const given = open({ file });
    const builtin = open({ file, rankExtension: false });
    await given.apply(generated(600).map((document) => ({ type: 'upsert' as const, document })));
    const before = await answers(builtin);
    expect(await answers(given)).toEqual(before);
    // Scores must actually vary, or equality would prove nothing.
    const scores = new Set((before as Array<{ hits: Array<[string, number]> }>).flatMap((answer) => answer.hits.map((hit) => hit[1])));
    expect(scores.size).toBeGreaterThan(20);

    // Writes change the phrase counts: through the scoring connection itself, then through another.
    await given.apply(generated(150, 600).map((document) => ({ type: 'upsert' as const, document })));
    const afterOwn = await answers(builtin);
    expect(afterOwn).not.toEqual(before);
    expect(await answers(given)).toEqual(afterOwn);
    await builtin.apply(generated(200, 100).map((document) => ({ type: 'delete' as const, environment: 'live' as const, id: document.id })));
    const afterOther = await answers(builtin);
    expect(afterOther).not.toEqual(afterOwn);
    expect(await answers(given)).toEqual(afterOther);
    // Longer texts for existing documents: their row lengths (token_count) change with them.
    await given.apply(generated(100, 300).map((document) => ({ type: 'upsert' as const, document: { ...document, description: `${document.description} ${document.description} and more` } })));
    const afterUpdates = await answers(builtin);
    expect(afterUpdates).not.toEqual(afterOther);
    expect(await answers(given)).toEqual(afterUpdates);
  });

  it('scores the same on reader threads', async () => {
    const file = join(dir, 'threads.db');
    const given = open({ file, readerThreads: 2, offload: 'always' });
    const builtin = open({ file, rankExtension: false });
    await builtin.apply(generated(400).map((document) => ({ type: 'upsert' as const, document })));
    expect(await answers(given)).toEqual(await answers(builtin));
  });

  it('scores an index written before documents carried their row length the same, and fills it on write', async () => {
    const file = join(dir, 'before-token-count.db');
    const first = open({ file });
    await first.apply(generated(300).map((document) => ({ type: 'upsert' as const, document })));
    await first.close();
    // Back to the layout of search index schema version 1: no token_count (nor opening) column.
    const older = rewindIndexLayout(file, ['token_count', 'opening'], 2);
    const given = open({ file });
    const builtin = open({ file, rankExtension: false });
    const tokenCounts = () => older.filled('token_count');
    expect(tokenCounts()).toBe(0);
    expect(await answers(given)).toEqual(await answers(builtin));
    await given.apply(generated(50).map((document) => ({ type: 'upsert' as const, document: { ...document, name: `${document.name} renamed` } })));
    expect(tokenCounts()).toBe(50);
    expect(await answers(given)).toEqual(await answers(builtin));
  });

  it('rejects more phrase counts than the MATCH has phrases', () => {
    const db = new Database(':memory:');
    loadRankExtension(db, (rankExtension() as { library: string }).library);
    db.exec("CREATE VIRTUAL TABLE t USING fts5(a); INSERT INTO t VALUES ('tacos')");
    const score = db.prepare("SELECT bm25_given(t, ?, NULL) FROM t WHERE t MATCH 'tacos'").pluck();
    expect(typeof score.get(Buffer.from(new Float64Array([1]).buffer))).toBe('number');
    expect(() => score.get(Buffer.from(new Float64Array([1, 1]).buffer))).toThrow(/more phrase counts than phrases/);
    db.close();
  });

  it('says why when it cannot be built, replaces older builds, and rebuilds a cached library that does not load', () => {
    const empty = join(dir, 'no-compiler');
    expect(buildRankExtension({ compiler: join(dir, 'no-such-cc'), cacheDirs: [empty] })).toEqual({
      library: null,
      reason: expect.stringContaining('no-such-cc failed'),
    });

    const cache = join(dir, 'cache');
    mkdirSync(cache);
    // Builds of older sources, under the name before distance_km and under the current one.
    writeFileSync(join(cache, 'bm25Given-0123456789abcdef.so'), 'a build of an older source');
    writeFileSync(join(cache, 'searchFunctions-0123456789abcdef.so'), 'a build of an older source');
    writeFileSync(join(cache, 'notes.txt'), 'not ours');
    const first = buildRankExtension({ cacheDirs: [cache] });
    expect(readdirSync(cache).sort()).toEqual([basename((first as { library: string }).library), 'notes.txt'].sort());
    expect(first).toEqual({ library: expect.stringContaining(cache) });
    const library = (first as { library: string }).library;
    writeFileSync(library, 'not a shared library');
    expect(buildRankExtension({ cacheDirs: [cache] })).toEqual({ library });
    const db = new Database(':memory:');
    expect(() => loadRankExtension(db, library)).not.toThrow();
    db.close();
  });

  it('rebuilds a cached library that loads but computes distances wrongly', () => {
    const cache = join(dir, 'wrong-distance');
    mkdirSync(cache);
    const library = (buildRankExtension({ cacheDirs: [cache] }) as { library: string }).library;
    // Same entry point, a bm25_given that answers, and a distance_km that answers 0.
    const source = join(dir, 'wrongDistance.c');
    writeFileSync(
      source,
      `#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT1
static void zero(sqlite3_context *c, int n, sqlite3_value **v){ sqlite3_result_double(c, 0.0); }
static void rank(const Fts5ExtensionApi *a, Fts5Context *f, sqlite3_context *c, int n, sqlite3_value **v){ sqlite3_result_double(c, 0.0); }
int sqlite3_searchfunctions_init(sqlite3 *db, char **e, const sqlite3_api_routines *api){
  fts5_api *fts5 = 0; sqlite3_stmt *s = 0;
  SQLITE_EXTENSION_INIT2(api);
  sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &s, 0);
  sqlite3_bind_pointer(s, 1, (void*)&fts5, "fts5_api_ptr", 0);
  sqlite3_step(s); sqlite3_finalize(s);
  fts5->xCreateFunction(fts5, "bm25_given", 0, rank, 0);
  return sqlite3_create_function_v2(db, "distance_km", 4, SQLITE_UTF8, 0, zero, 0, 0, 0);
}
`,
    );
    const headers = join(dirname(require.resolve('better-sqlite3/package.json')), 'deps', 'sqlite3');
    execFileSync(process.env.CC || 'cc', ['-shared', '-fPIC', '-I', headers, '-o', library, source], { stdio: 'pipe' });
    const db = new Database(':memory:');
    loadRankExtension(db, library);
    expect(db.prepare('SELECT distance_km(0, 0, 0, 1)').pluck().get()).toBe(0);
    db.close();

    expect(buildRankExtension({ cacheDirs: [cache] })).toEqual({ library });
    const rebuilt = new Database(':memory:');
    loadRankExtension(rebuilt, library);
    expect(rebuilt.prepare('SELECT distance_km(0, 0, 0, 1)').pluck().get()).toBeCloseTo(111.195, 3);
    rebuilt.close();
  });
});
