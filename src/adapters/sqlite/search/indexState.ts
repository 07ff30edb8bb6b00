// Which generation answers searches, which one a rebuild is filling, and which documents live
// writes touched while it fills. Kept in the database, not in memory, because the API and a
// separate `npm run reindex` (or `npm run indexer`) process may share the index file: every
// reader and writer looks the pointer up inside its own transaction.
import type { Statement } from 'better-sqlite3';
import type { Environment } from '../../../domain/profile';
import { postalKey } from '../../../ports/searchIndex';
import type { Migration, SqliteDatabase } from '../openDatabase';
import { geoCellOf } from './distanceRings';
import { addCategoryKinds } from './kindMigration';
import {
  documentsTableSql, existingGenerations, generationTables, geoCellIndexes, jsonTableSql, kindIndexes, kindTablesSql, postalKeyIndex, searchListsTablesSql,
} from './indexTables';

export const SEARCH_INDEX_COMPONENT = 'searchIndex';

/** search_index_state key prefix of a generation whose search lists are complete (value: their layout). */
const LISTED_KEY = 'lists_g';
/** The same for its kind lists (the kind place lists and the kinds table). */
const KINDS_LISTED_KEY = 'kinds_g';

/**
 * The layout of the search lists (native/blockLists.h, native/placeRecord.h). A generation whose
 * lists were written in another layout is not read by top-k retrieval (its SQL plans answer)
 * until a rebuild writes them anew: bump it with any change to either file's layout that top-k
 * retrieval reads.
 */
export const SEARCH_LISTS_LAYOUT = 1;

/**
 * The layout of the kind lists: the kind place lists, the kinds table, and the place record's
 * verification level, which only kind and place searches read (topPlaces.ts, kindWalk.ts).
 * Marked apart from the search lists, so a generation written before them keeps top-k text
 * retrieval while its kind searches keep the SQL plans until the next rebuild.
 */
export const KIND_LISTS_LAYOUT = 1;

/** The migration that moves the document JSON into its own table (it frees the old table's pages). */
export const SEPARATE_JSON_MIGRATION = 7;

/**
 * The migration that adds the search lists' tables (empty until the next rebuild fills them).
 * A later migration that rewrites FTS rows must also clear the lists' marks (setListed false).
 */
export const SEARCH_LISTS_MIGRATION = 9;

/** The migration that adds the kind place lists and the kinds table (empty until the next rebuild fills them). */
export const KIND_LISTS_MIGRATION = 10;

export const SEARCH_INDEX_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'generation pointer and rebuild bookkeeping',
    up: `
      CREATE TABLE search_index_state (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
      CREATE TABLE search_rebuild_touched (
        environment TEXT NOT NULL,
        id TEXT NOT NULL,
        PRIMARY KEY (environment, id)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 2,
    name: 'documents carry their FTS row length (token_count)',
    // Rows written before stay NULL, which bm25_given reads as "look it up": the same scores
    // without a rewrite; the next reindex fills every row.
    up: addDocumentsColumn('token_count INTEGER'),
  },
  {
    version: 3,
    name: 'documents carry their opening schedule code (opening)',
    // Rows written before stay NULL: the time filter then encodes the schedule from the document
    // (same answers, slower); the next reindex fills every row.
    up: addDocumentsColumn('opening TEXT'),
  },
  {
    version: 4,
    name: 'documents carry their postal key (postal_key), indexed',
    // The filter compares the column alone, so rows written before get their value now, from
    // their documents: about a second per 100 000 businesses, once.
    up: (db) => {
      addDocumentsColumn('postal_key TEXT')(db);
      for (const generation of existingGenerations(db)) {
        const tables = generationTables(generation);
        const { documents } = tables;
        // Only the code is read, not every whole document at once. Migration 7 runs after this
        // one, so the JSON is still in the documents table here.
        const rows = db
          .prepare(`SELECT row_id AS rowId, json_extract(document, '$.address.postalCode') AS code FROM ${documents} WHERE postal_key IS NULL`)
          .all() as Array<{ rowId: number; code: unknown }>;
        const fill = db.prepare(`UPDATE ${documents} SET postal_key = ? WHERE row_id = ?`);
        for (const { rowId, code } of rows) fill.run(postalKey(String(code ?? '')), rowId);
        db.exec(postalKeyIndex(tables));
      }
    },
  },
  {
    version: 5,
    name: 'documents carry when they can be open, as bitsets (open_days, open_h0..open_h2)',
    // Rows written before stay NULL, which every time filter lets through to the exact check
    // (openingMasks.ts): the same answers as before, without the prefilter, until a reindex.
    up: (db) => {
      for (const column of ['open_days', 'open_h0', 'open_h1', 'open_h2']) addDocumentsColumn(`${column} INTEGER`)(db);
    },
  },
  {
    version: 6,
    name: 'documents carry their fine grid cell (geo_cell), indexed for the ring scan',
    // A distance page reads the cells' index ranges (distanceRings.ts), so rows written before
    // get their cell now, from their columns: about a second per 100 000 businesses, once.
    up: (db) => {
      addDocumentsColumn('geo_cell INTEGER')(db);
      for (const generation of existingGenerations(db)) {
        const tables = generationTables(generation);
        const located = db
          .prepare(`SELECT row_id AS rowId, lat, lon FROM ${tables.documents} WHERE geo_cell IS NULL AND lat IS NOT NULL AND lon IS NOT NULL`)
          .all() as Array<{ rowId: number; lat: number; lon: number }>;
        const fill = db.prepare(`UPDATE ${tables.documents} SET geo_cell = ? WHERE row_id = ?`);
        for (const { rowId, lat, lon } of located) fill.run(geoCellOf({ lat, lon }), rowId);
        for (const sql of geoCellIndexes(tables)) db.exec(sql);
      }
    },
  },
  {
    version: SEPARATE_JSON_MIGRATION,
    name: 'the document JSON moves out of the documents table into its own (search_json_gN)',
    // Slim documents rows keep the table searches read per candidate small enough to stay in
    // cache (indexTables.ts jsonTableSql). Not ALTER TABLE ... DROP COLUMN: it rewrites each row
    // in place, so the table kept every page it had, each now holding one or two short rows
    // (measured at 100 000 businesses: 50 126 pages, 196 MB, before and after; 3 s). A packed
    // copy of the rows takes its place instead (5 991 pages, 23 MB) and the indexes the table had
    // are built again on it: 5 to 8 s per 100 000 businesses in all (measured at 100 000 and
    // 300 000, 2 cores, load average 2-4), once, at the first open. The old table's pages are
    // handed back afterwards in the background (sqliteSearchIndex.ts; 7 s at 300 000).
    up: (db) => {
      for (const generation of existingGenerations(db)) {
        const tables = generationTables(generation);
        const { documents, json } = tables;
        db.exec(jsonTableSql(tables));
        const columns = tableColumns(db, documents);
        if (!columns.includes('document')) continue;
        db.exec(`INSERT INTO ${json} (row_id, document) SELECT row_id, document FROM ${documents}`);
        const indexes = db
          .prepare(`SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL`)
          .pluck()
          .all(documents) as string[];
        const packed = `${documents}_packed`;
        db.exec(documentsTableSql(packed));
        const kept = tableColumns(db, packed).filter((column) => columns.includes(column)).join(', ');
        db.exec(`INSERT INTO ${packed} (${kept}) SELECT ${kept} FROM ${documents} ORDER BY row_id`);
        db.exec(`DROP TABLE ${documents}`);
        db.exec(`ALTER TABLE ${packed} RENAME TO ${documents}`);
        for (const sql of indexes) db.exec(sql);
      }
    },
  },
  {
    version: 8,
    name: 'documents carry their category taxonomy keys (kind tags) and kinds\' names (category text)',
    up: addCategoryKinds,
  },
  {
    version: SEARCH_LISTS_MIGRATION,
    name: 'search lists for top-k text retrieval (search_postings_gN, search_places_gN)',
    // Empty tables, not marked complete: text searches keep the SQL plans until the next rebuild
    // (`npm run reindex`) writes the lists of every row (topText.ts, docs/searchAtScale.md).
    up: (db) => {
      for (const generation of existingGenerations(db)) {
        for (const sql of searchListsTablesSql(generationTables(generation))) db.exec(sql);
      }
    },
  },
  {
    version: KIND_LISTS_MIGRATION,
    name: 'kind place lists and kinds in sort order (search_kind_places_gN, search_kinds_gN)',
    // Empty, and not marked complete (KIND_LISTS_LAYOUT; place records written before carry no
    // verification level): kind searches keep the SQL plans until the next rebuild writes every
    // list (`npm run reindex`). Top-k text retrieval goes on reading the search lists.
    up: (db) => {
      for (const generation of existingGenerations(db)) {
        const tables = generationTables(generation);
        for (const sql of [...kindTablesSql(tables), ...kindIndexes(tables)]) db.exec(sql);
      }
    },
  },
];

function tableColumns(db: SqliteDatabase, table: string): string[] {
  return db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[];
}

/** Adds a nullable column to the documents table of every generation that lacks it. */
function addDocumentsColumn(definition: string): (db: SqliteDatabase) => void {
  const column = definition.split(' ')[0];
  return (db) => {
    for (const generation of existingGenerations(db)) {
      const { documents } = generationTables(generation);
      const columns = tableColumns(db, documents);
      if (columns.length > 0 && !columns.includes(column)) db.exec(`ALTER TABLE ${documents} ADD COLUMN ${definition}`);
    }
  };
}

export interface Generations {
  current: number | null;
  /** The generation a rebuild is filling, if one is running (or crashed: see rebuild). */
  building: number | null;
  /** Generations whose search lists hold every row (searchListsWriter.ts): top-k text retrieval may read them. */
  listed: number[];
  /** Generations whose kind lists hold every row too: kind and place searches may read them. */
  kindsListed: number[];
}

export interface IndexState {
  read(): Generations;
  setCurrent(generation: number): void;
  setBuilding(generation: number | null): void;
  /**
   * Whether every write to `generation` also wrote its search lists and kind lists: set when it is
   * created by a writer that keeps them, cleared by any write of one that does not (no native library).
   */
  setListed(generation: number, listed: boolean): void;
  /** A live write during a rebuild: the rebuild's own (older) copy of this document must not win. */
  markTouched(environment: Environment, id: string): void;
  isTouched(environment: Environment, id: string): boolean;
  clearTouched(): void;
}

export function createIndexState(db: SqliteDatabase): IndexState {
  const readAll = db.prepare(`SELECT key, value FROM search_index_state`) as Statement<[], { key: string; value: number }>;
  const write = db.prepare(
    `INSERT INTO search_index_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  );
  const remove = db.prepare(`DELETE FROM search_index_state WHERE key = ?`);
  const touch = db.prepare(`INSERT OR IGNORE INTO search_rebuild_touched (environment, id) VALUES (?, ?)`);
  const touched = db.prepare(`SELECT 1 FROM search_rebuild_touched WHERE environment = ? AND id = ?`).pluck();
  const clear = db.prepare(`DELETE FROM search_rebuild_touched`);

  return {
    read() {
      const generations: Generations = { current: null, building: null, listed: [], kindsListed: [] };
      for (const { key, value } of readAll.all()) {
        if (key === 'generation') generations.current = value;
        if (key === 'building') generations.building = value;
        if (key.startsWith(LISTED_KEY) && value === SEARCH_LISTS_LAYOUT) generations.listed.push(Number(key.slice(LISTED_KEY.length)));
        if (key.startsWith(KINDS_LISTED_KEY) && value === KIND_LISTS_LAYOUT) generations.kindsListed.push(Number(key.slice(KINDS_LISTED_KEY.length)));
      }
      return generations;
    },
    setCurrent(generation) {
      write.run('generation', generation);
    },
    setBuilding(generation) {
      if (generation === null) remove.run('building');
      else write.run('building', generation);
    },
    setListed(generation, listed) {
      if (listed) {
        write.run(`${LISTED_KEY}${generation}`, SEARCH_LISTS_LAYOUT);
        write.run(`${KINDS_LISTED_KEY}${generation}`, KIND_LISTS_LAYOUT);
      } else {
        remove.run(`${LISTED_KEY}${generation}`);
        remove.run(`${KINDS_LISTED_KEY}${generation}`);
      }
    },
    markTouched(environment, id) {
      touch.run(environment, id);
    },
    isTouched(environment, id) {
      return touched.get(environment, id) !== undefined;
    },
    clearTouched() {
      clear.run();
    },
  };
}
