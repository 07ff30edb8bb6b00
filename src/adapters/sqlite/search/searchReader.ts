// The read side of the embedded index, shared by the adapter's own connection and its reader
// threads (readerThreads.ts): one read transaction per search, so the generation pointer and
// the tables it names come from the same snapshot even if another process swaps generations.
import { UnavailableError } from '../../../domain/errors';
import type { SearchQuery } from '../../../ports/searchIndex';
import type { SqliteDatabase } from '../openDatabase';
import { createCommonWords } from './commonWords';
import { haversineKm } from './geo';
import { createIndexState } from './indexState';
import { generationTables } from './indexTables';
import { registerOpeningFunction } from './openingFunction';
import { loadRankExtension } from './rankExtension';
import { phraseCountsOf, readPageRows, type PageRows } from './readPage';
import { DISTANCE_FUNCTION, searchPlan } from './searchPlan';
import { createStatementCache, type StatementCache } from './statementCache';
import { readTopPlaces } from './topPlaces';
import { readTopText } from './topText';
import { createTotalsCache } from './totalsCache';

export interface SearchReader {
  search(query: SearchQuery): PageRows;
  /** Call after this connection wrote: cached totals are stale (other connections are noticed by themselves). */
  noteWrite(): void;
  statements: StatementCache;
}

/** What a searching connection needs beyond the file. */
export interface SearchConnectionOptions {
  /**
   * The native extension to load (rankExtension.ts): bm25_given, and distance_km in C in place of
   * the JavaScript one. null: FTS5's bm25() scores and the JavaScript distance stays.
   */
  rankLibrary: string | null;
  /** false: text searches keep the SQL plans even where the search lists could answer (to compare the two). */
  topText?: boolean;
}

/**
 * The most of the file a connection maps: SQLite's compile-time limit in better-sqlite3's build
 * (SQLITE_MAX_MMAP_SIZE, 0x7fff0000), which it applies to any larger request. It is address space,
 * not memory: the pages are the OS's file cache, shared by every connection.
 */
const MMAP_BYTES = 0x7fff0000;

/**
 * Page cache, memory map, the distance and opening functions and the ranking extension: what every
 * connection that searches needs.
 * SQLite's 2 MB default cache is far smaller than the indexes of 100 000 documents: every query
 * would go back to the OS for pages. 64 MB holds the hot part of each index, and memory-mapped
 * reads skip a system call and a copy per page for the rest. The map covers as much of the file
 * as SQLite allows: at 1 000 000 businesses (a 2.9 GB file) mapping 2 GB instead of 256 MB took
 * the consumer benchmark's raw p50 / p99 from 12.2 / 72.1 to 9.4 / 39.8 ms (same data, same hour).
 */
export function prepareSearchConnection(db: SqliteDatabase, options: SearchConnectionOptions): void {
  db.pragma(`cache_size = -${64 * 1024}`);
  db.pragma(`mmap_size = ${MMAP_BYTES}`);
  // Any NULL gives NULL, as in the C one (native/distanceKm.c).
  db.function(DISTANCE_FUNCTION, { deterministic: true }, (lat1, lon1, lat2, lon2) =>
    lat1 === null || lon1 === null || lat2 === null || lon2 === null
      ? null
      : haversineKm({ lat: Number(lat1), lon: Number(lon1) }, { lat: Number(lat2), lon: Number(lon2) }),
  );
  registerOpeningFunction(db);
  // After the JavaScript distance: the extension's distance_km replaces it on this connection.
  if (options.rankLibrary !== null) loadRankExtension(db, options.rankLibrary);
}

/** Searches on a connection prepared with the same options. */
export function createSearchReader(db: SqliteDatabase, options: SearchConnectionOptions): SearchReader {
  const state = createIndexState(db);
  const statements = createStatementCache(db);
  const totals = createTotalsCache(db, statements);
  const commonWords = createCommonWords(totals);
  const givenPhraseCounts = options.rankLibrary !== null;
  const topText = givenPhraseCounts && options.topText !== false;
  const read = db.transaction((query: SearchQuery): PageRows => {
    totals.startRead();
    const { current, listed, kindsListed } = state.read();
    if (current === null) throw new UnavailableError('The search index has no current generation');
    const tables = generationTables(current);
    const isCommon = commonWords.oracle(tables, query.environment);
    const plan = searchPlan(query, tables, { isCommon, givenPhraseCounts, searchLists: topText && listed.includes(current), kindLists: topText && kindsListed.includes(current) });
    const top =
      plan.topText && plan.phraseCounts
        ? readTopText(statements, tables, plan.topText, phraseCountsOf(totals, plan.phraseCounts))
        : plan.topPlaces
          ? readTopPlaces(statements, tables, plan.topPlaces)
          : null;
    return top ?? readPageRows(statements, totals, tables, plan);
  });
  return { search: (query) => read(query), noteWrite: () => totals.noteWrite(), statements };
}
