// The bm25_given SQLite extension (native/bm25Given.c): FTS5's bm25() formula, fed cheaper.
// bm25() recounts each phrase's documents on every query by walking its whole doclist, merges
// every phrase's positions (grid-cell and filter tags included) and looks up each match's length;
// bm25_given takes the counts from the adapter's cache, walks only the words' positions, and
// takes the length from the documents row when the query reads it anyway, else from its own
// per-connection memory of lengths. Identical scores; the consumer benchmark's 31 index queries
// went from 68.7-70.9 to 34.6-34.7 ms summed, partner's 9 from 20.6-21.1 to 7.8-8.0 ms.
// The same library registers distance_km in C (native/distanceKm.c), replacing the JavaScript
// one that each candidate of a radius search otherwise calls across the SQLite/V8 boundary.
//
// It is compiled from source with the machine's C compiler (the one better-sqlite3's own install
// needs) against the SQLite headers better-sqlite3 ships, once, into node_modules/.cache. Where
// that fails, searches use bm25() itself and the JavaScript distance: the same results, only
// slower. No world-writable place (such as the OS temp dir) is used: a library found there could
// be anyone's code.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import type { SqliteDatabase } from '../openDatabase';
import { haversineKm } from './geo';

const LIBRARY_NAME = 'searchFunctions';
const ENTRY_POINT = 'sqlite3_searchfunctions_init';
/** Compiled into one library; bm25Given.c holds the entry point. */
const SOURCES = [
  'bm25Given.c', 'distanceKm.c',
  // The search lists and top-k text retrieval (topText.ts).
  'blockCodec.c', 'blockLists.c', 'pendingLists.c', 'documentTerms.c', 'searchLists.c', 'placeLists.c', 'postingsRuns.c',
  'listCursor.c', 'phraseCursor.c', 'topTextSpec.c', 'matchRows.c', 'placeFilter.c', 'bestMatches.c', 'maxScore.c', 'topText.c',
  // Kind and place searches near a point without words (topPlaces.ts).
  'topPlaces.c',
].map((name) => join(__dirname, 'native', name));
/** Included by the sources: part of what names a build. */
const HEADERS = [
  'blockCodec.h', 'blockLists.h', 'pendingLists.h', 'placeRecord.h', 'searchLists.h', 'documentTerms.h', 'postingsRuns.h',
  'listCursor.h', 'phraseCursor.h', 'topTextSpec.h', 'matchRows.h', 'placeFilter.h', 'bestMatches.h', 'maxScore.h', 'specReader.h',
].map((name) => join(__dirname, 'native', name));
/** Without contraction into fused multiply-adds, distance_km rounds like JavaScript (distanceKm.c). */
const FLAGS = ['-O2', '-ffp-contract=off', ...(process.platform === 'darwin' ? ['-dynamiclib'] : ['-shared', '-fPIC'])];

export type RankExtension = { library: string } | { library: null; reason: string };

let built: RankExtension | undefined;

/** The compiled library, built on first call (about 0.5 s) and reused after; or why there is none. */
export function rankExtension(): RankExtension {
  built ??= buildRankExtension();
  return built;
}

/** Registers bm25_given and distance_km (replacing one registered before) on `db`. Throws when the library cannot be loaded. */
export function loadRankExtension(db: SqliteDatabase, library: string): void {
  // better-sqlite3 takes the entry point as a second argument; its type definitions lack it.
  (db.loadExtension as (path: string, entryPoint: string) => SqliteDatabase).call(db, library, ENTRY_POINT);
}

export interface BuildOptions {
  /** C compiler; default $CC, else `cc`. */
  compiler?: string;
  /** Where the library is cached, first writable one wins; default node_modules/.cache/business-discovery-api. */
  cacheDirs?: string[];
}

/** Finds the cached library for this source, SQLite and platform, or compiles it; checks that it loads. */
export function buildRankExtension(options: BuildOptions = {}): RankExtension {
  if (process.platform === 'win32') return { library: null, reason: 'not built on Windows' };
  let packageDir: string;
  try {
    packageDir = dirname(require.resolve('better-sqlite3/package.json'));
  } catch {
    return { library: null, reason: 'better-sqlite3 is not installed' };
  }
  const headers = join(packageDir, 'deps', 'sqlite3');
  const missing = [...SOURCES, ...HEADERS].find((source) => !existsSync(source));
  if (missing !== undefined || !existsSync(join(headers, 'sqlite3ext.h'))) {
    return { library: null, reason: `source or SQLite headers missing (${missing ?? SOURCES[0]}, ${headers})` };
  }
  // The name changes with the sources, the headers (a new SQLite), the flags and the platform.
  const hash = createHash('sha256');
  for (const source of [...SOURCES, ...HEADERS]) hash.update(readFileSync(source));
  hash
    .update(readFileSync(join(headers, 'sqlite3ext.h')))
    .update(readFileSync(join(headers, 'sqlite3.h')))
    .update(`${FLAGS.join(' ')} ${process.platform}-${process.arch}`);
  const fileName = `${LIBRARY_NAME}-${hash.digest('hex').slice(0, 16)}.${process.platform === 'darwin' ? 'dylib' : 'so'}`;
  const dirs = options.cacheDirs ?? [join(packageDir, '..', '.cache', 'business-discovery-api')];
  for (const dir of dirs) {
    const cached = join(dir, fileName);
    if (existsSync(cached) && loads(cached)) return { library: cached };
  }
  const dir = dirs.find(writable);
  if (dir === undefined) return { library: null, reason: `no writable cache directory (${dirs.join(', ')})` };
  const target = join(dir, fileName);
  // Written under a private name, then renamed: another process may be building the same file.
  const partial = `${target}.${process.pid}.partial`;
  const compiler = options.compiler ?? (process.env.CC || 'cc');
  try {
    execFileSync(compiler, [...FLAGS, '-I', headers, '-o', partial, ...SOURCES, '-lm'], { stdio: 'pipe', timeout: 60_000 });
    if (!loads(partial)) throw new Error('the compiled library does not load');
    renameSync(partial, target);
    removeOlderBuilds(dir, fileName);
    return { library: target };
  } catch (error) {
    rmSync(partial, { force: true });
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
    return { library: null, reason: `${compiler} failed: ${(stderr.split('\n')[0] || (error as Error).message).slice(0, 200)}` };
  }
}

/** Whether `library` loads and registers its functions (a truncated or foreign file does not). */
function loads(library: string): boolean {
  const db = new Database(':memory:');
  try {
    loadRankExtension(db, library);
    db.exec("CREATE VIRTUAL TABLE t USING fts5(a); INSERT INTO t VALUES ('probe')");
    const scored = db.prepare(`SELECT bm25_given(t, ?, NULL) FROM t WHERE t MATCH 'probe'`).pluck().get(Buffer.from(new Float64Array([1]).buffer));
    // Paris to London: a wrong constant or formula is off by far more than the last bits.
    const km = db.prepare('SELECT distance_km(48.8566, 2.3522, 51.5074, -0.1278)').pluck().get() as number;
    const expected = haversineKm({ lat: 48.8566, lon: 2.3522 }, { lat: 51.5074, lon: -0.1278 });
    return scored !== undefined && Math.abs(km - expected) <= expected * 1e-12;
  } catch {
    return false;
  } finally {
    db.close();
  }
}

/** Builds of other sources or SQLite versions (bm25Given-: before distance_km); a process still using one keeps its open copy. */
function removeOlderBuilds(dir: string, current: string): void {
  for (const name of readdirSync(dir)) {
    if (name !== current && /^(bm25Given|searchFunctions)-[0-9a-f]{16}\.(so|dylib)$/.test(name)) rmSync(join(dir, name), { force: true });
  }
}

function writable(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
