// Keeps a generation's search lists (native/blockLists.h: word postings and place records, read
// by top-k text retrieval, topText.ts; place records by kind, read by kind and place searches,
// topPlaces.ts) in step with its rows, in the writer's transaction. A rebuild's new rows are
// buffered in the native library (place records one by one, postings as each slice's sorted run,
// postingsRun.ts) and written as whole blocks every LISTS_FLUSH_EVERY rows and at the end; a
// buffered row that another writer changed or deleted meanwhile (a live change during the
// rebuild, marked in search_rebuild_touched) is left out of the flush, because that writer
// already wrote its lists.
import type { Environment } from '../../../domain/profile';
import type { SearchDocument } from '../../../ports/searchIndex';
import type { SqliteDatabase } from '../openDatabase';
import { geoCellOf } from './distanceRings';
import { type DocumentRow, type FtsRow, ftsRow } from './documentRow';
import type { GenerationTables } from './indexTables';
import { placesList, postingsCell } from './placeRecord';
import { kindPlacesList } from './topPlacesPlan';

/** A document's kind place lists, each once (two keys may normalise alike). */
const kindLists = (document: SearchDocument): Set<string> => new Set((document.categoryKeys ?? []).map((key) => kindPlacesList(document.environment, key)));

/** Rows a rebuild buffers between flushes by default: about 40 MB of postings at the benchmark's documents. */
export const LISTS_FLUSH_EVERY = 50_000;

export interface ListedDocument {
  document: SearchDocument;
  row: DocumentRow;
  text: FtsRow;
  /** Its place record (placeRecord.ts), null without coordinates. */
  place: Buffer | null;
  rowId: number;
  tokenCount: number;
}

/** A row of a run's document (native/postingsRuns.h RunRow): null when the run does not write its postings. */
export type RunRow = { rowId: number; tokenCount: number } | null;

export interface SearchListsWriter {
  /**
   * bulk: a new row of a rebuild, above every row written before it: its place records are
   * buffered, and its postings come with its slice's run (addRun).
   */
  insert(listed: ListedDocument, bulk: boolean): void;
  /** A rebuild slice's postings run (postingsRun.ts) and the row of each of its documents. */
  addRun(run: Buffer, rows: readonly RunRow[]): void;
  /** Takes the row's entries out, as its document (JSON) was written. */
  remove(environment: Environment, rowId: number, writtenJson: string | null): void;
  flush(): void;
  discard(): void;
}

export function createSearchListsWriter(db: SqliteDatabase, tables: GenerationTables, flushEvery: number = LISTS_FLUSH_EVERY): SearchListsWriter {
  const { postings, places, kindPlaces, documents } = tables;
  const text = '@name, @category, @services, @tagline, @description, @exclusive, @tags';
  const insertPostings = db.prepare(`SELECT postings_insert(@postings, @environment, @rowId, @tokenCount, 0, @cell, ${text})`);
  const addRun = db.prepare('SELECT postings_add_run(?, ?, ?)');
  const deletePostings = db.prepare(`SELECT postings_delete(@postings, @environment, @rowId, @cell, ${text})`);
  const insertPlace = db.prepare('SELECT places_insert(?, ?, ?, ?, ?, ?)');
  const deletePlace = db.prepare('SELECT places_delete(?, ?, ?, ?)');
  const flushTable = db.prepare('SELECT search_lists_flush(?, ?)');
  const discardTable = db.prepare('SELECT search_lists_discard(?)');
  const presentRows = db.prepare(`SELECT row_id FROM ${documents} WHERE row_id BETWEEN ? AND ?`).pluck();
  const touchedRows = db
    .prepare(
      `SELECT d.row_id FROM search_rebuild_touched AS t JOIN ${documents} AS d ON d.environment = t.environment AND d.id = t.id ` +
        'WHERE d.row_id BETWEEN ? AND ?',
    )
    .pluck();
  /** Rows buffered since the last flush, in increasing order. */
  let buffered: number[] = [];

  const flush = (): void => {
    if (buffered.length === 0) return;
    const from = buffered[0];
    const to = buffered[buffered.length - 1];
    const present = new Set(presentRows.all(from, to) as number[]);
    const touched = new Set(touchedRows.all(from, to) as number[]);
    const skip = BigInt64Array.from(buffered.filter((rowId) => !present.has(rowId) || touched.has(rowId)), BigInt);
    const skipBlob = Buffer.from(skip.buffer, skip.byteOffset, skip.byteLength);
    flushTable.get(postings, skipBlob);
    flushTable.get(places, skipBlob);
    flushTable.get(kindPlaces, skipBlob);
    buffered = [];
  };

  return {
    insert({ document, row, text: columns, place, rowId, tokenCount }, bulk) {
      if (!bulk) {
        flush();
        insertPostings.get({ ...columns, postings, environment: document.environment, rowId, tokenCount, cell: postingsCell(document.coordinates) });
      }
      if (place !== null) {
        insertPlace.get(places, placesList(document.environment, row.geoCell as number), 0, rowId, place, bulk ? 1 : 0);
        for (const kind of kindLists(document)) insertPlace.get(kindPlaces, kind, row.geoCell, rowId, place, bulk ? 1 : 0);
      }
      if (bulk) buffered.push(rowId);
    },
    addRun(run, rows) {
      const runRows = new BigInt64Array(2 * rows.length);
      rows.forEach((written, i) => {
        runRows[2 * i] = BigInt(written?.rowId ?? -1);
        runRows[2 * i + 1] = BigInt(written?.tokenCount ?? 0);
      });
      addRun.get(postings, run, Buffer.from(runRows.buffer, runRows.byteOffset, runRows.byteLength));
      // After the run: its rows' postings are flushed with their place records, and skipped alike.
      if (buffered.length >= flushEvery) flush();
    },
    remove(environment, rowId, writtenJson) {
      flush();
      // Every row has its JSON (indexTables.ts); without it the entries to remove are unknown.
      if (writtenJson === null) throw new Error(`The search index row ${rowId} has no document JSON`);
      const written = JSON.parse(writtenJson) as SearchDocument;
      deletePostings.get({ ...ftsRow(written), postings, environment, rowId, cell: postingsCell(written.coordinates) });
      if (written.coordinates) {
        const cell = geoCellOf(written.coordinates);
        deletePlace.get(places, placesList(environment, cell), 0, rowId);
        for (const kind of kindLists(written)) deletePlace.get(kindPlaces, kind, cell, rowId);
      }
    },
    flush,
    discard() {
      discardTable.get(postings);
      discardTable.get(places);
      discardTable.get(kindPlaces);
      buffered = [];
    },
  };
}
