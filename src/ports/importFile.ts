// A file of businesses to import, read a batch of rows at a time (adapters/importFiles: NDJSON,
// CSV, GeoParquet). Each row comes as the text of a JSON object keyed by the file's column names:
// what an NDJSON line already is, and the cheapest form to hand to the threads that map rows to
// profiles (a string crosses threads as a copy of its bytes, an object as a clone of every part).
import type { RowProblem } from '../domain/imports/importRecord';

/** One row: its values as JSON text, or why it could not be read at all (a CSV record with too few fields). */
export interface SourceRow {
  /** Where the row is: its line in a text file, its row number in a Parquet file (1-based). */
  line: number;
  /** A JSON object keyed by column name (not checked yet: an NDJSON line may turn out not to be JSON). */
  json?: string;
  unreadable?: RowProblem;
}

export interface SourceBatch {
  rows: SourceRow[];
  /** How many rows of the file the batches so far hold (skipped ones included). */
  rowsRead: number;
  /** The share of the file read so far, 0..1 (bytes for text files, rows for Parquet). */
  fractionRead: number;
}

export interface ImportFile {
  readonly format: 'ndjson' | 'csv' | 'parquet';
  /** What `SourceRow.line` counts: text files count lines, Parquet files rows. */
  readonly position: 'line' | 'row';
  /** The rows in file order, after the first `skip` rows, `batchSize` at a time. */
  batches(options: { skip: number; batchSize: number }): AsyncIterable<SourceBatch>;
  close(): Promise<void>;
}
