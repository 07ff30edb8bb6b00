// The tables of one index generation (see indexState.ts for which generation is current). Names
// carry the generation instead of being renamed on swap: FTS5 shadow tables, indexes and cached
// statements all follow for free, and a reader in another process never sees a table change
// shape under it.
import type { Environment } from '../../../domain/profile';
import type { SqliteDatabase } from '../openDatabase';

export interface GenerationTables {
  generation: number;
  /** Filter and sort columns only: every candidate of a search is looked up here, so rows stay small. */
  documents: string;
  /** The document JSON by the documents row's id, read for the page alone (and by `get`). */
  json: string;
  /** One FTS table per environment: isolation is structural and no FTS query filters on it. */
  fts: Record<Environment, string>;
  /** Word postings of both environments, in blocks (native/blockLists.h), for top-k text retrieval (topText.ts). */
  postings: string;
  /** Place records by grid cell, in blocks: what that retrieval's row filters test. */
  places: string;
  /** Place records by kind and grid cell, in blocks: searches of kinds near a point (topPlaces.ts). */
  kindPlaces: string;
  /** A row per document and kind with its sort keys, indexed per kind: kind pages in sort order (kindWalk.ts). */
  kinds: string;
}

export function generationTables(generation: number): GenerationTables {
  if (!Number.isSafeInteger(generation) || generation < 1) throw new Error(`Invalid index generation ${generation}`);
  return {
    generation,
    documents: `search_documents_g${generation}`,
    json: `search_json_g${generation}`,
    fts: { live: `search_fts_live_g${generation}`, test: `search_fts_test_g${generation}` },
    postings: `search_postings_g${generation}`,
    places: `search_places_g${generation}`,
    kindPlaces: `search_kind_places_g${generation}`,
    kinds: `search_kinds_g${generation}`,
  };
}

export const ENVIRONMENTS: readonly Environment[] = ['live', 'test'];

/**
 * The FTS column order is the bm25 weight order in searchPlan.ts; `tags` (filter values and grid
 * cells, see filterTags.ts) weighs 0. Contentless with contentless_delete: the text already lives
 * in the document JSON, so storing it again (or mirroring it in external-content columns whose
 * old values must be replayed on every delete) would only double the file; we never need
 * snippet() or highlight(). Each index below serves a directory shape: a sort key, or one
 * equality filter whose COUNT(*) it covers without reading rows.
 */
/** The postal code filter's index (also added to older files by the search index's migration 4). */
export function postalKeyIndex({ documents, generation }: GenerationTables): string {
  return `CREATE INDEX IF NOT EXISTS search_by_postal_g${generation} ON ${documents} (environment, postal_key, ai_visibility_score, id)`;
}

/**
 * The documents table's secondary indexes. A rebuild creates them after its bulk insert
 * (`withIndexes: false`): one sort per index instead of a random B-tree insert per row and index.
 */
export function secondaryIndexes(tables: GenerationTables): string[] {
  const { documents: d, generation: g } = tables;
  return [
    `CREATE INDEX IF NOT EXISTS search_by_visibility_g${g} ON ${d} (environment, ai_visibility_score, id)`,
    `CREATE INDEX IF NOT EXISTS search_by_rating_g${g} ON ${d} (environment, average_rating, review_count, id)`,
    `CREATE INDEX IF NOT EXISTS search_by_name_g${g} ON ${d} (environment, name_sort, id)`,
    `CREATE INDEX IF NOT EXISTS search_by_category_g${g} ON ${d} (environment, category_norm, ai_visibility_score, id)`,
    `CREATE INDEX IF NOT EXISTS search_by_city_g${g} ON ${d} (environment, city_norm, ai_visibility_score, id)`,
    `CREATE INDEX IF NOT EXISTS search_by_state_g${g} ON ${d} (environment, state_norm, ai_visibility_score, id)`,
    `CREATE INDEX IF NOT EXISTS search_by_country_g${g} ON ${d} (environment, country_norm, verification_level)`,
    postalKeyIndex(tables),
    `CREATE INDEX IF NOT EXISTS search_by_verification_g${g} ON ${d} (environment, verification_level, ai_visibility_score, id)`,
    `CREATE INDEX IF NOT EXISTS search_by_location_g${g} ON ${d} (environment, lat, lon)`,
    ...geoCellIndexes(tables),
    ...kindIndexes(tables),
  ];
}

/**
 * A document's kinds with its sort keys (kindWalk.ts): one row per document and taxonomy key
 * (normalised as the kind filter compares it), keyed by row id so a document's rows are replaced
 * together, and indexed per kind in each sort order a listing uses. An index entry holds the key,
 * so a walk in sort order reads the row id from the index alone.
 */
export function kindsTableSql({ kinds }: GenerationTables): string {
  return `CREATE TABLE IF NOT EXISTS ${kinds} (
      row_id INTEGER NOT NULL,
      kind TEXT NOT NULL,
      environment TEXT NOT NULL,
      ai_visibility_score REAL NOT NULL,
      average_rating REAL NOT NULL,
      review_count REAL NOT NULL,
      name_sort TEXT NOT NULL,
      id TEXT NOT NULL,
      city_norm TEXT NOT NULL,
      state_norm TEXT NOT NULL,
      country_norm TEXT NOT NULL,
      verification_level TEXT NOT NULL,
      PRIMARY KEY (row_id, kind)
    ) WITHOUT ROWID`;
}

/** The documents-table columns the kinds table keeps too, so a walk tests these filters without reading the row. */
export const KIND_FILTER_COLUMNS: readonly string[] = ['city_norm', 'state_norm', 'country_norm', 'verification_level'];

/**
 * The kinds' sort orders: the documents table's visibility, rating and name indexes, per kind,
 * each holding the filter columns after its keys (a walk "cafes in Seattle" tests the city in
 * the index entry: about 0.3 us a step against 4 us for a documents row at a million).
 */
export function kindIndexes({ kinds, generation: g }: GenerationTables): string[] {
  const filters = KIND_FILTER_COLUMNS.join(', ');
  return [
    `CREATE INDEX IF NOT EXISTS search_kinds_by_visibility_g${g} ON ${kinds} (environment, kind, ai_visibility_score, id, ${filters})`,
    `CREATE INDEX IF NOT EXISTS search_kinds_by_rating_g${g} ON ${kinds} (environment, kind, average_rating, review_count, id, ${filters})`,
    `CREATE INDEX IF NOT EXISTS search_kinds_by_name_g${g} ON ${kinds} (environment, kind, name_sort, id, ${filters})`,
  ];
}

/**
 * The ring scan's indexes (distanceRings.ts), also added to older files by the search index's
 * migration 6: a circle's rows of cells are ranges of them, and lat/lon complete the distance
 * check and the count without reading the row.
 */
export function geoCellIndexes({ documents: d, generation: g }: GenerationTables): string[] {
  return [
    `CREATE INDEX IF NOT EXISTS search_by_cell_g${g} ON ${d} (environment, geo_cell, lat, lon)`,
    `CREATE INDEX IF NOT EXISTS search_by_category_cell_g${g} ON ${d} (environment, category_norm, geo_cell, lat, lon)`,
  ];
}

/**
 * The document JSON (1.5-3 KB) lives apart from the documents row (about 200 bytes): in the row
 * it spread the documents table over 1-2 rows a page, gigabytes at a million businesses, so the
 * lookup of each FTS candidate missed the cache (docs/searchAtScale.md). 100 000 businesses:
 * 196 MB of documents rows with the JSON, 23 MB without. Same row id as the documents row; also
 * run by the search index's migration 7 on older files.
 */
export function jsonTableSql({ json }: GenerationTables): string {
  return `CREATE TABLE IF NOT EXISTS ${json} (row_id INTEGER PRIMARY KEY, document TEXT NOT NULL)`;
}

/**
 * The documents table under `name` (migration 7 builds a packed copy under another name).
 * token_count: the FTS row's length in tokens, every column counted, as FTS5's docsize table
 * holds it. A search that reads the row anyway hands it to bm25_given, which otherwise looks it
 * up in docsize for every match (a fifth of the scoring time). NULL: not known, look it up.
 * opening: the schedule code time filters test (domain/search/openingFilter.ts); NULL in rows
 * written before it existed, which the filter then reads from the document JSON.
 * postal_key: postalKey of the address's postal code, for the postal code filter.
 * open_days, open_h0..open_h2: when the business can be open, as bitsets (openingMasks.ts).
 * geo_cell: the fine grid cell of lat/lon for the ring scan (distanceRings.ts); NULL without them.
 * category_keys: the category's taxonomy keys, space-separated, for ranking (which candidates are of
 * the kinds asked for) without parsing each candidate's JSON; filters use the kind tags (filterTags.ts).
 * No document JSON here (see jsonTableSql).
 */
export function documentsTableSql(name: string): string {
  return `
    CREATE TABLE ${name} (
      row_id INTEGER PRIMARY KEY,
      environment TEXT NOT NULL,
      id TEXT NOT NULL,
      category_norm TEXT NOT NULL,
      city_norm TEXT NOT NULL,
      state_norm TEXT NOT NULL,
      country_norm TEXT NOT NULL,
      verification_level TEXT NOT NULL,
      average_rating REAL NOT NULL,
      review_count REAL NOT NULL,
      completeness REAL NOT NULL,
      ai_visibility_score REAL NOT NULL,
      min_price REAL,
      lat REAL,
      lon REAL,
      name_sort TEXT NOT NULL,
      token_count INTEGER,
      opening TEXT,
      postal_key TEXT,
      open_days INTEGER,
      open_h0 INTEGER,
      open_h1 INTEGER,
      open_h2 INTEGER,
      geo_cell INTEGER,
      category_keys TEXT,
      UNIQUE (environment, id)
    )`;
}

/**
 * The search lists (native/blockLists.h): a list's blocks are keyed by the list, a cell and their
 * first row id, so reading a list cell by cell in row id order is one index range. Postings lists
 * are named "<environment letter>:<token>" and cut by the documents' 0.1-degree cells
 * (searchListsWriter.ts postingsCell); place lists are named by their 0.01-degree cell
 * (placeRecord.ts placesList), cell 0.
 */
export function searchListsTablesSql({ postings, places }: GenerationTables): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${postings} (list TEXT NOT NULL, cell INTEGER NOT NULL, first_row INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (list, cell, first_row)) WITHOUT ROWID`,
    `CREATE TABLE IF NOT EXISTS ${places} (list INTEGER NOT NULL, cell INTEGER NOT NULL, first_row INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (list, cell, first_row)) WITHOUT ROWID`,
  ];
}

/**
 * The kind place lists ("<environment letter>:<kind>", by 0.01-degree cell: topPlacesPlan.ts
 * kindPlacesList) and the kinds table (kindsTableSql). Part of the search lists: a generation is
 * listed (indexState.ts) only when a writer with the native library wrote all of them.
 */
export function kindTablesSql(tables: GenerationTables): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${tables.kindPlaces} (list TEXT NOT NULL, cell INTEGER NOT NULL, first_row INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (list, cell, first_row)) WITHOUT ROWID`,
    kindsTableSql(tables),
  ];
}

export function createGenerationTables(db: SqliteDatabase, tables: GenerationTables, { withIndexes = true } = {}): void {
  db.exec(documentsTableSql(tables.documents));
  db.exec(jsonTableSql(tables));
  for (const sql of searchListsTablesSql(tables)) db.exec(sql);
  for (const sql of kindTablesSql(tables)) db.exec(sql);
  for (const environment of ENVIRONMENTS) {
    db.exec(`
      CREATE VIRTUAL TABLE ${tables.fts[environment]} USING fts5(
        name, category, services, tagline, description, exclusive, tags,
        tokenize = 'porter unicode61 remove_diacritics 2',
        content = '', contentless_delete = 1
      );
    `);
  }
  if (withIndexes) for (const sql of secondaryIndexes(tables)) db.exec(sql);
}

/** Dropping an FTS5 table drops its shadow tables; dropping the documents table drops its indexes. */
export function dropGenerationTables(db: SqliteDatabase, tables: GenerationTables): void {
  for (const environment of ENVIRONMENTS) db.exec(`DROP TABLE IF EXISTS ${tables.fts[environment]}`);
  db.exec(`DROP TABLE IF EXISTS ${tables.documents}`);
  db.exec(`DROP TABLE IF EXISTS ${tables.json}`);
  db.exec(`DROP TABLE IF EXISTS ${tables.postings}`);
  db.exec(`DROP TABLE IF EXISTS ${tables.places}`);
  db.exec(`DROP TABLE IF EXISTS ${tables.kindPlaces}`);
  db.exec(`DROP TABLE IF EXISTS ${tables.kinds}`);
}

/** Generations present in the file: the current one plus any left by a rebuild that crashed. */
export function existingGenerations(db: SqliteDatabase): number[] {
  const names = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'search_%'`)
    .pluck()
    .all() as string[];
  const generations = new Set<number>();
  for (const name of names) {
    const match = /^search_(?:documents|json|fts_live|fts_test|postings|places|kind_places|kinds)_g(\d+)$/.exec(name);
    if (match) generations.add(Number(match[1]));
  }
  return [...generations].sort((a, b) => a - b);
}
